/** The back office's postback calls (decision 050): networks of a site and the log of calls to them. */
// Types only: the contract's schemas (and zod) stay out of this chunk.
import type {
  TPostbackCallLog,
  TPostbackNetwork,
  TPostbackNetworkChange,
  TPostbackNetworkCreate,
  TPostbackNetworkList,
} from '@cupido/shared/contracts/postbacks';
import { adminFetch } from '../api';

export const POSTBACK_NETWORKS_KEY = ['admin', 'postback-networks'] as const;
export const POSTBACK_CALLS_KEY = ['admin', 'postback-calls'] as const;

export const fetchPostbackNetworks = (siteId: number | undefined) =>
  adminFetch<TPostbackNetworkList>('/postback-networks', {
    query: { site_id: siteId },
  });

export const createPostbackNetwork = (body: TPostbackNetworkCreate) =>
  adminFetch<{ network: TPostbackNetwork }>('/postback-networks', {
    method: 'POST',
    body,
  });

export const updatePostbackNetwork = (id: number, body: TPostbackNetworkChange) =>
  adminFetch<{ network: TPostbackNetwork }>(`/postback-networks/${id}`, {
    method: 'PUT',
    body,
  });

export const deletePostbackNetwork = (id: number) =>
  adminFetch<{ id: number; deleted: true }>(`/postback-networks/${id}`, {
    method: 'DELETE',
  });

export const fetchPostbackCalls = (siteId: number | undefined, page: number) =>
  adminFetch<TPostbackCallLog>('/postback-calls', {
    query: { site_id: siteId, page },
  });
