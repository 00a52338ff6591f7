/** The site editor's calls (GET /admin/api/sites, GET and PATCH /admin/api/sites/:id), as react-query keys and functions. */
import type { TSiteDetailAnswer, TSiteListAnswer, TSiteUpdateRequest } from '@cupido/shared/contracts/site-settings';
import { adminFetch } from '../api';

export const SITES_KEY = ['admin', 'sites'] as const;
export const siteKey = (id: number) => ['admin', 'sites', id] as const;

export const fetchSites = () => adminFetch<TSiteListAnswer>('/sites');
export const fetchSite = (id: number) => adminFetch<TSiteDetailAnswer>(`/sites/${id}`);
export const updateSite = (id: number, body: TSiteUpdateRequest) =>
  adminFetch<TSiteDetailAnswer>(`/sites/${id}`, { method: 'PATCH', body });
