import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EMAIL_MAX_LENGTH } from '@cupido/shared/rules/email';
import {
  COMPLAINT_NAME_MAX,
  COMPLAINT_TEXT_MAX,
  COMPLAINT_TOPICS,
  complaintProblems,
  isComplaintTopic,
  type TComplaintTopic,
} from '@cupido/shared/rules/complaints';
import type { TComplaintAnswer } from '@cupido/shared/contracts/complaints';
import type { ApiError } from '../../api/client';
import { TextAreaField, TextField } from '../../ui/form/field';
import { SelectField } from '../../ui/form/select-field';
import { useSession } from '../session/use-session';
import { useFileComplaint } from './complaint-calls';
import { COMPLAINTS_NS } from './complaints-texts';

type Field = 'topic' | 'name' | 'email' | 'text';

/** Element ids, in the order of the form: a send with problems focuses the first of them. */
const IDS: Record<Field, string> = { topic: 'complaint-topic', name: 'complaint-name', email: 'complaint-email', text: 'complaint-text' };
const FIELDS = Object.keys(IDS) as Field[];
const isField = (field: string | undefined): field is Field => field !== undefined && field in IDS;

/** The limit a code speaks of, for its message. */
const LIMITS: Partial<Record<string, number>> = {
  complaint_text_too_long: COMPLAINT_TEXT_MAX,
  complaint_name_too_long: COMPLAINT_NAME_MAX,
};

/** A message the server sent about a field (already translated), and the value it refused. */
interface ServerFieldError {
  message: string;
  refused: string;
}

/**
 * The complaint: topic, name (optional), e-mail and the complainant's words. Plain state with the
 * shared zod-free rules (shared/rules/complaints.ts), so this visitor page loads no schema library; it
 * behaves as the app's other forms do (decision 025): a problem shows once its field was left or
 * the form sent and goes as soon as the value is right, a refused send focuses the first problem,
 * and a server error that names a field stays under it until that field changes, any other shows
 * above the button. A member's e-mail field starts with the account's address and may be emptied
 * (the server then answers to the account's address).
 */
export function ComplaintForm({ onSent }: { onSent: (answer: TComplaintAnswer) => void }) {
  const { t } = useTranslation(COMPLAINTS_NS);
  const { user } = useSession();
  const send = useFileComplaint();
  const [topic, setTopic] = useState('');
  const [name, setName] = useState('');
  // null until typed in: the account's address, which arrives with the session, fills it until then.
  const [typedEmail, setTypedEmail] = useState<string | null>(null);
  const [text, setText] = useState('');
  const email = typedEmail ?? user?.email ?? '';
  const values: Record<Field, string> = { topic, name, email, text };

  const [left, setLeft] = useState<ReadonlySet<Field>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, ServerFieldError>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const problems: Partial<Record<Field, string>> = {
    ...(isComplaintTopic(topic) ? {} : { topic: 'topic' }),
    ...complaintProblems({ name, email, text }, user?.email ?? null),
  };
  const errorOf = (field: Field): string | undefined => {
    const server = serverErrors[field];
    if (server && server.refused === values[field]) return server.message;
    const code = problems[field];
    if (!code || !(submitted || left.has(field))) return undefined;
    return t(`errors.${code}`, { max: LIMITS[code] });
  };
  const focus = (field: Field) => document.getElementById(IDS[field])?.focus();

  const bind = (field: Field, onChange: (value: string) => void) => ({
    value: values[field],
    error: errorOf(field),
    onChange,
    onBlur: () => setLeft((fields) => (fields.has(field) ? fields : new Set(fields).add(field))),
  });

  const showServerError = (error: ApiError) => {
    if (isField(error.field)) {
      const field = error.field;
      setServerErrors((current) => ({ ...current, [field]: { message: error.message, refused: values[field] } }));
      focus(field);
    } else {
      // Status 0: no answer at all (offline); its text is the browser's, not ours.
      setFormError(error.status === 0 ? t('errors.generic') : error.message);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    setSubmitted(true);
    setFormError(null);
    const first = FIELDS.find((field) => problems[field]);
    if (first) return focus(first);
    const complaint = { topic: topic as TComplaintTopic, name: name.trim(), email: email.trim(), text: text.trim() };
    send.mutate(complaint, { onSuccess: onSent, onError: showServerError });
  };

  return (
    <form id="complaint-form" noValidate onSubmit={submit} aria-busy={send.isPending}>
      <SelectField
        id={IDS.topic}
        label={t('form.topic')}
        empty={t('form.choose')}
        options={COMPLAINT_TOPICS.map((id) => ({ value: id, label: t(`form.topics.${id}`) }))}
        {...bind('topic', setTopic)}
      />
      <TextField id={IDS.name} label={t('form.name')} autoComplete="name" maxLength={COMPLAINT_NAME_MAX} {...bind('name', setName)} />
      <TextField
        id={IDS.email}
        label={t('form.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={EMAIL_MAX_LENGTH}
        help={t(user ? 'form.emailHelpMember' : 'form.emailHelp')}
        {...bind('email', setTypedEmail)}
      />
      <TextAreaField
        id={IDS.text}
        label={t('form.text')}
        rows={6}
        maxLength={COMPLAINT_TEXT_MAX}
        help={
          <>
            <span className="d-block">{t('form.textHelp')}</span>
            {t('form.charactersLeft', { count: COMPLAINT_TEXT_MAX - text.length })}
          </>
        }
        {...bind('text', setText)}
      />
      {formError && (
        <div id="complaint-error" className="alert alert-danger" role="alert">
          {formError}
        </div>
      )}
      <button id="complaint-submit" type="submit" className="btn btn-primary" disabled={send.isPending}>
        {send.isPending ? t('form.sending') : t('form.submit')}
      </button>
    </form>
  );
}
