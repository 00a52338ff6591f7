import { useId, useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TReportAnswer, TReportReason } from '@cupido/shared/reports';
import { ApiError, request } from '../../../api/client';
import { ServerError } from '../../accounts/server-error';
import { PROFILES_NS } from '../profiles-texts';

// Mirrors @cupido/shared/reports (importing values there would pull zod into this chunk, 008).
export const REPORT_REASONS: readonly TReportReason[] = ['fake_profile', 'inappropriate_photos', 'harassment', 'scam_spam', 'underage', 'other'];
export const REPORT_TEXT_MAX = 1000;

interface ReportInput {
  profile_id: number;
  photo_id?: number;
  reason: TReportReason;
  text: string;
  good_faith: boolean;
}

/** The Report button of a profile page: opens the report dialog for the whole profile. */
export function ReportButton({ profileId, name }: { profileId: number; name: string }) {
  const { t } = useTranslation(PROFILES_NS);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button id="member-report" type="button" className="btn btn-outline-secondary btn-sm" onClick={() => setOpen(true)}>
        {t('report.button')}
      </button>
      <ReportDialog show={open} onHide={() => setOpen(false)} profileId={profileId} title={t('report.title', { name })} />
    </>
  );
}

/**
 * Report a profile or one of its photos (trust.md, EU Digital Services Act): a reason, the
 * member's words (required for 'other') and a good-faith statement, stored for moderation by
 * POST /api/report.php. The dialog then shows the server's acknowledgement; a refusal (e.g.
 * already reported) shows its message.
 */
export function ReportDialog({ show, onHide, profileId, photoId, title }: { show: boolean; onHide: () => void; profileId: number; photoId?: number; title: string }) {
  const { t } = useTranslation(PROFILES_NS);
  const ids = useId();
  const [reason, setReason] = useState<TReportReason | ''>(photoId === undefined ? '' : 'inappropriate_photos');
  const [text, setText] = useState('');
  const [goodFaith, setGoodFaith] = useState(false);
  const [problems, setProblems] = useState<{ reason?: string; text?: string; goodFaith?: string }>({});
  const send = useMutation<TReportAnswer, ApiError, ReportInput>({
    mutationFn: (body) => request<TReportAnswer>('/api/report.php', { method: 'POST', body }),
  });

  const close = () => {
    if (send.isPending) return;
    onHide();
    // A finished report starts afresh next time; an unsent one keeps what was typed.
    if (send.isSuccess) {
      setReason(photoId === undefined ? '' : 'inappropriate_photos');
      setText('');
      setGoodFaith(false);
      send.reset();
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      reason: reason ? undefined : t('report.errors.reason'),
      text: reason === 'other' && !text.trim() ? t('report.errors.text') : undefined,
      goodFaith: goodFaith ? undefined : t('report.errors.goodFaith'),
    };
    setProblems(found);
    if (found.reason || found.text || found.goodFaith || !reason) return;
    send.mutate({ profile_id: profileId, ...(photoId === undefined ? {} : { photo_id: photoId }), reason, text: text.trim(), good_faith: true });
  };

  const fieldError = send.error?.field;
  return (
    <Modal show={show} onHide={close} centered aria-labelledby={`${ids}-title`} id="report-dialog">
        <Modal.Header closeButton={!send.isPending} closeLabel={t('common.close')}>
          <Modal.Title id={`${ids}-title`} className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        {send.isSuccess ? (
          <>
            <Modal.Body>
              <p id="report-received" className="mb-0" role="status">
                {send.data.message}
              </p>
            </Modal.Body>
            <Modal.Footer>
              <button type="button" className="btn btn-primary" onClick={close}>
                {t('common.close')}
              </button>
            </Modal.Footer>
          </>
        ) : (
          <form noValidate onSubmit={submit}>
            <Modal.Body>
              <p className="small text-body-secondary">{t('report.intro')}</p>
              <div className="mb-3">
                <label htmlFor="report-reason" className="form-label">
                  {t('report.reason')}
                </label>
                <select
                  id="report-reason"
                  className={`form-select${problems.reason ? ' is-invalid' : ''}`}
                  value={reason}
                  aria-describedby={problems.reason ? 'report-reason-error' : undefined}
                  onChange={(event) => setReason(event.target.value as TReportReason)}
                >
                  <option value="">{t('report.choose')}</option>
                  {REPORT_REASONS.map((id) => (
                    <option key={id} value={id}>
                      {t(`report.reasons.${id}`)}
                    </option>
                  ))}
                </select>
                {problems.reason && (
                  <div id="report-reason-error" className="invalid-feedback">
                    {problems.reason}
                  </div>
                )}
              </div>
              <div className="mb-3">
                <label htmlFor="report-text" className="form-label">
                  {t(reason === 'other' ? 'report.textRequired' : 'report.text')}
                </label>
                <textarea
                  id="report-text"
                  className={`form-control${problems.text || fieldError === 'text' ? ' is-invalid' : ''}`}
                  rows={4}
                  maxLength={REPORT_TEXT_MAX}
                  value={text}
                  aria-describedby="report-text-count report-text-error"
                  onChange={(event) => setText(event.target.value)}
                />
                <div id="report-text-count" className="form-text">
                  {t('report.charactersLeft', { count: REPORT_TEXT_MAX - text.length })}
                </div>
                {problems.text && (
                  <div id="report-text-error" className="invalid-feedback d-block">
                    {problems.text}
                  </div>
                )}
              </div>
              <div className="form-check mb-0">
                <input
                  id="report-good-faith"
                  type="checkbox"
                  className={`form-check-input${problems.goodFaith ? ' is-invalid' : ''}`}
                  checked={goodFaith}
                  onChange={(event) => setGoodFaith(event.target.checked)}
                  aria-describedby={problems.goodFaith ? 'report-good-faith-error' : undefined}
                />
                <label htmlFor="report-good-faith" className="form-check-label">
                  {t('report.goodFaith')}
                </label>
                {problems.goodFaith && (
                  <div id="report-good-faith-error" className="invalid-feedback">
                    {problems.goodFaith}
                  </div>
                )}
              </div>
              <ServerError error={send.error} id="report-error" className="alert alert-danger mt-3 mb-0" />
            </Modal.Body>
            <Modal.Footer>
              <button type="button" className="btn btn-outline-secondary" disabled={send.isPending} onClick={close}>
                {t('common.cancel')}
              </button>
              <button id="report-submit" type="submit" className="btn btn-danger" disabled={send.isPending}>
                {t('report.submit')}
              </button>
            </Modal.Footer>
          </form>
        )}
    </Modal>
  );
}
