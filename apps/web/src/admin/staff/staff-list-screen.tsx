/**
 * The staff accounts (issue 13, permission staff.manage): a table with each account's role (a
 * select to change it), two-factor state and a disable / enable button, and the form that creates
 * an account with an initial password. The server refuses changes to one's own account; the
 * screen does not offer them.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { STAFF_ROLES, type TStaffRole } from '@cupido/shared/contracts/staff';
import {
  STAFF_PASSWORD_MAX_LENGTH,
  STAFF_PASSWORD_MIN_LENGTH,
  ZStaffCreateRequest,
  type TStaffMember,
  type TStaffUpdateRequest,
} from '@cupido/shared/contracts/staff-access';
import { TextField } from '../../ui/form/field';
import { formSchema } from '../../ui/form/form-schema';
import { SelectField } from '../../ui/form/select-field';
import { useZodForm } from '../../ui/form/use-zod-form';
import { AdminApiError, adminFetch } from '../api';
import { useStaffMe } from '../session';
import { asApiError } from '../ui/as-api-error';
import { FormError } from './staff-form-parts';
import { TableScroll } from '../ui/table-scroll';

const STAFF_KEY = ['admin', 'staff'] as const;

export function Component() {
  const { t } = useTranslation('staff');
  const { t: common } = useTranslation('common');
  const me = useStaffMe().data?.staff;
  const queryClient = useQueryClient();
  const staff = useQuery({ queryKey: STAFF_KEY, queryFn: () => adminFetch<{ staff: TStaffMember[] }>('/staff') });
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  const update = useMutation({
    mutationFn: ({ id, change }: { id: number; change: TStaffUpdateRequest; name: string }) =>
      adminFetch<{ staff: TStaffMember }>(`/staff/${id}`, { method: 'PATCH', body: change }),
    onSuccess: (_answer, { name }) => {
      setNotice({ ok: true, text: t('list.updated', { name }) });
      return queryClient.invalidateQueries({ queryKey: STAFF_KEY });
    },
    onError: (error) => setNotice({ ok: false, text: error instanceof AdminApiError ? error.message : common('error_generic') }),
  });

  const toggle = (member: TStaffMember) => {
    if (!member.disabled && !window.confirm(t('list.confirm_disable', { name: member.name }))) return;
    update.mutate({ id: member.id, name: member.name, change: { disabled: !member.disabled } });
  };

  return (
    <>
      <h1 className="h4">{t('list.title')}</h1>
      <div aria-live="polite">
        {notice && <div className={`alert py-2 ${notice.ok ? 'alert-success' : 'alert-danger'}`}>{notice.text}</div>}
      </div>
      {staff.isPending && <p role="status">{common('loading')}</p>}
      {staff.isError && <p role="alert">{common('error_generic')}</p>}
      {staff.data && staff.data.staff.length === 0 && <p>{t('list.empty')}</p>}
      {staff.data && staff.data.staff.length > 0 && (
        <TableScroll label={t('list.table_label')} className="mb-4">
          <table className="table table-striped align-middle" aria-label={t('list.table_label')}>
            <thead>
              <tr>
                <th scope="col">{t('list.name')}</th>
                <th scope="col">{t('list.email')}</th>
                <th scope="col">{t('list.role')}</th>
                <th scope="col">{t('list.two_factor')}</th>
                <th scope="col">{t('list.status')}</th>
                <th scope="col">{t('list.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {staff.data.staff.map((member) => {
                const self = member.id === me?.id;
                return (
                  <tr key={member.id}>
                    <td>
                      {member.name}
                      {self && <span className="badge text-bg-secondary ms-2">{t('list.you')}</span>}
                    </td>
                    <td className="text-break">{member.email}</td>
                    <td>
                      <label className="visually-hidden" htmlFor={`staff-role-${member.id}`}>
                        {t('list.change_role', { name: member.name })}
                      </label>
                      <select
                        id={`staff-role-${member.id}`}
                        className="form-select form-select-sm"
                        value={member.role}
                        disabled={self || update.isPending}
                        onChange={(event) =>
                          update.mutate({ id: member.id, name: member.name, change: { role: event.target.value as TStaffRole } })
                        }
                      >
                        {STAFF_ROLES.map((role) => (
                          <option key={role} value={role}>
                            {t(`roles.${role}`)}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td>{member.totp_set_up ? t('list.set_up') : t('list.not_set_up')}</td>
                    <td>{member.disabled ? t('list.disabled') : t('list.active')}</td>
                    <td>
                      {!self && (
                        <button
                          type="button"
                          className={`btn btn-sm ${member.disabled ? 'btn-outline-success' : 'btn-outline-danger'}`}
                          disabled={update.isPending}
                          aria-label={t(member.disabled ? 'list.enable_label' : 'list.disable_label', { name: member.name })}
                          onClick={() => toggle(member)}
                        >
                          {member.disabled ? t('list.enable') : t('list.disable')}
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
      <CreateStaffForm
        onCreated={(email) => {
          setNotice({ ok: true, text: t('create.created', { email }) });
          return queryClient.invalidateQueries({ queryKey: STAFF_KEY });
        }}
      />
    </>
  );
}

const createSchema = formSchema({
  fields: z.object({ name: z.string(), email: z.string(), role: z.string(), password: z.string() }),
  rules: (v) => ({
    name: v.name.trim() ? null : 'name_required',
    email: z.string().trim().email().safeParse(v.email).success ? null : 'email_invalid',
    role: (STAFF_ROLES as readonly string[]).includes(v.role) ? null : 'role_required',
    password:
      v.password.length < STAFF_PASSWORD_MIN_LENGTH
        ? 'password_short'
        : v.password.length > STAFF_PASSWORD_MAX_LENGTH
          ? 'password_long'
          : null,
  }),
  request: (v) => ({ name: v.name.trim(), email: v.email.trim(), role: v.role as TStaffRole, password: v.password }),
  contract: ZStaffCreateRequest,
});

function CreateStaffForm({ onCreated }: { onCreated: (email: string) => Promise<unknown> }) {
  const { t } = useTranslation('staff');
  const [sending, setSending] = useState(false);
  const { bind, onSubmit, showServerError, formError, reset } = useZodForm({
    schema: createSchema,
    defaultValues: { name: '', email: '', role: '', password: '' },
    ids: { name: 'staff-new-name', email: 'staff-new-email', role: 'staff-new-role', password: 'staff-new-password' },
    messageOf: (code) => t(`create.errors.${code}`),
    genericError: t('common:error_generic'),
  });
  const submit = onSubmit((request) => {
    setSending(true);
    adminFetch<{ staff: TStaffMember }>('/staff', { method: 'POST', body: request })
      .then(async (answer) => {
        reset();
        await onCreated(answer.staff.email);
      })
      .catch((error: unknown) => showServerError(asApiError(error)))
      .finally(() => setSending(false));
  });
  return (
    <section className="card" aria-labelledby="staff-new-title" style={{ maxWidth: '36rem' }}>
      <div className="card-body">
        <h2 className="h5" id="staff-new-title">
          {t('create.title')}
        </h2>
        <form noValidate onSubmit={submit} aria-labelledby="staff-new-title">
          <TextField verbatim id="staff-new-name" label={t('create.name')} autoComplete="off" {...bind('name')} />
          <TextField id="staff-new-email" label={t('create.email')} type="email" inputMode="email" autoComplete="off" {...bind('email')} />
          <SelectField
            id="staff-new-role"
            label={t('create.role')}
            empty=""
            options={STAFF_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
            {...bind('role', { checkOnChange: true })}
          />
          <TextField
            verbatim
            id="staff-new-password"
            label={t('create.password')}
            type="password"
            autoComplete="new-password"
            help={t('create.password_help')}
            {...bind('password')}
          />
          <FormError error={formError} />
          <button type="submit" className="btn btn-primary" disabled={sending}>
            {t('create.submit')}
          </button>
        </form>
      </div>
    </section>
  );
}
