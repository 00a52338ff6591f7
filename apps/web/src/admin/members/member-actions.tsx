/**
 * The member page's actions (issue 13): suspend, lift, resend the activation mail, start erasure,
 * correct credits. Each opens a confirmation panel in place (focus moves into it, Escape closes it
 * and gives focus back to its button) with the fields the call needs, checked by the call's
 * shared contract before it is sent. Only the actions the role may use and the account's state
 * allows are offered; the server checks both again.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  ZCreditCorrectionRequest,
  ZEraseMemberRequest,
  ZLiftSuspensionRequest,
  ZSuspendMemberRequest,
  type TMemberDetail,
} from '@cupido/shared/contracts/members-desk';
import { TextAreaField } from '../../ui/form/field';
import { useZodForm, type FieldBinding } from '../../ui/form/use-zod-form';
import { asApiError } from '../ui/as-api-error';
import { useStaffMay } from '../session';
import { NumberField } from '../sites/site-fields';
import { memberActions, memberKey } from './member-queries';

type Account = TMemberDetail['account'];
/** A field's binding, its value type taken from the input it goes to. */
type Bind<F extends string> = <T>(field: F) => FieldBinding<T>;
type ActionName = 'suspend' | 'lift' | 'resend' | 'erase' | 'credits';

function newIdempotencyKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `k${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}

/** A form in a panel: its title, help, fields, and Confirm / Cancel. */
function ActionForm<V extends Record<string, unknown>, R>({
  title,
  help,
  schema,
  defaultValues,
  ids,
  confirm,
  danger,
  fields,
  send,
  onDone,
  onCancel,
}: {
  title: string;
  help: ReactNode;
  schema: z.ZodType<R, V>;
  defaultValues: V;
  ids: Partial<Record<keyof V & string, string>>;
  confirm: string;
  danger?: boolean;
  fields: (bind: Bind<keyof V & string>) => ReactNode;
  send: (request: R) => Promise<string>;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('members');
  const { t: common } = useTranslation('common');
  const headingId = useId();
  const panel = useRef<HTMLElement>(null);
  const [busy, setBusy] = useState(false);
  const { bind, onSubmit, showServerError, formError } = useZodForm<V, R>({
    schema,
    defaultValues: defaultValues as never,
    ids: ids as never,
    messageOf: (message) => message,
    genericError: common('error_generic'),
  });
  useEffect(() => {
    const first = panel.current?.querySelector<HTMLElement>('input, textarea, button[type="submit"]');
    first?.focus();
  }, []);

  return (
    <section
      ref={panel}
      role="dialog"
      aria-labelledby={headingId}
      className={`card mt-2 ${danger ? 'border-danger' : 'border-primary'}`}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
    >
      <form
        className="card-body"
        noValidate
        onSubmit={onSubmit((request) => {
          setBusy(true);
          send(request)
            .then(onDone)
            .catch((error: unknown) => showServerError(asApiError(error)))
            .finally(() => setBusy(false));
        })}
      >
        <h3 id={headingId} className="h6">
          {title}
        </h3>
        <p className="form-text">{help}</p>
        {fields(<T,>(field: keyof V & string) => bind(field as never) as unknown as FieldBinding<T>)}
        {formError && (
          <p role="alert" className="text-danger">
            {formError.message}
          </p>
        )}
        <div className="d-flex flex-wrap gap-2">
          <button type="submit" className={`btn btn-sm ${danger ? 'btn-danger' : 'btn-primary'}`} disabled={busy}>
            {confirm}
          </button>
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onCancel}>
            {t('actions.cancel')}
          </button>
        </div>
      </form>
    </section>
  );
}

export function MemberActions({ account }: { account: Account }) {
  const { t } = useTranslation('members');
  const queryClient = useQueryClient();
  const mayManage = useStaffMay('members.manage');
  const mayCorrect = useStaffMay('credits.correct');
  const [open, setOpen] = useState<ActionName | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  // A fresh key each time the correction panel opens: a double click or retry posts once.
  const [creditKey, setCreditKey] = useState(newIdempotencyKey);
  const buttons = useRef<Partial<Record<ActionName, HTMLButtonElement | null>>>({});
  const id = account.id;
  const status = account.status;

  const close = (action: ActionName) => {
    setOpen(null);
    buttons.current[action]?.focus();
  };
  const done = (action: ActionName) => async (text: string) => {
    setOpen(null);
    setMessage(text);
    await queryClient.invalidateQueries({ queryKey: memberKey(id) });
    buttons.current[action]?.focus();
  };

  const offered: { action: ActionName; label: string; danger?: boolean }[] = [];
  if (mayManage && (status === 'active' || status === 'not_confirmed' || status === 'pending_deletion' || status === 'suspended'))
    offered.push({ action: 'suspend', label: t('actions.suspend') });
  if (mayManage && status === 'suspended') offered.push({ action: 'lift', label: t('actions.lift') });
  if (mayManage && status === 'not_confirmed') offered.push({ action: 'resend', label: t('actions.resend') });
  if (mayCorrect && status !== 'erased') offered.push({ action: 'credits', label: t('actions.credits') });
  if (mayManage && (status === 'active' || status === 'not_confirmed'))
    offered.push({ action: 'erase', label: t('actions.erase'), danger: true });
  if (offered.length === 0) return <p>{t('member.none')}</p>;

  const reasonField = (bind: Bind<'reason'>, prefix: string) => (
    <TextAreaField
      id={`${prefix}-reason`}
      label={t('actions.reason')}
      help={t('actions.reason_help')}
      rows={2}
      maxLength={1000}
      {...bind<string>('reason')}
    />
  );

  return (
    <>
      <div className="d-flex flex-wrap gap-2">
        {offered.map(({ action, label, danger }) => (
          <button
            key={action}
            ref={(element) => {
              buttons.current[action] = element;
            }}
            type="button"
            className={`btn btn-sm ${danger ? 'btn-outline-danger' : 'btn-outline-primary'}`}
            aria-expanded={open === action}
            onClick={() => {
              setMessage(null);
              if (action === 'credits' && open !== 'credits') setCreditKey(newIdempotencyKey());
              setOpen(open === action ? null : action);
            }}
          >
            {label}
          </button>
        ))}
      </div>
      {message && (
        <p role="status" className="alert alert-success mt-2 mb-0">
          {message}
        </p>
      )}
      {open === 'suspend' && (
        <ActionForm
          title={t('actions.suspend_title')}
          help={t('actions.suspend_help')}
          schema={ZSuspendMemberRequest}
          defaultValues={{ days: 7, reason: '' }}
          ids={{ days: 'suspend-days', reason: 'suspend-reason' }}
          confirm={t('actions.suspend_confirm')}
          danger
          fields={(bind) => (
            <>
              <NumberField id="suspend-days" label={t('actions.days')} min={1} max={365} field={bind('days')} />
              {reasonField(bind, 'suspend')}
            </>
          )}
          send={async (request) => (await memberActions.suspend(id, request), t('actions.done'))}
          onDone={done('suspend')}
          onCancel={() => close('suspend')}
        />
      )}
      {open === 'lift' && (
        <ActionForm
          title={t('actions.lift_title')}
          help={
            account.suspended_until ? `${t('account.suspended_until')}: ${new Date(account.suspended_until).toLocaleString('en-GB')}` : ''
          }
          schema={ZLiftSuspensionRequest}
          defaultValues={{ reason: '' }}
          ids={{ reason: 'lift-reason' }}
          confirm={t('actions.lift_confirm')}
          fields={(bind) => reasonField(bind, 'lift')}
          send={async (request) => (await memberActions.lift(id, request), t('actions.done'))}
          onDone={done('lift')}
          onCancel={() => close('lift')}
        />
      )}
      {open === 'resend' && (
        <ActionForm
          title={t('actions.resend_title')}
          help={t('actions.resend_help', { email: account.email })}
          schema={ZLiftSuspensionRequest.partial()}
          defaultValues={{}}
          ids={{}}
          confirm={t('actions.resend_confirm')}
          fields={() => null}
          send={async () => (await memberActions.resendActivation(id), t('actions.resend_done'))}
          onDone={done('resend')}
          onCancel={() => close('resend')}
        />
      )}
      {open === 'credits' && (
        <ActionForm
          title={t('actions.credits_title')}
          help={t('actions.credits_help')}
          schema={ZCreditCorrectionRequest}
          defaultValues={{ amount: Number.NaN, reason: '', idempotency_key: creditKey }}
          ids={{ amount: 'credits-amount', reason: 'credits-reason' }}
          confirm={t('actions.credits_confirm')}
          fields={(bind) => (
            <>
              <NumberField id="credits-amount" label={t('actions.amount')} min={-10000} max={10000} field={bind('amount')} />
              {reasonField(bind, 'credits')}
            </>
          )}
          send={async (request) => t('actions.credits_done', { balance: (await memberActions.correctCredits(id, request)).balance })}
          onDone={done('credits')}
          onCancel={() => close('credits')}
        />
      )}
      {open === 'erase' && (
        <ActionForm
          title={t('actions.erase_title')}
          help={t('actions.erase_help')}
          schema={ZEraseMemberRequest.refine((body) => body.confirm_id === id, { path: ['confirm_id'], message: `type ${id}` })}
          defaultValues={{ confirm_id: Number.NaN, reason: '' }}
          ids={{ confirm_id: 'erase-confirm-id', reason: 'erase-reason' }}
          confirm={t('actions.erase_confirm')}
          danger
          fields={(bind) => (
            <>
              <NumberField id="erase-confirm-id" label={t('actions.confirm_id', { id })} field={bind('confirm_id')} />
              {reasonField(bind, 'erase')}
            </>
          )}
          send={async (request) => (await memberActions.erase(id, request), t('actions.done'))}
          onDone={done('erase')}
          onCancel={() => close('erase')}
        />
      )}
    </>
  );
}
