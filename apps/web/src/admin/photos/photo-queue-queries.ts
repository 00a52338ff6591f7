/** The photo queue's calls (GET /admin/api/photos/queue, POST /admin/api/photos/review) for react-query. */
import type { TPhotoDecision, TPhotoQueue, TPhotoReviewAnswer } from '@cupido/shared/contracts/photo-moderation';
import { adminFetch } from '../api';

export interface QueuePosition {
  siteId: number | undefined;
  /** The cursor of the page shown; undefined: from the oldest photo. */
  after: string | undefined;
}

export const PHOTO_QUEUE_KEY = ['admin', 'photos', 'queue'] as const;
export const photoQueueKey = (position: QueuePosition) =>
  [...PHOTO_QUEUE_KEY, position.siteId ?? 'all', position.after ?? 'first'] as const;

export const fetchPhotoQueue = ({ siteId, after }: QueuePosition) =>
  adminFetch<TPhotoQueue>('/photos/queue', { query: { site_id: siteId, after } });

export const reviewPhotos = (decisions: TPhotoDecision[]) =>
  adminFetch<TPhotoReviewAnswer>('/photos/review', { method: 'POST', body: { decisions } });
