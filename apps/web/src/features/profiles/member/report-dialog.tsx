import { useId, useMemo } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { REPORT_REASONS, REPORT_TEXT_MAX, ZReportRequest, type TReportAnswer, type TReportReason } from '@cupido/shared/contracts/reports';
import { ApiError, request } from '../../../api/client';
import { controlProps, FieldError, TextAreaField } from '../../../ui/form/field';
import { formSchema } from '../../../ui/form/form-schema';
import { SelectField } from '../../../ui/form/select-field';
import { useAccountForm } from '../../accounts/form/use-account-form';
import { PROFILES_NS } from '../profiles-texts';

/** Element ids, for labels, errors and the browser tests; the server's field names are the keys. */
const IDS = { reason: 'report-reason', text: 'report-text', good_faith: 'report-good-faith' };

/** The report's own codes (those the server answers with, reports/service.ts) and their texts. */
const REPORT_MESSAGES = {
  reason_required: 'report.errors.reason',
  report_text_required: 'report.errors.text',
  report_good_faith_required: 'report.errors.goodFaith',
} as const;

const isReportCode = (code: string): code is keyof typeof REPORT_MESSAGES => code in REPORT_MESSAGES;

type ReportRequest = z.output<typeof ZReportRequest>;

/**
 * A reason, the member's words (required for 'other') and the good-faith statement, sent as the
 * shared contract's request for this profile or photo. The text's length needs no rule: the
 * textarea stops at REPORT_TEXT_MAX.
 */
function reportFormSchema(profileId: number, photoId: number | undefined) {
  return formSchema({
    fields: z.object({ reason: z.string(), text: z.string(), good_faith: z.boolean() }),
    rules: ({ reason, text, good_faith }) => ({
      reason: reason ? null : 'reason_required',
      text: reason === 'other' && !text.trim() ? 'report_text_required' : null,
      good_faith: good_faith ? null : 'report_good_faith_required',
    }),
    request: ({ reason, text, good_faith }) => ({
      profile_id: profileId,
      ...(photoId === undefined ? {} : { photo_id: photoId }),
      reason: reason as TReportReason,
      text: text.trim(),
      good_faith,
    }),
    contract: ZReportRequest,
  });
}

export interface ReportDialogProps {
  show: boolean;
  onHide: () => void;
  profileId: number;
  /** A photo of that profile, when the report is about it: the reason starts at inappropriate photos. */
  photoId?: number;
  title: string;
}

/**
 * Report a profile or one of its photos (trust.md, EU Digital Services Act): a reason, the
 * member's words (required for 'other') and a good-faith statement, stored for moderation by
 * POST /api/report.php. The dialog then shows the server's acknowledgement; a refusal shows under
 * its field, or above the buttons when it names none (e.g. already reported). Its own chunk, with
 * the form kit (report-button.tsx).
 */
export default function ReportDialog({ show, onHide, profileId, photoId, title }: ReportDialogProps) {
  const { t } = useTranslation(PROFILES_NS);
  const titleId = `${useId()}-title`;
  const schema = useMemo(() => reportFormSchema(profileId, photoId), [profileId, photoId]);
  const form = useAccountForm({
    schema,
    defaultValues: { reason: photoId === undefined ? '' : 'inappropriate_photos', text: '', good_faith: false },
    ids: IDS,
    messageOf: (code) => (isReportCode(code) ? t(REPORT_MESSAGES[code]) : undefined),
    // The text is required only for 'other': choosing another reason checks it again.
    dependents: { reason: ['text'] },
  });
  const send = useMutation<TReportAnswer, ApiError, ReportRequest>({
    mutationFn: (body) => request<TReportAnswer>('/api/report.php', { method: 'POST', body }),
  });

  const close = () => {
    if (send.isPending) return;
    onHide();
    // A finished report starts afresh next time; an unsent one keeps what was typed.
    if (send.isSuccess) {
      form.reset();
      send.reset();
    }
  };

  const submit = form.onSubmit((report) => send.mutate(report, { onError: form.showServerError }));
  const reason = form.bind('reason', { checkOnChange: true });
  const text = form.bind('text');
  const goodFaith = form.bind('good_faith', { checkOnChange: true });

  return (
    <Modal show={show} onHide={close} centered aria-labelledby={titleId} id="report-dialog">
      <Modal.Header closeButton={!send.isPending} closeLabel={t('common.close')}>
        <Modal.Title id={titleId} className="h5">
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
            <SelectField
              id={IDS.reason}
              label={t('report.reason')}
              empty={t('report.choose')}
              options={REPORT_REASONS.map((id) => ({ value: id, label: t(`report.reasons.${id}`) }))}
              {...reason}
            />
            <TextAreaField
              id={IDS.text}
              label={t(reason.value === 'other' ? 'report.textRequired' : 'report.text')}
              rows={4}
              maxLength={REPORT_TEXT_MAX}
              help={t('report.charactersLeft', { count: REPORT_TEXT_MAX - text.value.length })}
              {...text}
            />
            <div className="form-check mb-0">
              <input
                {...controlProps(IDS.good_faith, goodFaith.error)}
                type="checkbox"
                className={`form-check-input${goodFaith.error ? ' is-invalid' : ''}`}
                checked={goodFaith.value}
                onChange={(event) => goodFaith.onChange(event.target.checked)}
                onBlur={goodFaith.onBlur}
              />
              <label htmlFor={IDS.good_faith} className="form-check-label">
                {t('report.goodFaith')}
              </label>
              <FieldError id={IDS.good_faith} error={goodFaith.error} />
            </div>
            {form.formError && (
              <div id="report-error" className="alert alert-danger mt-3 mb-0" role="alert">
                {form.formError.message}
              </div>
            )}
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
