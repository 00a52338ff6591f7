/**
 * The features that contribute to "Download my data". Each import registers its part; a new
 * feature that stores personal data (likes, messages, payments) adds its schema to
 * packages/shared/src/personal-data.ts, its own personal-data.ts, and one line here.
 */
import '../accounts/personal-data';
import '../profiles/personal-data';
import '../photos/personal-data';
import '../blocks/personal-data';
import '../reports/personal-data';
import './credit-history-until-ledger';
