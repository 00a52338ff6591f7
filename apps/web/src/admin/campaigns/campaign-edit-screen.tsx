/**
 * One campaign (issue 30, 'campaigns.send'), or a new one at /admin/campaigns/new: the form, the
 * preview of the mail as a member gets it (the server's HTML in a sandboxed frame, scripts and
 * links off), "Send test to me", "Send to N members" behind a confirmation that names the
 * audience, and cancelling. Once sent or cancelled the text can no longer change; the counts show
 * how far the sending got.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TCampaign, TCampaignPreview, TCampaignSites } from '@cupido/shared/contracts/campaigns';
import { AdminApiError } from '../api';
import { CAMPAIGNS_KEY, campaignCalls, languageName, useCampaign, useCampaignSites } from './campaign-calls';
import { CampaignForm, draftOf, FIELD_IDS, valuesOf, type CampaignErrors, type CampaignField, type CampaignValues } from './campaign-form';
import { ConfirmPanel } from './confirm-panel';

type Busy = null | 'save' | 'preview' | 'test' | 'send' | 'cancel';

export function Component() {
  const { t } = useTranslation('campaigns');
  const params = useParams();
  const [search] = useSearchParams();
  const id = params.id === 'new' ? null : Number(params.id);
  const sites = useCampaignSites();
  const campaign = useCampaign(id);
  // Kept here, so "Saved." survives the move from /new to the new campaign's address.
  const [notice, setNotice] = useState<Notice>(null);

  if ((id !== null && campaign.isPending) || sites.isPending) return <p role="status">{t('loading')}</p>;
  if (campaign.isError || sites.isError)
    return (
      <p role="alert" className="alert alert-danger">
        {t('error')}
      </p>
    );
  const siteId = search.get('site') ?? String(sites.data.sites[0]?.id ?? '');
  // A new editor per campaign: its form starts from the stored campaign (or an empty one on the chosen site).
  return (
    <CampaignEditor
      key={id ?? 'new'}
      id={id}
      stored={campaign.data}
      sites={sites.data.sites}
      initial={valuesOf(campaign.data, siteId)}
      notice={notice}
      setNotice={setNotice}
    />
  );
}

type Notice = { text: string; error?: boolean } | null;

function CampaignEditor({
  id,
  stored,
  sites,
  initial,
  notice,
  setNotice,
}: {
  id: number | null;
  stored: TCampaign | undefined;
  sites: TCampaignSites['sites'];
  initial: CampaignValues;
  notice: Notice;
  setNotice: (notice: Notice) => void;
}) {
  const { t } = useTranslation('campaigns');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<CampaignValues>(initial);
  const [errors, setErrors] = useState<CampaignErrors>({});
  const [preview, setPreview] = useState<TCampaignPreview | null>(null);
  const [confirming, setConfirming] = useState<null | 'send' | 'cancel'>(null);
  const [busy, setBusy] = useState<Busy>(null);

  const editable = !stored || stored.status === 'draft';
  const saved = stored !== undefined && JSON.stringify(valuesOf(stored, '')) === JSON.stringify(values);
  const site = sites.find((s) => String(s.id) === values.site_id);

  const change = (field: CampaignField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  /** Runs a call; a refusal lands under its field, or above the buttons. */
  async function run<T>(what: Exclude<Busy, null>, call: () => Promise<T>, done: (answer: T) => void | Promise<void>) {
    setBusy(what);
    setNotice(null);
    try {
      await done(await call());
    } catch (error) {
      if (error instanceof AdminApiError && error.field && error.field in FIELD_IDS) {
        setErrors({ [error.field]: error.message });
        document.getElementById(FIELD_IDS[error.field as CampaignField])?.focus();
      } else {
        setNotice({ text: error instanceof Error ? error.message : t('error'), error: true });
      }
    } finally {
      setBusy(null);
    }
  }

  const withDraft = (then: (draft: Extract<ReturnType<typeof draftOf>, { draft: unknown }>['draft']) => void) => {
    const checked = draftOf(values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      const first = Object.keys(checked.errors)[0] as CampaignField;
      document.getElementById(FIELD_IDS[first])?.focus();
      return;
    }
    then(checked.draft);
  };

  const remember = (answer: TCampaign) => {
    queryClient.setQueryData([...CAMPAIGNS_KEY, 'one', answer.id], answer);
    void queryClient.invalidateQueries({ queryKey: [...CAMPAIGNS_KEY, 'list'] });
  };

  const save = () =>
    withDraft((draft) =>
      run(
        'save',
        () => (id === null ? campaignCalls.create(draft) : campaignCalls.update(id, draft)),
        async (answer) => {
          remember(answer);
          setValues(valuesOf(answer, ''));
          setNotice({ text: t('edit.saved') });
          if (id === null) await navigate(`/admin/campaigns/${answer.id}`, { replace: true });
        },
      ),
    );

  return (
    <>
      <Link to="/admin/campaigns" className="small">
        {t('edit.back')}
      </Link>
      <h1 className="h4 my-2">{stored ? t('edit.title', { subject: stored.subject }) : t('edit.title_new')}</h1>
      {stored && (
        <p className="mb-2">
          <span className="badge text-bg-secondary me-2">{t(`statuses.${stored.status}`)}</span>
          <span role="status">{t('edit.counts', stored.counts)}</span>
          {stored.status === 'sending' && (
            <button
              type="button"
              className="btn btn-link btn-sm"
              onClick={() => void queryClient.invalidateQueries({ queryKey: [...CAMPAIGNS_KEY, 'one', stored.id] })}
            >
              {t('edit.refresh')}
            </button>
          )}
        </p>
      )}
      {!editable && <p className="alert alert-info">{t('edit.read_only', { status: t(`statuses.${stored!.status}`) })}</p>}

      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <CampaignForm values={values} errors={errors} sites={sites} disabled={!editable} onChange={change} />
        {notice && (
          <p role={notice.error ? 'alert' : 'status'} className={notice.error ? 'text-danger' : 'text-success'}>
            {notice.text}
          </p>
        )}
        <div className="d-flex flex-wrap gap-2 mb-3">
          {editable && (
            <button type="submit" className="btn btn-primary" disabled={busy !== null}>
              {busy === 'save' ? t('edit.saving') : t('edit.save')}
            </button>
          )}
          <button
            type="button"
            className="btn btn-outline-primary"
            disabled={busy !== null}
            onClick={() => withDraft((draft) => void run('preview', () => campaignCalls.preview(draft), setPreview))}
          >
            {busy === 'preview' ? t('edit.previewing') : t('edit.preview')}
          </button>
          {stored && editable && (
            <>
              <button
                type="button"
                className="btn btn-outline-secondary"
                disabled={busy !== null || !saved}
                onClick={() =>
                  void run(
                    'test',
                    () => campaignCalls.test(stored.id),
                    (answer) => setNotice({ text: t('edit.test_sent', answer) }),
                  )
                }
              >
                {t('edit.test')}
              </button>
              <button
                type="button"
                className="btn btn-success"
                disabled={busy !== null || !saved || stored.counts.audience === 0}
                onClick={() => setConfirming('send')}
              >
                {t('edit.send', { count: stored.counts.audience })}
              </button>
            </>
          )}
          {stored && (stored.status === 'draft' || stored.status === 'sending') && (
            <button type="button" className="btn btn-outline-danger" disabled={busy !== null} onClick={() => setConfirming('cancel')}>
              {t('edit.cancel_campaign')}
            </button>
          )}
        </div>
        {stored && editable && !saved && <p className="form-text">{t('edit.unsaved')}</p>}
      </form>

      {stored && confirming === 'send' && (
        <ConfirmPanel
          title={t('edit.confirm_title')}
          confirm={t('edit.confirm_send')}
          keep={t('edit.keep')}
          busy={busy !== null}
          onClose={() => setConfirming(null)}
          onConfirm={() =>
            void run(
              'send',
              () => campaignCalls.send(stored.id),
              (answer) => {
                remember(answer);
                setConfirming(null);
                setNotice({ text: t('edit.sending_started') });
              },
            )
          }
        >
          {t('edit.confirm_text', {
            subject: stored.subject,
            count: stored.counts.audience,
            site: site?.name ?? stored.site_id,
            language: languageName(stored.language),
            kind: t(`kinds.${stored.kind}`).toLowerCase(),
          })}
        </ConfirmPanel>
      )}
      {stored && confirming === 'cancel' && (
        <ConfirmPanel
          title={t('edit.confirm_cancel_title')}
          confirm={t('edit.confirm_cancel')}
          keep={t('edit.keep')}
          busy={busy !== null}
          danger
          onClose={() => setConfirming(null)}
          onConfirm={() =>
            void run(
              'cancel',
              () => campaignCalls.cancel(stored.id),
              (answer) => {
                remember(answer);
                setConfirming(null);
                setNotice({ text: t('edit.cancelled') });
              },
            )
          }
        >
          {t('edit.confirm_cancel_text')}
        </ConfirmPanel>
      )}

      {preview && (
        <section aria-labelledby="campaign-preview-title" className="mt-3">
          <h2 id="campaign-preview-title" className="h5">
            {t('edit.preview_title')}
          </h2>
          <p className="mb-1">{t('edit.preview_subject', { subject: preview.subject })}</p>
          <p className="small text-body-secondary">{t('edit.preview_audience', { count: preview.audience })}</p>
          {/* sandbox="" : no scripts, no forms, no navigation from the mail's HTML. */}
          <iframe
            title={t('edit.preview_frame')}
            sandbox=""
            srcDoc={preview.html}
            className="w-100 border rounded"
            style={{ height: '32rem' }}
          />
        </section>
      )}
    </>
  );
}
