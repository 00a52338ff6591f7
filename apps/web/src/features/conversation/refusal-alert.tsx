import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FREE_CONVERSATIONS_STARTED } from '@cupido/shared/rules/chats';
import { routePath } from '@cupido/shared/rules/routes';
import { CONVERSATION_NS } from './conversation-texts';
import type { OutboxRefusal } from './outbox';

/**
 * Why the last message was not sent (spec section 8): not enough credits (with Buy credits; a
 * text is back in the box, and the alert says so), the premium-only alert (with Get Premium), or the server's own words
 * (partner not confirmed, blocked, too many messages...).
 */
export function RefusalAlert({
  refusal,
  textKept = false,
  onDismiss,
}: {
  refusal: OutboxRefusal;
  textKept?: boolean;
  onDismiss: () => void;
}) {
  const { t } = useTranslation(CONVERSATION_NS);
  const insufficient = refusal.code === 'insufficient_credits' || refusal.status === 402;
  const premiumOnly = refusal.code === 'premium_only';
  return (
    <div
      id="chat-refusal"
      className={`chat-refusal alert ${insufficient || premiumOnly ? 'alert-warning' : 'alert-danger'} d-flex align-items-start gap-2 mb-0`}
      role="alert"
    >
      <div className="flex-grow-1">
        <p className="mb-2">
          {insufficient
            ? t(textKept ? 'refusal.insufficientCredits' : 'refusal.insufficientCreditsItem')
            : premiumOnly
              ? t('refusal.premiumOnly', { limit: FREE_CONVERSATIONS_STARTED })
              : refusal.message}
        </p>
        {insufficient && (
          <Link id="chat-buy-credits" to={routePath('credits')} className="btn btn-primary btn-sm">
            {t('refusal.buyCredits')}
          </Link>
        )}
        {premiumOnly && (
          <Link id="chat-get-premium" to={routePath('premium')} className="btn btn-primary btn-sm">
            {t('refusal.getPremium')}
          </Link>
        )}
      </div>
      <button type="button" className="btn-close" aria-label={t('refusal.dismiss')} onClick={onDismiss} />
    </div>
  );
}
