import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { COMPLAINT_NOTE_MAX } from '@cupido/shared/rules/complaints';
// Types only: the contract's schemas (and zod) stay out of this chunk.
import type { TComplaintAnsweredRequest, TComplaintQueue, TComplaintQueueItem } from '@cupido/shared/contracts/complaints';
import type { AdminApiError } from '../api';
import { COMPLAINT_QUEUE_KEY, fetchComplaintQueue, markComplaintAnswered } from './report-calls';

const when = (iso: string) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

function languageName(locale: string): string {
  try {
    const name = new Intl.DisplayNames('en', { type: 'language' }).of(locale);
    return name && name !== locale ? `${name} (${locale})` : locale;
  } catch {
    return locale;
  }
}

/**
 * The open complaints (issue 31) on the reports queue screen, below the reports: each with what the
 * complainant wrote and the form staff use to note how they answered it. `siteId` is the screen's
 * site filter (undefined: every site).
 */
export function ComplaintsSection({ siteId }: { siteId: number | undefined }) {
  const { t } = useTranslation('reports');
  const [answered, setAnswered] = useState<string | null>(null);
  const queue = useQuery<TComplaintQueue, AdminApiError>({
    queryKey: [...COMPLAINT_QUEUE_KEY, siteId ?? 'all'],
    queryFn: () => fetchComplaintQueue(siteId),
  });
  const siteNames = new Map(queue.data?.sites.map((site) => [site.id, site.name]));
  return (
    <section aria-labelledby="complaints-title" className="mt-4 pt-3 border-top">
      <h2 id="complaints-title" className="h4">
        {t('complaints.title')}
      </h2>
      <p className="text-body-secondary">{t('complaints.intro')}</p>
      {answered && (
        <p className="alert alert-success" role="status">
          {t('complaints.done', { reference: answered })}
        </p>
      )}
      {queue.error && (
        <div className="alert alert-danger" role="alert">
          {queue.error.message}
        </div>
      )}
      {queue.isPending && !queue.error && <p role="status">{t('common:loading')}</p>}
      {queue.data && queue.data.complaints.length === 0 && <p>{t('complaints.empty')}</p>}
      {queue.data?.complaints.map((complaint) => (
        <ComplaintCard key={complaint.id} complaint={complaint} siteName={siteNames.get(complaint.site_id)} onAnswered={setAnswered} />
      ))}
    </section>
  );
}

interface ComplaintCardProps {
  complaint: TComplaintQueueItem;
  siteName: string | undefined;
  onAnswered(reference: string): void;
}

/** One open complaint: topic, complainant, member, language, when, the text, and "Mark answered". */
function ComplaintCard({ complaint, siteName, onAnswered }: ComplaintCardProps) {
  const { t } = useTranslation('reports');
  const id = useId();
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const [missingNote, setMissingNote] = useState(false);
  const answer = useMutation<unknown, AdminApiError, TComplaintAnsweredRequest>({
    mutationFn: (body) => markComplaintAnswered(complaint.id, body),
    onSuccess: async () => {
      onAnswered(complaint.reference);
      await queryClient.invalidateQueries({ queryKey: COMPLAINT_QUEUE_KEY });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (answer.isPending) return;
    const trimmed = note.trim();
    setMissingNote(trimmed === '');
    if (trimmed !== '') answer.mutate({ note: trimmed });
  };
  const titleId = `${id}-title`;
  const noteId = `${id}-note`;
  return (
    <article className="card mb-3" aria-labelledby={titleId} id={`complaint-${complaint.id}`}>
      <div className="card-body">
        <h3 id={titleId} className="h5">
          {t('complaints.item_title', { reference: complaint.reference, topic: t(`complaints.topics.${complaint.topic}`) })}
        </h3>
        <dl className="row mb-0 small">
          <dt className="col-sm-3">{t('complaints.topic')}</dt>
          <dd className="col-sm-9">{t(`complaints.topics.${complaint.topic}`)}</dd>
          <dt className="col-sm-3">{t('complaints.from')}</dt>
          <dd className="col-sm-9">
            {complaint.name || t('complaints.no_name')} <a href={`mailto:${complaint.email}`}>{complaint.email}</a>
          </dd>
          <dt className="col-sm-3">{t('complaints.member')}</dt>
          <dd className="col-sm-9">
            {complaint.user_id === null ? (
              t('complaints.visitor')
            ) : (
              <Link to={`/admin/members/${complaint.user_id}`}>{t('complaints.open_member', { id: complaint.user_id })}</Link>
            )}
          </dd>
          {siteName !== undefined && (
            <>
              <dt className="col-sm-3">{t('complaints.site')}</dt>
              <dd className="col-sm-9">{siteName}</dd>
            </>
          )}
          <dt className="col-sm-3">{t('complaints.language')}</dt>
          <dd className="col-sm-9">{languageName(complaint.locale)}</dd>
          <dt className="col-sm-3">{t('complaints.received_at')}</dt>
          <dd className="col-sm-9">
            <time dateTime={complaint.created_at}>{when(complaint.created_at)}</time>
          </dd>
          <dt className="col-sm-3">{t('complaints.text')}</dt>
          <dd className="col-sm-9" style={{ whiteSpace: 'pre-wrap' }}>
            {complaint.text}
          </dd>
        </dl>

        <form onSubmit={submit} aria-busy={answer.isPending} className="border-top pt-3 mt-3" noValidate>
          <label htmlFor={noteId} className="form-label">
            {t('complaints.note')}
          </label>
          <textarea
            id={noteId}
            className={`form-control${missingNote ? ' is-invalid' : ''}`}
            rows={3}
            value={note}
            maxLength={COMPLAINT_NOTE_MAX}
            required
            aria-invalid={missingNote || undefined}
            aria-describedby={`${noteId}-hint${missingNote ? ` ${noteId}-error` : ''}`}
            onChange={(e) => {
              setNote(e.target.value);
              if (missingNote && e.target.value.trim() !== '') setMissingNote(false);
            }}
          />
          {missingNote && (
            <div id={`${noteId}-error`} className="invalid-feedback">
              {t('complaints.note_required')}
            </div>
          )}
          <div id={`${noteId}-hint`} className="form-text">
            {t('complaints.note_hint', { max: COMPLAINT_NOTE_MAX })}
          </div>
          {answer.error && (
            <div className="alert alert-danger mt-2" role="alert">
              {answer.error.message}
            </div>
          )}
          <button type="submit" className="btn btn-primary mt-2" disabled={answer.isPending}>
            {answer.isPending ? t('complaints.submitting') : t('complaints.submit')}
          </button>
        </form>
      </div>
    </article>
  );
}
