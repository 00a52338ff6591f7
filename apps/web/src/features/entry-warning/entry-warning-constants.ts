export const LEAVE_SITE_URL = 'https://www.google.com';
