/**
 * The features that contribute to "Download my data". Each import registers its part; a new
 * feature that stores personal data (likes, messages, payments) adds its schema to
 * packages/shared/src/contracts/personal-data.ts, its own personal-data.ts, and one line here.
 *
 * This list lives outside features/ (app.ts imports it): the features import the registry of
 * features/personal-data, so the registry importing them back would be an import circle
 * (decision 021, db/boundaries.test.ts).
 */
import './features/accounts/personal-data';
import './features/profiles/personal-data';
import './features/photos/personal-data';
import './features/reports/personal-data';
import './features/complaints/personal-data';
import './features/credits/personal-data';
import './features/likes/personal-data';
import './features/chats/personal-data';
import './features/payments/receipts/personal-data';
import './features/operator-console/personal-data';
import './features/notifications/personal-data';
import './features/push/personal-data';
import './features/campaigns/personal-data';
import './features/traffic/personal-data';
import './features/postbacks/personal-data';
import { registerBlocksDataExport } from './features/blocks/personal-data';
import { profilesForBlocks } from './features/profiles/for-blocks';

// Blocks is handed profiles' answers (it cannot import profiles, decision 021), so its part is called.
registerBlocksDataExport(profilesForBlocks);
