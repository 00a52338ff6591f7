import { useTranslation } from 'react-i18next';
import { LOCALES } from '@cupido/shared/rules/locales';
import type { TAppealAnswer, TMemberDecision } from '@cupido/shared/contracts/moderation';
import type { ApiError } from '../../api/client';
import { useLocale } from '../locale/use-locale';
import { AppealForm } from './appeal-form';
import { MODERATION_NS } from './moderation-texts';

interface Props {
  decision: TMemberDecision;
  appeal: { send(text: string): Promise<TAppealAnswer>; pending: boolean; error: ApiError | null; sent: TAppealAnswer | undefined };
}

function useDay() {
  const { locale } = useLocale();
  const iso = LOCALES.find((l) => l.code === locale)?.iso ?? locale;
  return (when: string) => new Intl.DateTimeFormat(iso, { dateStyle: 'long' }).format(new Date(when));
}

/** One decision as its statement of reasons: what, ground, facts, and the appeal (its form, or its state). */
export function DecisionCard({ decision, appeal }: Props) {
  const { t } = useTranslation(MODERATION_NS);
  const day = useDay();
  const titleId = `decision-${decision.id}-title`;
  return (
    <article className="card mb-4" aria-labelledby={titleId} id={`decision-${decision.id}`}>
      <div className="card-body">
        <h2 id={titleId} className="h5 card-title">
          {t('decision.title', { date: day(decision.created_at) })}
        </h2>
        <p className="fw-semibold">{decision.what}</p>
        <dl className="mb-0">
          {decision.content !== null && (
            <>
              <dt>{t('decision.content')}</dt>
              <dd style={{ whiteSpace: 'pre-line' }}>{decision.content}</dd>
            </>
          )}
          <dt>{t('decision.ground')}</dt>
          <dd>{decision.ground}</dd>
          <dt>{t('decision.facts')}</dt>
          <dd style={{ whiteSpace: 'pre-line' }}>{decision.facts}</dd>
        </dl>
        {appeal.sent ? (
          <p className="alert alert-success mt-3 mb-0" role="status">
            {appeal.sent.message}
          </p>
        ) : decision.appeal ? (
          <div className="alert alert-info mt-3 mb-0" role="status">
            {decision.appeal.status === 'open' ? (
              <p className="mb-0">{t('decision.appealOpen', { date: day(decision.appeal.created_at) })}</p>
            ) : (
              <>
                <p className="mb-1">{decision.appeal.outcome}</p>
                {decision.appeal.note && <p className="mb-0">{decision.appeal.note}</p>}
              </>
            )}
          </div>
        ) : decision.can_appeal ? (
          <>
            <p className="mt-3 mb-0">{t('decision.canAppeal', { date: day(decision.appeal_until) })}</p>
            <AppealForm send={appeal.send} pending={appeal.pending} error={appeal.error} />
          </>
        ) : (
          <p className="mt-3 mb-0 text-body-secondary">{t('decision.windowClosed')}</p>
        )}
      </div>
    </article>
  );
}
