/** Router state the members page shows once (a reload does not repeat it): `{ notice }`. */
export const PASSWORD_RESET_NOTICE = 'password-reset';
