/**
 * The back office's login at /admin/login (issue 13): the password, then either the TOTP setup of
 * a first login (QR code and the key as text, a first code, then the recovery codes shown once)
 * or the code of a later login, with a switch to a recovery code. Each step moves the focus to its
 * heading; server errors show under their field. After the last step the staff member query is
 * refreshed and the browser goes to /admin.
 */
import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ZRecoveryCode,
  ZStaffLoginRequest,
  ZStaffTotpConfirmRequest,
  type TStaffLoginAnswer,
  type TStaffTotpConfirmAnswer,
  type TStaffTotpSetupAnswer,
} from '@cupido/shared/contracts/staff-access';
import { TextField } from '../../ui/form/field';
import { formSchema } from '../../ui/form/form-schema';
import { useZodForm } from '../../ui/form/use-zod-form';
import { AdminApiError, adminFetch } from '../api';
import { STAFF_ME_KEY, useStaffMe } from '../session';
import { asApiError } from '../ui/as-api-error';
import { FormError } from './staff-form-parts';

type Step = { kind: 'password'; notice?: string } | { kind: 'setup' } | { kind: 'code' } | { kind: 'recovery'; codes: string[] };

export function Component() {
  const { t } = useTranslation('staff');
  const me = useStaffMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);

  useEffect(() => {
    // The first step's field takes the focus itself; later steps announce themselves by their heading.
    if (first.current) first.current = false;
    else heading.current?.focus();
  }, [step.kind]);

  const finish = async () => {
    await queryClient.invalidateQueries({ queryKey: STAFF_ME_KEY });
    await navigate('/admin', { replace: true });
  };
  /** A half-finished session ended (idle, expired): back to the password. */
  const onSessionLost = (error: unknown) => {
    if (error instanceof AdminApiError && error.code === 'staff_authentication_required') {
      setStep({ kind: 'password', notice: t('login.session_ended') });
      return true;
    }
    return false;
  };

  if (step.kind === 'password' && me.data?.staff?.second_factor_done) return <Navigate to="/admin" replace />;

  const titles = {
    password: 'login.title',
    setup: 'login.setup_title',
    code: 'login.code_title',
    recovery: 'login.recovery_title',
  } as const;
  return (
    <main className="container py-5" style={{ maxWidth: '32rem' }}>
      <h1 className="h3 mb-3" id="staff-login-title" ref={heading} tabIndex={-1}>
        {t(titles[step.kind])}
      </h1>
      {step.kind === 'password' && (
        <PasswordStep notice={step.notice} onDone={(next) => setStep(next === 'totp_setup' ? { kind: 'setup' } : { kind: 'code' })} />
      )}
      {step.kind === 'setup' && <SetupStep onSessionLost={onSessionLost} onDone={(codes) => setStep({ kind: 'recovery', codes })} />}
      {step.kind === 'code' && <CodeStep onSessionLost={onSessionLost} onDone={() => void finish()} />}
      {step.kind === 'recovery' && <RecoveryCodes codes={step.codes} onDone={() => void finish()} />}
    </main>
  );
}

const passwordSchema = formSchema({
  fields: z.object({ email: z.string(), password: z.string() }),
  rules: (v) => ({ email: v.email.trim() ? null : 'email_required', password: v.password ? null : 'password_required' }),
  request: (v) => ({ email: v.email.trim(), password: v.password }),
  contract: ZStaffLoginRequest,
});

function PasswordStep({ notice, onDone }: { notice?: string; onDone: (next: TStaffLoginAnswer['next']) => void }) {
  const { t } = useTranslation('staff');
  const [sending, setSending] = useState(false);
  const { bind, onSubmit, showServerError, formError } = useZodForm({
    schema: passwordSchema,
    defaultValues: { email: '', password: '' },
    ids: { email: 'staff-login-email', password: 'staff-login-password' },
    messageOf: (code) => t(`login.errors.${code}`),
    genericError: t('common:error_generic'),
  });
  const submit = onSubmit((request) => {
    setSending(true);
    adminFetch<TStaffLoginAnswer>('/login', { method: 'POST', body: request })
      .then((answer) => onDone(answer.next))
      .catch((error: unknown) => showServerError(asApiError(error)))
      .finally(() => setSending(false));
  });
  return (
    <form noValidate onSubmit={submit} aria-labelledby="staff-login-title">
      {notice && (
        <div className="alert alert-info py-2" role="status">
          {notice}
        </div>
      )}
      <TextField
        id="staff-login-email"
        label={t('login.email')}
        type="email"
        inputMode="email"
        autoComplete="username"
        autoFocus
        {...bind('email')}
      />
      <TextField
        verbatim
        id="staff-login-password"
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        {...bind('password', { checkOnBlur: false })}
      />
      <FormError error={formError} />
      <button type="submit" className="btn btn-primary" disabled={sending}>
        {sending ? t('login.sending') : t('login.submit')}
      </button>
    </form>
  );
}

const codeSchema = formSchema({
  fields: z.object({ code: z.string() }),
  rules: (v) => ({ code: /^\d{6}$/.test(v.code.replace(/\s/g, '')) ? null : 'code_format' }),
  request: (v) => ({ code: v.code.replace(/\s/g, '') }),
  contract: ZStaffTotpConfirmRequest,
});

const recoverySchema = formSchema({
  fields: z.object({ recovery_code: z.string() }),
  rules: (v) => ({ recovery_code: ZRecoveryCode.safeParse(v.recovery_code).success ? null : 'recovery_code_format' }),
  request: (v) => ({ recovery_code: v.recovery_code.trim().toLowerCase() }),
  contract: z.object({ recovery_code: ZRecoveryCode }),
});

interface SecondStepProps {
  onSessionLost: (error: unknown) => boolean;
}

/** One code field and its button: the TOTP code (setup and login) or a recovery code. */
function CodeForm({
  kind,
  button,
  send,
  onSessionLost,
  autoFocus = true,
}: SecondStepProps & {
  kind: 'code' | 'recovery_code';
  button: string;
  autoFocus?: boolean;
  send: (request: { code: string } | { recovery_code: string }) => Promise<void>;
}) {
  const { t } = useTranslation('staff');
  const [sending, setSending] = useState(false);
  const isCode = kind === 'code';
  const { bind, onSubmit, showServerError, formError } = useZodForm<
    { code: string } | { recovery_code: string },
    { code: string } | { recovery_code: string }
  >({
    schema: (isCode ? codeSchema : recoverySchema) as never,
    defaultValues: (isCode ? { code: '' } : { recovery_code: '' }) as never,
    ids: (isCode ? { code: 'staff-login-code' } : { recovery_code: 'staff-login-recovery-code' }) as never,
    messageOf: (code) => t(`login.errors.${code}`),
    genericError: t('common:error_generic'),
  });
  const submit = onSubmit((request) => {
    setSending(true);
    send(request)
      .catch((error: unknown) => {
        if (!onSessionLost(error)) showServerError(asApiError(error));
      })
      .finally(() => setSending(false));
  });
  const field = bind(kind as never) as unknown as {
    value: string;
    error: string | undefined;
    onChange: (v: string) => void;
    onBlur?: () => void;
  };
  return (
    <form noValidate onSubmit={submit}>
      {/* The step's only field: focusing it is what a keyboard user expects on arriving. */}
      {isCode ? (
        <TextField
          verbatim
          id="staff-login-code"
          label={t('login.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          autoFocus={autoFocus}
          {...field}
        />
      ) : (
        <TextField
          verbatim
          id="staff-login-recovery-code"
          label={t('login.recovery_code')}
          autoComplete="off"
          maxLength={19}
          autoFocus={autoFocus}
          {...field}
        />
      )}
      <FormError error={formError} />
      <button type="submit" className="btn btn-primary" disabled={sending}>
        {button}
      </button>
    </form>
  );
}

function SetupStep({ onSessionLost, onDone }: SecondStepProps & { onDone: (codes: string[]) => void }) {
  const { t } = useTranslation('staff');
  // A query, not an effect: React's double mount in development then asks for one secret, not two.
  const setup = useQuery({
    queryKey: ['admin', 'totp-setup'],
    queryFn: () => adminFetch<TStaffTotpSetupAnswer>('/totp/setup', { method: 'POST' }),
    staleTime: Infinity,
    gcTime: 0,
  });
  if (setup.isPending) return <p role="status">{t('login.setup_loading')}</p>;
  if (setup.isError) {
    return <p role="alert">{setup.error instanceof AdminApiError ? setup.error.message : t('common:error_generic')}</p>;
  }
  const { secret, qr_code: qr } = setup.data;
  return (
    <>
      <p>{t('login.setup_intro')}</p>
      <img src={qr} alt={t('login.qr_alt')} width={200} height={200} className="d-block mb-3 border" />
      <p className="mb-1" id="staff-totp-secret-label">
        {t('login.secret_label')}
      </p>
      <p>
        <code className="fs-5 user-select-all" data-testid="totp-secret" aria-labelledby="staff-totp-secret-label">
          {secret.match(/.{1,4}/g)!.join(' ')}
        </code>
      </p>
      {/* No autofocus: the heading has the focus, so the instructions and the key are read first. */}
      <CodeForm
        kind="code"
        autoFocus={false}
        button={t('login.confirm')}
        onSessionLost={onSessionLost}
        send={async (request) => {
          const answer = await adminFetch<TStaffTotpConfirmAnswer>('/totp/confirm', { method: 'POST', body: request });
          onDone(answer.recovery_codes);
        }}
      />
    </>
  );
}

function CodeStep({ onSessionLost, onDone }: SecondStepProps & { onDone: () => void }) {
  const { t } = useTranslation('staff');
  const [useRecovery, setUseRecovery] = useState(false);
  const send = async (request: object) => {
    await adminFetch('/totp/verify', { method: 'POST', body: request });
    onDone();
  };
  return (
    <>
      <p>{useRecovery ? t('login.recovery_intro') : t('login.code_intro')}</p>
      <CodeForm
        key={useRecovery ? 'recovery' : 'code'}
        kind={useRecovery ? 'recovery_code' : 'code'}
        button={t('login.verify')}
        onSessionLost={onSessionLost}
        send={send}
      />
      <button type="button" className="btn btn-link px-0 mt-3" onClick={() => setUseRecovery((v) => !v)}>
        {useRecovery ? t('login.use_app') : t('login.use_recovery_code')}
      </button>
    </>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('staff');
  return (
    <>
      <p>{t('login.recovery_codes_intro')}</p>
      <ul
        className="list-unstyled font-monospace fs-5 row row-cols-2 g-1 mb-4"
        data-testid="recovery-codes"
        aria-label={t('login.recovery_list')}
      >
        {codes.map((code) => (
          <li key={code} className="col">
            {code}
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn-primary" onClick={onDone}>
        {t('login.saved')}
      </button>
    </>
  );
}
