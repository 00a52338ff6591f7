import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePageTitle } from '../page-title/use-page-title';
import { ServerError } from '../session/server-error';
import { useDecisionLink, useLinkAppeal } from './moderation-calls';
import { DecisionCard } from './decision-card';
import { MODERATION_NS, ModerationTexts } from './moderation-texts';

/**
 * /decision/{token}: the statement's e-mail link. No login needed: a suspended or ended account
 * cannot log in but must be able to read the decision and appeal it (the token is signed for this
 * one decision and member).
 */
export default function DecisionLinkPage() {
  return (
    <ModerationTexts>
      <DecisionLink />
    </ModerationTexts>
  );
}

function DecisionLink() {
  const { t } = useTranslation(MODERATION_NS);
  usePageTitle(t('link.title'));
  const token = useParams().token ?? '';
  const linked = useDecisionLink(token);
  const appeal = useLinkAppeal(token);
  return (
    <div className="container py-4 account-page">
      <h1 className="h3 mb-3">{t('link.title')}</h1>
      <ServerError id="decision-link-error" error={linked.error} />
      {linked.isPending && !linked.error && <p role="status">{t('list.loading')}</p>}
      {linked.data && (
        <DecisionCard
          decision={linked.data.decision}
          appeal={{ send: (text) => appeal.mutateAsync({ text }), pending: appeal.isPending, error: appeal.error, sent: appeal.data }}
        />
      )}
    </div>
  );
}
