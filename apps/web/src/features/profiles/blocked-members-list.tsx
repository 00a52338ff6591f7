import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TBlockList } from '@cupido/shared/contracts/blocks';
import type { TBlockAnswer } from '@cupido/shared/contracts/profiles';
import { routePath } from '@cupido/shared/rules/routes';
import { ApiError, apiGet, request } from '../../api/client';
import { ServerError } from '../session/server-error';
import { useLocale } from '../locale/use-locale';
import { PROFILES_NS, ProfilesTexts } from './profiles-texts';
import { ProfilePhoto } from '../profile-cards/profile-card';
import './profiles.scss';

export const BLOCKS_QUERY_KEY = ['blocks'] as const;

/** GET /api/blocks.php, the member's own blocks, newest first; Unblock is DELETE /api/block.php. */
export default function BlockedMembersList() {
  return (
    <ProfilesTexts fallback={null}>
      <BlockList />
    </ProfilesTexts>
  );
}

function BlockList() {
  const { t } = useTranslation(PROFILES_NS);
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const [unblocked, setUnblocked] = useState<string | null>(null);
  const list = useQuery<TBlockList, ApiError>({ queryKey: BLOCKS_QUERY_KEY, queryFn: () => apiGet<TBlockList>('/api/blocks.php') });
  const unblock = useMutation<TBlockAnswer, ApiError, { profileId: number; name: string }>({
    mutationFn: ({ profileId }) => request<TBlockAnswer>('/api/block.php', { method: 'DELETE', body: { profile_id: profileId } }),
    onSuccess: (_answer, { profileId, name }) => {
      setUnblocked(name);
      queryClient.setQueryData<TBlockList>(
        BLOCKS_QUERY_KEY,
        (current) => current && { blocks: current.blocks.filter((b) => b.profile_id !== profileId) },
      );
      // The unblocked profile shows up in search and on its page again.
      void queryClient.invalidateQueries({ queryKey: ['search'] });
      void queryClient.invalidateQueries({ queryKey: ['member'] });
    },
  });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });

  return (
    <section className="mb-5" aria-labelledby="settings-blocks-title" id="blocked-members">
      <h2 id="settings-blocks-title" className="h5">
        {t('blockList.title')}
      </h2>
      <p className="text-body-secondary">{t('blockList.intro')}</p>
      <div aria-live="polite">
        {unblocked && (
          <p id="blocked-members-notice" className="alert alert-success py-2" role="status">
            {t('blockList.unblocked', { name: unblocked })}
          </p>
        )}
      </div>
      <ServerError error={list.error ?? unblock.error} id="blocked-members-error" />
      {list.data && list.data.blocks.length === 0 && <p id="blocked-members-none">{t('blockList.none')}</p>}
      {list.data && list.data.blocks.length > 0 && (
        <ul id="blocked-members-list" className="list-group">
          {list.data.blocks.map((block) => (
            <li key={block.profile_id} className="list-group-item d-flex align-items-center gap-3" data-profile-id={block.profile_id}>
              <div className="member-avatar overflow-hidden rounded-circle flex-shrink-0" style={{ width: 48, height: 48 }}>
                <ProfilePhoto name={block.name} src={block.main_image} />
              </div>
              <div className="me-auto text-break">
                <Link to={routePath('members-id', { id: block.profile_id })} className="fw-semibold">
                  {block.name}
                </Link>
                <div className="small text-body-secondary">{t('blockList.since', { date: date.format(new Date(block.blocked_at)) })}</div>
              </div>
              <button
                type="button"
                className="btn btn-outline-secondary btn-sm"
                disabled={unblock.isPending}
                aria-label={t('blockList.unblockLabel', { name: block.name })}
                onClick={() => unblock.mutate({ profileId: block.profile_id, name: block.name })}
              >
                {t('blockList.unblock')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
