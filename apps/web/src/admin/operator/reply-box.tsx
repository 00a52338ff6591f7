/**
 * The reply as the fictional profile (credit free). While typing, the screen judges the text with
 * the answer call's own rules (`replyRefusals` of the shared operator-guardrails-refusal: the
 * guardrails as a reader sees the text, a denial of the fiction, the honest answer when due),
 * warns about each reason and keeps Send disabled; the server checks again and its refusal is
 * shown as it words it. When the member asked whether the profile is real, the honest answer of
 * the site must go first: a panel offers exactly that text and the ordinary reply waits.
 * Each reply carries a client id, the same for retries of the same text, so a retry sends once.
 */
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { replyRefusals } from '@cupido/shared/rules/operator-guardrails-refusal';
import type { TOperatorConversation, TOperatorSendAnswer } from '@cupido/shared/contracts/operator-console';
import type { LocaleCode } from '@cupido/shared/rules/locales';
import { AdminApiError } from '../api';
import { sendReply } from './operator-calls';

interface Props {
  conversation: TOperatorConversation;
  onSent(answer: TOperatorSendAnswer): void;
}

export function ReplyBox({ conversation, onSent }: Props) {
  const { t } = useTranslation('operator');
  const id = useId();
  const [text, setText] = useState('');
  // The client id of the last text tried: a retry of the same text keeps it, another text gets a new one.
  const attempt = useRef<{ text: string; clientId: string } | null>(null);
  const send = useMutation({
    mutationFn: (reply: string) => {
      if (attempt.current?.text !== reply) attempt.current = { text: reply, clientId: crypto.randomUUID() };
      return sendReply(conversation.conversation_id, reply, attempt.current.clientId);
    },
    onSuccess: (answer) => {
      attempt.current = null;
      setText('');
      onSent(answer);
    },
  });

  const honestDue = conversation.honest_answer_due;
  const { text: honestText, translations: honestTranslations } = conversation.honest_answer;
  // What the server would refuse, for the same reasons (nothing to warn about before a word is typed).
  const violations = useMemo(
    () => (text.trim() === '' ? [] : replyRefusals(text, [honestText, ...Object.values(honestTranslations)], honestDue)),
    [text, honestText, honestTranslations, honestDue],
  );
  const canSend = !honestDue && text.trim() !== '' && violations.length === 0 && !send.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSend) send.mutate(text);
  };
  const language = (code: LocaleCode) => t(`languages.${code}`);
  const translations = Object.entries(conversation.honest_answer.translations).filter(([code]) => code !== conversation.language) as [
    LocaleCode,
    string,
  ][];

  return (
    <section aria-labelledby={`${id}-label`}>
      {honestDue && (
        <div className="alert alert-warning border-2" role="region" aria-labelledby={`${id}-honest`}>
          <h2 id={`${id}-honest`} className="h5">
            {t('reply.honest_title')}
          </h2>
          <p className="small mb-1">{t('reply.honest_text', { language: language(conversation.language) })}</p>
          <blockquote className="bg-body p-2 rounded text-break" lang={conversation.language}>
            {conversation.honest_answer.text}
          </blockquote>
          {translations.length > 0 && (
            <details className="mb-2 small">
              <summary>{t('reply.honest_translations')}</summary>
              <dl className="mt-2 mb-0">
                {translations.map(([code, translation]) => (
                  <div key={code}>
                    <dt>{language(code)}</dt>
                    <dd lang={code} className="text-break">
                      {translation}
                    </dd>
                  </div>
                ))}
              </dl>
            </details>
          )}
          <button
            type="button"
            className="btn btn-primary"
            disabled={send.isPending}
            onClick={() => send.mutate(conversation.honest_answer.text)}
          >
            {t('reply.honest_send')}
          </button>
        </div>
      )}
      <form onSubmit={submit}>
        <label id={`${id}-label`} className="form-label" htmlFor={`${id}-text`}>
          {t('reply.label', { name: conversation.fictional.name })}
        </label>
        <textarea
          id={`${id}-text`}
          className={`form-control${violations.length > 0 ? ' is-invalid' : ''}`}
          rows={4}
          value={text}
          lang={conversation.language}
          disabled={honestDue}
          aria-describedby={`${id}-rules ${id}-violations`}
          aria-invalid={violations.length > 0}
          onChange={(e) => setText(e.target.value)}
        />
        <p id={`${id}-rules`} className="form-text">
          {honestDue ? t('reply.disabled_honest') : t('reply.guardrails')}
        </p>
        <div id={`${id}-violations`} role="status" className="text-danger small">
          {violations.length > 0 && (
            <>
              {t('reply.violations')}
              <ul className="mb-2">
                {violations.map((v) =>
                  v.code === 'honest_answer_required' ? (
                    <li key={v.code}>{t('reply.honest_required')}</li>
                  ) : (
                    <li key={`${v.code}-${v.match}`}>{t(`reply.rule.${v.rule}`, { match: v.match })}</li>
                  ),
                )}
              </ul>
            </>
          )}
        </div>
        {send.isError && (
          <p role="alert" className="alert alert-danger py-2">
            {send.error instanceof AdminApiError ? send.error.message : t('error_generic', { ns: 'common' })}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={!canSend}>
          {send.isPending ? t('reply.sending') : t('reply.send')}
        </button>
      </form>
    </section>
  );
}
