import { useId, useMemo } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ZMessageReportRequest } from '@cupido/shared/contracts/chats';
import { REPORT_REASONS, REPORT_TEXT_MAX, type TReportAnswer, type TReportReason } from '@cupido/shared/contracts/reports';
import { ApiError, request } from '../../api/client';
import { controlProps, FieldError, TextAreaField } from '../../ui/form/field';
import { formSchema } from '../../ui/form/form-schema';
import { SelectField } from '../../ui/form/select-field';
import { AccountsTexts } from '../accounts/accounts-texts';
import { useAccountForm } from '../accounts/form/use-account-form';
import { PROFILES_NS, ProfilesTexts } from '../profiles/profiles-texts';
import { CONVERSATION_NS } from './conversation-texts';

const IDS = { reason: 'message-report-reason', text: 'message-report-text', good_faith: 'message-report-good-faith' };

/** The report's own codes (those the server answers with) and their texts in the profiles namespace. */
const REPORT_MESSAGES = {
  reason_required: 'report.errors.reason',
  report_text_required: 'report.errors.text',
  report_good_faith_required: 'report.errors.goodFaith',
} as const;
const isReportCode = (code: string): code is keyof typeof REPORT_MESSAGES => code in REPORT_MESSAGES;

type MessageReportRequest = z.output<typeof ZMessageReportRequest>;

function messageReportSchema(messageId: number) {
  return formSchema({
    fields: z.object({ reason: z.string(), text: z.string(), good_faith: z.boolean() }),
    rules: ({ reason, text, good_faith }) => ({
      reason: reason ? null : 'reason_required',
      text: reason === 'other' && !text.trim() ? 'report_text_required' : null,
      good_faith: good_faith ? null : 'report_good_faith_required',
    }),
    request: ({ reason, text, good_faith }) => ({ message_id: messageId, reason: reason as TReportReason, text: text.trim(), good_faith }),
    contract: ZMessageReportRequest,
  });
}

export interface MessageReportDialogProps {
  show: boolean;
  onHide: () => void;
  messageId: number;
  partnerName: string;
}

/**
 * Report one message of the partner (trust.md, EU Digital Services Act): the profile report's
 * reasons, the member's words (required for 'other') and the good-faith statement, stored with the
 * message for moderation by POST /api/message-report.php and acknowledged. Its own chunk, with the
 * form kit: the chat does not download react-hook-form and zod until a member reports.
 */
export default function MessageReportDialog(props: MessageReportDialogProps) {
  return (
    <AccountsTexts fallback={null}>
      <ProfilesTexts fallback={null}>
        <Dialog {...props} />
      </ProfilesTexts>
    </AccountsTexts>
  );
}

function Dialog({ show, onHide, messageId, partnerName }: MessageReportDialogProps) {
  const { t } = useTranslation(PROFILES_NS);
  const { t: tc } = useTranslation(CONVERSATION_NS);
  const titleId = `${useId()}-title`;
  const schema = useMemo(() => messageReportSchema(messageId), [messageId]);
  const form = useAccountForm({
    schema,
    defaultValues: { reason: '', text: '', good_faith: false },
    ids: IDS,
    messageOf: (code) => (isReportCode(code) ? t(REPORT_MESSAGES[code]) : undefined),
    dependents: { reason: ['text'] },
  });
  const send = useMutation<TReportAnswer, ApiError, MessageReportRequest>({
    mutationFn: (body) => request<TReportAnswer>('/api/message-report.php', { method: 'POST', body }),
  });

  const close = () => {
    if (send.isPending) return;
    onHide();
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
    <Modal show={show} onHide={close} centered aria-labelledby={titleId} id="message-report-dialog">
      <Modal.Header closeButton={!send.isPending} closeLabel={t('common.close')}>
        <Modal.Title id={titleId} className="h5">
          {tc('report.title', { name: partnerName })}
        </Modal.Title>
      </Modal.Header>
      {send.isSuccess ? (
        <>
          <Modal.Body>
            <p id="message-report-received" className="mb-0" role="status">
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
            <p className="small text-body-secondary">{tc('report.intro', { name: partnerName })}</p>
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
              <div id="message-report-error" className="alert alert-danger mt-3 mb-0" role="alert">
                {form.formError.message}
              </div>
            )}
          </Modal.Body>
          <Modal.Footer>
            <button type="button" className="btn btn-outline-secondary" disabled={send.isPending} onClick={close}>
              {t('common.cancel')}
            </button>
            <button id="message-report-submit" type="submit" className="btn btn-danger" disabled={send.isPending}>
              {t('report.submit')}
            </button>
          </Modal.Footer>
        </form>
      )}
    </Modal>
  );
}
