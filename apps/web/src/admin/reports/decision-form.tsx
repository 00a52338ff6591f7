import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DECISION_GROUNDS, DECISION_ACTIONS, type TDecisionAction, type TDecisionGround } from '@cupido/shared/contracts/staff';
import {
  SUSPEND_DAYS_MAX,
  SUSPEND_DAYS_MIN,
  type TReportDecisionAnswer,
  type TReportDecisionRequest,
} from '@cupido/shared/contracts/moderation';
import type { AdminApiError } from '../api';
import { decideReport, REPORT_QUEUE_KEY } from './report-calls';

const ACCOUNT_ACTIONS: readonly TDecisionAction[] = ['warn', 'suspend', 'terminate'];

/** The decision on one report: action, ground, facts and (for a suspension) days. */
export function ReportDecisionForm({ reportId, hasAccount }: { reportId: number; hasAccount: boolean }) {
  const { t } = useTranslation('reports');
  const id = useId();
  const queryClient = useQueryClient();
  const [action, setAction] = useState<TDecisionAction>('dismiss');
  const [ground, setGround] = useState<TDecisionGround>('no_breach');
  const [facts, setFacts] = useState('');
  const [days, setDays] = useState('7');
  const decide = useMutation<TReportDecisionAnswer, AdminApiError, TReportDecisionRequest>({
    mutationFn: (body) => decideReport(reportId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: REPORT_QUEUE_KEY }),
  });

  const chooseAction = (next: TDecisionAction) => {
    setAction(next);
    // 'no_breach' goes with a dismissal and only with it: keep the ground consistent.
    if (next === 'dismiss') setGround('no_breach');
    else if (ground === 'no_breach') setGround('other_terms_breach');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (decide.isPending) return;
    decide.mutate({ action, ground, facts, ...(action === 'suspend' ? { suspend_days: Number(days) } : {}) });
  };

  return (
    <form onSubmit={submit} aria-busy={decide.isPending} className="border-top pt-3 mt-3">
      <fieldset>
        <legend className="h6">{t('decide.legend')}</legend>
        <div className="row g-2">
          <div className="col-12 col-md-6">
            <label htmlFor={`${id}-action`} className="form-label">
              {t('decide.action')}
            </label>
            <select
              id={`${id}-action`}
              className="form-select"
              value={action}
              onChange={(e) => chooseAction(e.target.value as TDecisionAction)}
            >
              {DECISION_ACTIONS.map((a) => (
                <option key={a} value={a} disabled={!hasAccount && ACCOUNT_ACTIONS.includes(a)}>
                  {t(`actions.${a}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="col-12 col-md-6">
            <label htmlFor={`${id}-ground`} className="form-label">
              {t('decide.ground')}
            </label>
            <select
              id={`${id}-ground`}
              className="form-select"
              value={ground}
              onChange={(e) => setGround(e.target.value as TDecisionGround)}
            >
              {DECISION_GROUNDS.filter((g) => (action === 'dismiss') === (g === 'no_breach')).map((g) => (
                <option key={g} value={g}>
                  {t(`grounds.${g}`)}
                </option>
              ))}
            </select>
          </div>
          {action === 'suspend' && (
            <div className="col-12 col-md-4">
              <label htmlFor={`${id}-days`} className="form-label">
                {t('decide.days')}
              </label>
              <input
                id={`${id}-days`}
                type="number"
                inputMode="numeric"
                min={SUSPEND_DAYS_MIN}
                max={SUSPEND_DAYS_MAX}
                className="form-control"
                value={days}
                onChange={(e) => setDays(e.target.value)}
                required
              />
            </div>
          )}
          <div className="col-12">
            <label htmlFor={`${id}-facts`} className="form-label">
              {t('decide.facts')}
            </label>
            <textarea id={`${id}-facts`} className="form-control" rows={3} value={facts} onChange={(e) => setFacts(e.target.value)} />
          </div>
        </div>
      </fieldset>
      {decide.error && (
        <div className="alert alert-danger mt-2" role="alert">
          {decide.error.message}
        </div>
      )}
      {decide.data && (
        <p className="alert alert-success mt-2" role="status">
          {t('decide.done', { count: decide.data.closed_report_ids.length })}
        </p>
      )}
      <button type="submit" className="btn btn-primary mt-2" disabled={decide.isPending}>
        {decide.isPending ? t('decide.submitting') : t('decide.submit')}
      </button>
    </form>
  );
}
