/**
 * One fictional profile (issue 13, 'fictional.manage'): /admin/fictional/new?site_id= creates
 * one, /admin/fictional/:id edits it and its photos. The fictional badge and the disclosure are
 * always shown: there is nothing here that makes the profile a member.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFictionalProfile } from '@cupido/shared/contracts/fictional-profiles';
import { adminFetch } from '../api';
import { FICTIONAL_KEY, useFictionalProfile, useFictionalSites } from './fictional-calls';
import { FictionalBadge } from './fictional-badge';
import { FictionalForm } from './fictional-form';
import { FictionalPhotos } from './fictional-photos';

export function Component() {
  const { t } = useTranslation('fictional');
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = params.id && params.id !== 'new' ? Number(params.id) : null;
  const profile = useFictionalProfile(id);
  const sites = useFictionalSites();

  const remember = (answer: TFictionalProfile) => {
    queryClient.setQueryData([...FICTIONAL_KEY, 'profile', answer.id], answer);
    void queryClient.invalidateQueries({ queryKey: [...FICTIONAL_KEY, 'list'] });
    return answer;
  };

  if ((id !== null && profile.isPending) || sites.isPending) return <p role="status">{t('loading')}</p>;
  if (profile.isError || sites.isError)
    return (
      <p role="alert" className="alert alert-danger">
        {profile.error?.message ?? t('error')}
      </p>
    );
  const current = id === null ? null : profile.data!;
  const siteId = current ? String(current.site_id) : (search.get('site_id') ?? '');

  return (
    <>
      <p>
        <Link to={`/admin/fictional${siteId ? `?site_id=${siteId}` : ''}`}>{t('edit.back')}</Link>
      </p>
      <h1 id="fictional-title" className="h4">
        {current ? t('edit.title', { name: current.name }) : t('edit.title_new')}
        <FictionalBadge />
      </h1>
      <p className="alert alert-warning">{t('edit.disclosure')}</p>
      <FictionalForm
        key={current?.id ?? 'new'}
        profile={current}
        siteId={siteId}
        sites={sites.data!.sites}
        onCreate={async (request) => {
          const answer = remember(await adminFetch<TFictionalProfile>('/fictional-profiles', { method: 'POST', body: request }));
          void navigate(`/admin/fictional/${answer.id}`, { replace: true });
          return answer;
        }}
        onUpdate={async (request) =>
          remember(await adminFetch<TFictionalProfile>(`/fictional-profiles/${current!.id}`, { method: 'PUT', body: request }))
        }
      />
      {current ? (
        <FictionalPhotos profile={current} onChange={remember} />
      ) : (
        <p className="text-body-secondary">{t('photos.save_first')}</p>
      )}
    </>
  );
}
