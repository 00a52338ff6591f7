/**
 * The back office's texts (issue 13): English first, one catalogue per area of the back office
 * (an i18next namespace each), so the members' catalogues do not grow. Another language is a
 * second set of these files.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import common from './common.en.json';
import staff from './staff/en.json';
import photos from './photos/en.json';
import reports from './reports/en.json';
import members from './members/en.json';
import sites from './sites/en.json';
import fictional from './fictional/en.json';
import dashboard from './dashboard/en.json';
import traffic from './traffic/en.json';
import audit from './audit/en.json';
import operator from './operator/en.json';
import campaigns from './campaigns/en.json';
import postbacks from './postbacks/en.json';
import promotions from './sites/promotions.en.json';

export const ADMIN_NAMESPACES = {
  common,
  staff,
  photos,
  reports,
  members,
  sites,
  fictional,
  dashboard,
  traffic,
  audit,
  operator,
  campaigns,
  promotions,
  postbacks,
};

export const adminI18n = i18next.createInstance();

void adminI18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  defaultNS: 'common',
  ns: Object.keys(ADMIN_NAMESPACES),
  resources: { en: ADMIN_NAMESPACES },
  interpolation: { escapeValue: false },
  // Explicit, as in the member app (i18n/i18n.ts): spares every t() call i18next's natural-language test.
  keySeparator: '.',
  nsSeparator: ':',
  react: { useSuspense: false },
  initAsync: false,
});
