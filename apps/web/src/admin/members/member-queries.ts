/** The members desk's calls (GET /admin/api/members..., the account actions), as react-query keys and functions. */
import type {
  TCreditCorrectionAnswer,
  TCreditCorrectionRequest,
  TEraseMemberRequest,
  TLiftSuspensionRequest,
  TMemberActionAnswer,
  TMemberDetail,
  TMemberSearchAnswer,
  TSuspendMemberRequest,
} from '@cupido/shared/contracts/members-desk';
import { adminFetch } from '../api';

export interface MemberSearch {
  q: string;
  site_id?: number;
  page: number;
}

export const memberSearchKey = (search: MemberSearch) => ['admin', 'members', 'search', search] as const;
export const memberKey = (id: number) => ['admin', 'members', id] as const;
export const SITE_CHOICES_KEY = ['admin', 'members', 'site-choices'] as const;

export const searchMembers = (search: MemberSearch) =>
  adminFetch<TMemberSearchAnswer>('/members', { query: { q: search.q, site_id: search.site_id, page: search.page } });
export const fetchMember = (id: number) => adminFetch<TMemberDetail>(`/members/${id}`);
export const fetchSiteChoices = () => adminFetch<{ sites: { id: number; name: string; domain: string }[] }>('/members/site-choices');

export const memberActions = {
  suspend: (id: number, body: TSuspendMemberRequest) => adminFetch<TMemberActionAnswer>(`/members/${id}/suspend`, { method: 'POST', body }),
  lift: (id: number, body: TLiftSuspensionRequest) => adminFetch<TMemberActionAnswer>(`/members/${id}/lift`, { method: 'POST', body }),
  resendActivation: (id: number) => adminFetch<{ sent: true }>(`/members/${id}/resend-activation`, { method: 'POST' }),
  erase: (id: number, body: TEraseMemberRequest) => adminFetch<TMemberActionAnswer>(`/members/${id}/erase`, { method: 'POST', body }),
  correctCredits: (id: number, body: TCreditCorrectionRequest) =>
    adminFetch<TCreditCorrectionAnswer>(`/members/${id}/credits`, { method: 'POST', body }),
};
