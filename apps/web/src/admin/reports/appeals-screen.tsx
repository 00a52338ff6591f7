import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TAppealDecisionRequest, TAppealOutcome, TAppealQueue, TAppealQueueItem } from '@cupido/shared/contracts/moderation';
import type { AdminApiError } from '../api';
import { useSiteFilter } from '../ui/use-site-filter';
import { QueueFrame } from './queue-frame';
import { APPEAL_QUEUE_KEY, decideAppeal, fetchAppealQueue } from './report-calls';

const when = (iso: string) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** /admin/appeals ('appeals.decide'): open appeals, oldest first, each with the decision it contests. */
export function Component() {
  const { t } = useTranslation('reports');
  const site = useSiteFilter();
  const siteId = site[0];
  const queue = useQuery<TAppealQueue, AdminApiError>({
    queryKey: [...APPEAL_QUEUE_KEY, siteId ?? 'all'],
    queryFn: () => fetchAppealQueue(siteId),
  });
  return (
    <QueueFrame
      titleId="appeals-title"
      title={t('appeals.title')}
      intro={t('appeals.intro')}
      queue={queue}
      site={site}
      isEmpty={(data) => data.appeals.length === 0}
      empty={t('appeals.empty')}
    >
      {(data) => data.appeals.map((appeal) => <AppealCard key={appeal.id} appeal={appeal} />)}
    </QueueFrame>
  );
}

function AppealCard({ appeal }: { appeal: TAppealQueueItem }) {
  const { t } = useTranslation('reports');
  const id = useId();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<TAppealOutcome>('upheld');
  const [note, setNote] = useState('');
  const decide = useMutation<unknown, AdminApiError, TAppealDecisionRequest>({
    mutationFn: (body) => decideAppeal(appeal.id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: APPEAL_QUEUE_KEY }),
  });
  const d = appeal.decision;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!decide.isPending) decide.mutate({ outcome, note });
  };
  return (
    <article className="card mb-3" aria-labelledby={`${id}-title`} id={`appeal-${appeal.id}`}>
      <div className="card-body">
        <h2 id={`${id}-title`} className="h5">
          {t('appeals.decision', { id: d.id, when: when(d.created_at) })}
        </h2>
        <p className="text-body-secondary small">{t('appeals.filed_at', { when: when(appeal.created_at) })}</p>
        <dl className="row small">
          <dt className="col-sm-3">{t('appeals.decision_action')}</dt>
          <dd className="col-sm-9">{t(`actions.${d.action}`)}</dd>
          <dt className="col-sm-3">{t('appeals.decision_ground')}</dt>
          <dd className="col-sm-9">{t(`grounds.${d.ground}`)}</dd>
          <dt className="col-sm-3">{t('appeals.decision_facts')}</dt>
          <dd className="col-sm-9" style={{ whiteSpace: 'pre-wrap' }}>
            {d.facts}
          </dd>
          {d.suspended_until && (
            <>
              <dt className="col-sm-3">{t('appeals.suspended_until')}</dt>
              <dd className="col-sm-9">{when(d.suspended_until)}</dd>
            </>
          )}
          <dt className="col-sm-3">{t('appeals.appeal_text')}</dt>
          <dd className="col-sm-9" style={{ whiteSpace: 'pre-wrap' }}>
            {appeal.text}
          </dd>
        </dl>
        {d.decided_by_me ? (
          <p className="alert alert-warning mb-0">{t('appeals.own_decision')}</p>
        ) : (
          <form onSubmit={submit} aria-busy={decide.isPending}>
            <fieldset className="mb-2">
              <legend className="h6">{t('appeals.outcome')}</legend>
              {(['upheld', 'reversed'] as const).map((o) => (
                <div className="form-check" key={o}>
                  <input
                    className="form-check-input"
                    type="radio"
                    name={`${id}-outcome`}
                    id={`${id}-${o}`}
                    value={o}
                    checked={outcome === o}
                    onChange={() => setOutcome(o)}
                  />
                  <label className="form-check-label" htmlFor={`${id}-${o}`}>
                    {t(`appeals.${o}`)}
                  </label>
                </div>
              ))}
            </fieldset>
            <label htmlFor={`${id}-note`} className="form-label">
              {t('appeals.note')}
            </label>
            <textarea id={`${id}-note`} className="form-control" rows={3} value={note} onChange={(e) => setNote(e.target.value)} />
            {decide.error && (
              <div className="alert alert-danger mt-2" role="alert">
                {decide.error.message}
              </div>
            )}
            <button type="submit" className="btn btn-primary mt-2" disabled={decide.isPending}>
              {decide.isPending ? t('appeals.submitting') : t('appeals.submit')}
            </button>
          </form>
        )}
      </div>
    </article>
  );
}
