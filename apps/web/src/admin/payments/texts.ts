/**
 * The finance screens' texts (issue 14), English like the rest of the back office: added to the
 * back office's i18next instance as the 'payments' namespace when one of these screens loads.
 */
import { adminI18n } from '../i18n';
import payments from './en.json';

if (!adminI18n.hasResourceBundle('en', 'payments')) adminI18n.addResourceBundle('en', 'payments', payments);

export const PAYMENTS_NS = 'payments';
