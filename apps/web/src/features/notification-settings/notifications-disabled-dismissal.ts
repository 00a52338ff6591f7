/**
 * Spec section 4: "Alerts (…, disabled notifications) are dismissible and the dismissal is
 * remembered". Remembered in this browser per member and reason (the spec asks only that it is
 * stored); the keys start with this prefix.
 */
export const dismissedPrefix = (userId: number) => `notifications-disabled-dismissed:${userId}:`;
