/** The shared note of this fictional profile about this member (PUT .../note): who edited it last and when; empty deletes it. */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OPERATOR_NOTE_MAX, type TOperatorConversation } from '@cupido/shared/contracts/operator-console';
import { AdminApiError } from '../api';
import { conversationKey, saveNote } from './operator-calls';

const dateOf = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

export function NoteEditor({ conversation, editable }: { conversation: TOperatorConversation; editable: boolean }) {
  const { t } = useTranslation('operator');
  const id = useId();
  const queryClient = useQueryClient();
  const [body, setBody] = useState(conversation.note?.body ?? '');
  const save = useMutation({
    mutationFn: (text: string) => saveNote(conversation.conversation_id, text),
    onSuccess: ({ note }) => {
      queryClient.setQueryData<TOperatorConversation>(conversationKey(conversation.conversation_id), (current) =>
        current ? { ...current, note } : current,
      );
      setBody(note?.body ?? '');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(body);
  };
  const note = conversation.note;
  return (
    <section className="card mb-3" aria-labelledby={`${id}-title`}>
      <form className="card-body" onSubmit={submit}>
        <h2 id={`${id}-title`} className="h6">
          {t('note.title', { member: conversation.member.name })}
        </h2>
        <label className="form-label small" htmlFor={`${id}-body`}>
          {t('note.label', { fictional: conversation.fictional.name })}
        </label>
        <textarea
          id={`${id}-body`}
          className="form-control mb-1"
          rows={5}
          maxLength={OPERATOR_NOTE_MAX}
          value={body}
          readOnly={!editable}
          aria-describedby={`${id}-hint ${id}-edited`}
          onChange={(e) => setBody(e.target.value)}
        />
        <p id={`${id}-hint`} className="form-text mt-0">
          {t('note.hint')}
        </p>
        <p id={`${id}-edited`} className="small text-body-secondary">
          {note ? t('note.edited', { name: note.updated_by.name, date: dateOf(note.updated_at) }) : t('note.none')}
        </p>
        {editable && (
          <button type="submit" className="btn btn-outline-primary btn-sm" disabled={save.isPending}>
            {t('note.save')}
          </button>
        )}
        <div role="status" className="small mt-2">
          {save.isSuccess && t('note.saved')}
        </div>
        {save.isError && (
          <p role="alert" className="alert alert-danger py-2 mt-2 mb-0">
            {save.error instanceof AdminApiError ? save.error.message : t('error_generic', { ns: 'common' })}
          </p>
        )}
      </form>
    </section>
  );
}
