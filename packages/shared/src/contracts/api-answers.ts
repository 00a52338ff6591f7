import type { z } from 'zod';
import { ZMailChangeAnswer, ZNotMeAnswer, ZOkAnswer, ZSentAnswer, ZUserAnswer, ZUserOrNullAnswer } from './accounts';
import { ZBlockList } from './blocks';
import { ZCompanyInfo, ZInterests, ZRegions, ZSettings } from './contracts';
import { ZPhotoDeletedAnswer, ZPhotosAnswer, ZPhotoUploadAnswer } from './photos';
import { ZBlockAnswer, ZGeocodeAnswer, ZMemberAnswer, ZOwnProfileAnswer, ZSearchAnswer } from './profiles';
import { ZReportAnswer } from './reports';
import { ZComplaintAnswer } from './complaints';
import { ZPartnerRedirectAnswer, ZPublicPromoTilesAnswer } from './promotions';
import { ZCreditHistoryAnswer } from './credits';
import { ZPersonalDataExport } from './personal-data';
import { ZAutoLikeAnswer, ZLikeAnswer, ZLikesAnswer, ZLikesPageAnswer, ZSuggestionsAnswer, ZSwipeStackAnswer } from './likes';
import { ZChatAnswer, ZChatsAnswer, ZSendMessageAnswer } from './chats';
import { ZAppealAnswer, ZDecisionLinkAnswer, ZMemberDecisions } from './moderation';
import { ZNotificationSettingsAnswer, ZUnsubscribeAnswer } from './notifications';
import { ZCreatePaymentAnswer, ZLastOrderAnswer, ZPackagesAnswer, ZTransactionAnswer } from './payments';
import { ZPushSubscriptionAnswer } from './push';

/**
 * The success answer of each JSON call, keyed 'METHOD /api/x.php': the same schema object the
 * server's route validates its answer with (apps/server/src/api-answers.test.ts proves it). The
 * web tests parse every stubbed answer with it, so a stub cannot drift from the server. Errors
 * are ZApiError everywhere. A call without an entry cannot be stubbed: add it here first.
 */
export const API_ANSWERS = {
  'GET /api/settings.php': ZSettings,
  'GET /api/companyinfo.php': ZCompanyInfo,
  'GET /api/interests.php': ZInterests,
  'GET /api/regions.php': ZRegions,
  'GET /api/user.php': ZUserOrNullAnswer,
  'POST /api/user.php': ZUserAnswer,
  'PUT /api/user.php': ZUserAnswer,
  // The push subscription shares the login's path; the query flag tells them apart (decision 040).
  'POST /api/user.php?push=1': ZPushSubscriptionAnswer,
  'POST /api/logout.php': ZOkAnswer,
  'POST /api/signup.php': ZUserAnswer,
  'POST /api/activation-mail.php': ZSentAnswer,
  'POST /api/reset-password.php': ZSentAnswer,
  'POST /api/reset-password-do.php': ZUserAnswer,
  'POST /api/password.php': ZOkAnswer,
  'POST /api/email.php': ZUserAnswer,
  'POST /api/mail-change-do.php': ZMailChangeAnswer,
  'POST /api/consent.php': ZUserAnswer,
  'POST /api/not-me.php': ZNotMeAnswer,
  'POST /api/delete-account.php': ZOkAnswer,
  'POST /api/reactivation-mail.php': ZSentAnswer,
  'GET /api/profile.php': ZOwnProfileAnswer,
  'PUT /api/profile.php': ZOwnProfileAnswer,
  'GET /api/member.php': ZMemberAnswer,
  'GET /api/search.php': ZSearchAnswer,
  'POST /api/block.php': ZBlockAnswer,
  'DELETE /api/block.php': ZBlockAnswer,
  'GET /api/blocks.php': ZBlockList,
  'POST /api/report.php': ZReportAnswer,
  'GET /api/credits-history.php': ZCreditHistoryAnswer,
  'GET /api/geocode.php': ZGeocodeAnswer,
  'GET /api/photos.php': ZPhotosAnswer,
  'POST /api/photos.php': ZPhotoUploadAnswer,
  'POST /api/photo-main.php': ZPhotosAnswer,
  'DELETE /api/photo.php': ZPhotoDeletedAnswer,
  'GET /api/personal-data.php': ZPersonalDataExport,
  'GET /api/likes.php': ZLikesAnswer,
  'GET /api/notification-settings.php': ZNotificationSettingsAnswer,
  'PUT /api/notification-settings.php': ZNotificationSettingsAnswer,
  'POST /api/notifications-enable.php': ZNotificationSettingsAnswer,
  'POST /api/unsubscribe.php': ZUnsubscribeAnswer,
  'POST /api/like.php': ZLikeAnswer,
  'DELETE /api/like.php': ZLikeAnswer,
  'POST /api/likes-seen.php': ZOkAnswer,
  'GET /api/likes-page.php': ZLikesPageAnswer,
  'GET /api/swipe-stack.php': ZSwipeStackAnswer,
  'POST /api/pass.php': ZOkAnswer,
  'GET /api/match-finder.php': ZSuggestionsAnswer,
  'GET /api/signup-matches.php': ZSuggestionsAnswer,
  'GET /api/auto-like.php': ZAutoLikeAnswer,
  'GET /api/chats.php': ZChatsAnswer,
  'GET /api/chat.php': ZChatAnswer,
  'POST /api/message.php': ZSendMessageAnswer,
  'POST /api/message-image.php': ZSendMessageAnswer,
  'POST /api/chat-read.php': ZOkAnswer,
  'DELETE /api/chat.php': ZOkAnswer,
  'POST /api/message-report.php': ZReportAnswer,
  'GET /api/decisions.php': ZMemberDecisions,
  'POST /api/appeal.php': ZAppealAnswer,
  'GET /api/decision-link.php': ZDecisionLinkAnswer,
  'POST /api/decision-link.php': ZAppealAnswer,
  'GET /api/credit-packages.php': ZPackagesAnswer,
  'POST /api/payment.php': ZCreatePaymentAnswer,
  'GET /api/repeat-order.php': ZLastOrderAnswer,
  'POST /api/repeat-order.php': ZCreatePaymentAnswer,
  'GET /api/transaction.php': ZTransactionAnswer,
  'POST /api/complaint.php': ZComplaintAnswer,
  'GET /api/promo-tiles.php': ZPublicPromoTilesAnswer,
  'GET /api/partner-redirect.php': ZPartnerRedirectAnswer,
} as const satisfies Record<string, z.ZodType>;

export type ApiCall = keyof typeof API_ANSWERS;

/** The success answer schema of 'METHOD /api/x.php', or undefined for a call without one. */
export function answerSchemaOf(call: string): z.ZodType | undefined {
  return Object.hasOwn(API_ANSWERS, call) ? API_ANSWERS[call as ApiCall] : undefined;
}
