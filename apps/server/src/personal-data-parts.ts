/**
 * The features' parts of "Download my data", one for every name of the contract
 * (packages/shared/src/contracts/personal-data.ts): a part missing here fails the typecheck. A new
 * feature that stores personal data adds its schema to the contract, its own personal-data.ts, and
 * one line here.
 *
 * This list lives outside features/ (build-context.ts hands it to the routes of features/personal-data): the
 * features import that feature's types, so it importing them back would be an import circle
 * (decision 021, db/boundaries.test.ts).
 */
import type { DataExportParts } from './features/personal-data/registry';
import { accountDataPart, consentsDataPart } from './features/accounts/personal-data';
import { profileDataPart } from './features/profiles/personal-data';
import { photosDataPart } from './features/photos/personal-data';
import { reportsDataPart } from './features/reports/personal-data';
import { complaintsDataPart } from './features/complaints/personal-data';
import { creditHistoryDataPart } from './features/credits/personal-data';
import { likesDataPart } from './features/likes/personal-data';
import { chatsDataPart } from './features/chats/personal-data';
import { ordersDataPart } from './features/payments/receipts/personal-data';
import { operatorCareDataPart } from './features/operator-console/personal-data';
import { notificationsDataPart } from './features/notifications/personal-data';
import { pushDevicesDataPart } from './features/push/personal-data';
import { campaignMailsDataPart } from './features/campaigns/personal-data';
import { trafficSourceDataPart } from './features/traffic/personal-data';
import { conversionReportsDataPart } from './features/postbacks/personal-data';
import { blocksDataPart } from './features/blocks/personal-data';
import { profilesForBlocks } from './features/profiles/for-blocks';

export const personalDataParts: DataExportParts = {
  ...accountDataPart,
  ...consentsDataPart,
  ...profileDataPart,
  ...photosDataPart,
  ...reportsDataPart,
  ...complaintsDataPart,
  ...creditHistoryDataPart,
  ...likesDataPart,
  ...chatsDataPart,
  ...ordersDataPart,
  ...operatorCareDataPart,
  ...notificationsDataPart,
  ...pushDevicesDataPart,
  ...campaignMailsDataPart,
  ...trafficSourceDataPart,
  ...conversionReportsDataPart,
  // Blocks is handed profiles' answers (it cannot import profiles, decision 021).
  ...blocksDataPart(profilesForBlocks),
};
