import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MODERATION_TEXT_MAX, type TAppealAnswer } from '@cupido/shared/contracts/moderation';
import type { ApiError } from '../../api/client';
import { MODERATION_NS } from './moderation-texts';

interface Props {
  /** Sends the appeal's text; answers the server's acknowledgement. */
  send(text: string): Promise<TAppealAnswer>;
  pending: boolean;
  error: ApiError | null;
}

/** The appeal: the member's own words, sent once (the server allows one appeal per decision). */
export function AppealForm({ send, pending, error }: Props) {
  const { t } = useTranslation(MODERATION_NS);
  const id = useId();
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const left = MODERATION_TEXT_MAX - text.length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (!text.trim()) return setMissing(true);
    setMissing(false);
    send(text.trim()).catch(() => {
      // Shown from `error` below.
    });
  };
  const problem = missing ? t('appeal.required') : error?.message;

  return (
    <form noValidate onSubmit={submit} className="mt-3" aria-busy={pending}>
      <label htmlFor={`${id}-text`} className="form-label fw-semibold">
        {t('appeal.label')}
      </label>
      <p id={`${id}-help`} className="form-text mt-0 mb-2">
        {t('appeal.help')}
      </p>
      <textarea
        id={`${id}-text`}
        className={`form-control${problem ? ' is-invalid' : ''}`}
        rows={5}
        value={text}
        maxLength={MODERATION_TEXT_MAX}
        aria-describedby={`${id}-help ${id}-count${problem ? ` ${id}-error` : ''}`}
        aria-invalid={problem ? true : undefined}
        onChange={(e) => setText(e.target.value)}
      />
      <p id={`${id}-count`} className="form-text text-end mb-2" aria-live="polite">
        {t('appeal.left', { left })}
      </p>
      {problem && (
        <div id={`${id}-error`} className="alert alert-danger" role="alert">
          {problem}
        </div>
      )}
      <button type="submit" className="btn btn-primary w-100" disabled={pending}>
        {pending ? t('appeal.sending') : t('appeal.submit')}
      </button>
    </form>
  );
}
