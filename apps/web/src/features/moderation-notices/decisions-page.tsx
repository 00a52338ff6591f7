import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '@cupido/shared/rules/routes';
import type { TMemberDecision } from '@cupido/shared/contracts/moderation';
import { usePageTitle } from '../page-title/use-page-title';
import { ServerError } from '../session/server-error';
import { useAppeal, useMyDecisions } from './moderation-calls';
import { DecisionCard } from './decision-card';
import { MODERATION_NS, ModerationTexts } from './moderation-texts';

/**
 * /decisions (members): the moderation decisions about the member, each as its statement of
 * reasons (DSA art. 17), with an appeal form while the six months last (art. 20).
 */
export default function DecisionsPage() {
  return (
    <ModerationTexts>
      <Decisions />
    </ModerationTexts>
  );
}

function Decisions() {
  const { t } = useTranslation(MODERATION_NS);
  usePageTitle(t('list.title'));
  const decisions = useMyDecisions();
  return (
    <div className="container py-4 account-page">
      <h1 className="h3 mb-3">{t('list.title')}</h1>
      <p>{t('list.intro')}</p>
      <ServerError id="decisions-error" error={decisions.error} />
      {decisions.isPending && !decisions.error && <p role="status">{t('list.loading')}</p>}
      {decisions.data?.decisions.length === 0 && <p id="decisions-none">{t('list.none')}</p>}
      {decisions.data?.decisions.map((decision) => (
        <MemberDecision key={decision.id} decision={decision} />
      ))}
      <p className="mt-4">
        <Link to={routePath('notifications')}>{t('list.back')}</Link>
      </p>
    </div>
  );
}

function MemberDecision({ decision }: { decision: TMemberDecision }) {
  const appeal = useAppeal();
  return (
    <DecisionCard
      decision={decision}
      appeal={{
        send: (text) => appeal.mutateAsync({ decision_id: decision.id, text }),
        pending: appeal.isPending,
        error: appeal.error,
        sent: appeal.data,
      }}
    />
  );
}
