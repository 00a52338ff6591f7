import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  POSTBACK_NETWORK_MAX,
  POSTBACK_PLACEHOLDERS,
  POSTBACK_URL_MAX,
  postbackTemplateProblem,
  unknownPostbackPlaceholders,
} from '@cupido/shared/rules/postbacks';
import type { TPostbackNetwork, TPostbackNetworkChange } from '@cupido/shared/contracts/postbacks';
import { TextField } from '../../ui/form/field';
import type { AdminApiError } from '../api';
import { createPostbackNetwork, POSTBACK_NETWORKS_KEY, updatePostbackNetwork } from './postback-calls';

interface NetworkFormProps {
  siteId: number;
  /** The network changed; a new one when absent. */
  network?: TPostbackNetwork;
  onSaved(name: string): void;
  onCancel?(): void;
}

/**
 * Adding or changing a network: its name, the URL template and whether it is called. The template
 * is checked here as the server checks it (shared/rules/postbacks.ts); the server's refusals (a name that
 * resolves to a private address, a name the site has) land under their field.
 */
export function NetworkForm({ siteId, network, onSaved, onCancel }: NetworkFormProps) {
  const { t } = useTranslation('postbacks');
  const id = useId();
  const queryClient = useQueryClient();
  const [name, setName] = useState(network?.network ?? '');
  const [template, setTemplate] = useState(network?.url_template ?? '');
  const [enabled, setEnabled] = useState(network?.enabled ?? true);
  const [errors, setErrors] = useState<{
    network?: string;
    url_template?: string;
  }>({});
  const save = useMutation<{ network: TPostbackNetwork }, AdminApiError, TPostbackNetworkChange>({
    mutationFn: (body) => (network ? updatePostbackNetwork(network.id, body) : createPostbackNetwork({ ...body, site_id: siteId })),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: POSTBACK_NETWORKS_KEY });
      if (!network) {
        setName('');
        setTemplate('');
        setEnabled(true);
      }
      onSaved(answer.network.network);
    },
    onError: (error) => {
      if (error.field === 'network' || error.field === 'url_template') setErrors({ [error.field]: error.message });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const next: typeof errors = {};
    if (!name.trim()) next.network = t('form.errors.name_required');
    // The server's demo double (http://127.0.0.1:<port>) is the server's to judge: allowed here.
    const problem = postbackTemplateProblem(template, {
      allowLoopbackDouble: true,
    });
    if (problem)
      next.url_template = t(`form.errors.${problem}`, {
        names: unknownPostbackPlaceholders(template.trim()).join(', '),
      });
    setErrors(next);
    if (next.network || next.url_template) return;
    save.mutate({
      network: name.trim(),
      url_template: template.trim(),
      enabled,
    });
  };

  const title = network ? t('form.edit_title', { name: network.network }) : t('form.add_title');
  const fieldError = save.error && save.error.field !== 'network' && save.error.field !== 'url_template' ? save.error.message : null;
  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`} aria-busy={save.isPending} className="card card-body mb-4">
      <h3 id={`${id}-title`} className="h5">
        {title}
      </h3>
      <TextField
        id={`${id}-name`}
        label={t('form.name')}
        value={name}
        error={errors.network}
        onChange={(value) => {
          setName(value);
          if (errors.network) setErrors({ ...errors, network: undefined });
        }}
        help={t('form.name_help')}
        verbatim
        maxLength={POSTBACK_NETWORK_MAX}
      />
      <TextField
        id={`${id}-url`}
        label={t('form.url')}
        value={template}
        error={errors.url_template}
        onChange={(value) => {
          setTemplate(value);
          if (errors.url_template) setErrors({ ...errors, url_template: undefined });
        }}
        help={t('form.url_help', {
          placeholders: POSTBACK_PLACEHOLDERS.map((p) => `{${p}}`).join(' '),
        })}
        verbatim
        inputMode="text"
        maxLength={POSTBACK_URL_MAX}
      />
      <div className="form-check mb-3">
        <input
          id={`${id}-enabled`}
          className="form-check-input"
          type="checkbox"
          checked={enabled}
          onChange={(e) => setEnabled(e.target.checked)}
        />
        <label htmlFor={`${id}-enabled`} className="form-check-label">
          {t('form.enabled')}
        </label>
      </div>
      {fieldError && (
        <div className="alert alert-danger" role="alert">
          {fieldError}
        </div>
      )}
      <div className="d-flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? t('form.saving') : network ? t('form.save') : t('form.add')}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
            {t('form.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
