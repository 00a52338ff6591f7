import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TReportQueueItem } from '@cupido/shared/contracts/moderation';
import { ReportDecisionForm } from './decision-form';

const when = (iso: string) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** One open report: the exact item, the reporter and their words, and the decision form. */
export function ReportCard({ report }: { report: TReportQueueItem }) {
  const { t } = useTranslation('reports');
  const { profile, photo, message, kind } = report.item;
  const titleId = `report-${report.id}-title`;
  return (
    <article className="card mb-3" aria-labelledby={titleId} id={`report-${report.id}`}>
      <div className="card-body">
        <h2 id={titleId} className="h5">
          {t(`queue.item_${kind}`)}: {profile.name} <span className="text-body-secondary fs-6">#{report.id}</span>
        </h2>
        <p className="text-body-secondary small mb-2">
          {t('queue.reported_at', { when: when(report.created_at) })} · {t('queue.open_on_item', { count: report.open_reports_on_item })}
        </p>

        {kind === 'photo' &&
          (photo ? (
            <a href={photo.url} target="_blank" rel="noreferrer">
              <img
                src={photo.thumb_url}
                alt={t('queue.photo_alt', { name: profile.name })}
                className="img-thumbnail mb-2"
                style={{ maxWidth: 240 }}
              />
            </a>
          ) : (
            <p className="text-body-secondary">{t('queue.photo_gone')}</p>
          ))}
        {kind === 'message' && message && (
          <figure className="mb-2">
            <figcaption className="small fw-semibold">{t('queue.message_text')}</figcaption>
            {message.image ? (
              // The picture the member sent (issue 29): the moderator decides on what was sent, not on "An image".
              <a href={message.image.url} target="_blank" rel="noreferrer">
                <img
                  src={message.image.thumb_url}
                  alt={t('queue.message_image_alt', { name: profile.name })}
                  className="img-thumbnail"
                  style={{ maxWidth: 240 }}
                />
              </a>
            ) : (
              <blockquote className="border-start ps-2 mb-0" style={{ whiteSpace: 'pre-wrap' }}>
                {message.text}
              </blockquote>
            )}
          </figure>
        )}

        <dl className="row mb-0 small">
          <dt className="col-sm-3">{t('queue.about')}</dt>
          <dd className="col-sm-9" style={{ whiteSpace: 'pre-wrap' }}>
            {profile.about || t('queue.no_about')}
          </dd>
          <dt className="col-sm-3">{t('queue.item_profile')}</dt>
          <dd className="col-sm-9">
            {profile.is_fictional ? (
              t('queue.fictional')
            ) : profile.account ? (
              <>
                {t('queue.account', { id: profile.account.user_id, status: profile.account.status })}{' '}
                <Link to={`/admin/members/${profile.account.user_id}`}>{t('queue.open_member')}</Link>
              </>
            ) : (
              t('queue.no_account')
            )}
          </dd>
          <dt className="col-sm-3">{t('queue.reason')}</dt>
          <dd className="col-sm-9">{t(`reasons.${report.reason}`)}</dd>
          <dt className="col-sm-3">{t('queue.text')}</dt>
          <dd className="col-sm-9" style={{ whiteSpace: 'pre-wrap' }}>
            {report.text || t('queue.no_text')}
          </dd>
          <dt className="col-sm-3">{t('queue.reporter')}</dt>
          <dd className="col-sm-9">{report.reporter ? `${report.reporter.name} <${report.reporter.email}>` : t('queue.reporter_gone')}</dd>
        </dl>

        <ReportDecisionForm reportId={report.id} hasAccount={profile.account !== null} />
      </div>
    </article>
  );
}
