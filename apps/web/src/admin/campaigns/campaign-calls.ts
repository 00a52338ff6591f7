/** The campaigns' calls (issue 30, 'campaigns.send') and their query keys. */
import { useQuery } from '@tanstack/react-query';
import type {
  TCampaign,
  TCampaignDraft,
  TCampaignList,
  TCampaignPreview,
  TCampaignSites,
  TCampaignTestSendAnswer,
} from '@cupido/shared/contracts/campaigns';
import { adminFetch } from '../api';

export const CAMPAIGNS_KEY = ['admin', 'campaigns'] as const;

export function useCampaignSites() {
  return useQuery({
    queryKey: [...CAMPAIGNS_KEY, 'sites'],
    queryFn: () => adminFetch<TCampaignSites>('/campaigns/sites'),
    staleTime: 60_000,
  });
}

export function useCampaigns(siteId: number | undefined) {
  return useQuery({
    queryKey: [...CAMPAIGNS_KEY, 'list', siteId ?? 'all'],
    queryFn: () => adminFetch<TCampaignList>('/campaigns', { query: { site_id: siteId } }),
  });
}

export function useCampaign(id: number | null) {
  return useQuery({
    queryKey: [...CAMPAIGNS_KEY, 'one', id],
    queryFn: () => adminFetch<TCampaign>(`/campaigns/${id}`),
    enabled: id !== null,
  });
}

export const campaignCalls = {
  create: (draft: TCampaignDraft) => adminFetch<TCampaign>('/campaigns', { method: 'POST', body: draft }),
  update: (id: number, draft: TCampaignDraft) => adminFetch<TCampaign>(`/campaigns/${id}`, { method: 'PUT', body: draft }),
  preview: (draft: TCampaignDraft) => adminFetch<TCampaignPreview>('/campaigns/preview', { method: 'POST', body: draft }),
  test: (id: number) => adminFetch<TCampaignTestSendAnswer>(`/campaigns/${id}/test`, { method: 'POST' }),
  send: (id: number) => adminFetch<TCampaign>(`/campaigns/${id}/send`, { method: 'POST' }),
  cancel: (id: number) => adminFetch<TCampaign>(`/campaigns/${id}/cancel`, { method: 'POST' }),
};

/** The language's English name, for staff: 'nl' -> 'Dutch'. */
export function languageName(code: string): string {
  return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
}
