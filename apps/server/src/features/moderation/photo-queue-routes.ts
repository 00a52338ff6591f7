/**
 * The photo moderation queue's calls (issue 13), for roles with 'photos.moderate':
 *   GET  /admin/api/photos/queue?site_id&after&limit  waiting photos, oldest first (keyset paging)
 *   POST /admin/api/photos/review { decisions }       approve / reject up to 100 photos at once
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError } from '@cupido/shared/contracts/contracts';
import { ADMIN_API_PREFIX } from '@cupido/shared/contracts/staff';
import { ZPhotoQueue, ZPhotoQueueQuery, ZPhotoReviewAnswer, ZPhotoReviewRequest } from '@cupido/shared/contracts/photo-moderation';
import type { BackOfficeDeps } from '../../back-office-deps';
import { photoQueue, reviewPhotos } from './photo-queue';

const tags = ['back office: photo moderation'];
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError };

export const photoQueueRoutes: FastifyPluginAsyncZod<{ deps: BackOfficeDeps }> = async (app, { deps }) => {
  app.get(
    `${ADMIN_API_PREFIX}/photos/queue`,
    {
      config: { staffAccess: 'photos.moderate' },
      schema: {
        tags,
        summary: 'Photos waiting for review, oldest first',
        description:
          "Pending photos (sites in 'pre' mode) and approved but unreviewed ones ('post' mode), with the profile they belong to; " +
          'the total and the age of the oldest for the same filter; `next_after` continues the list.',
        querystring: ZPhotoQueueQuery,
        response: { 200: ZPhotoQueue, ...errors },
      },
    },
    async (request) => photoQueue(deps, request.query),
  );

  app.post(
    `${ADMIN_API_PREFIX}/photos/review`,
    {
      config: { staffAccess: 'photos.moderate' },
      schema: {
        tags,
        summary: 'Approve or reject photos',
        description:
          'All decisions of the call in one transaction. A rejection needs a reason (and a note for "other"); it hides the photo and ' +
          'sends the member a statement of reasons. A photo someone else reviewed first, or that is gone, is listed in `skipped`; ' +
          'a call with a single decision answers 409 (already reviewed) or 404 instead.',
        body: ZPhotoReviewRequest,
        response: { 200: ZPhotoReviewAnswer, 404: ZApiError, 409: ZApiError, ...errors },
      },
    },
    async (request) => reviewPhotos(deps, request.requireStaff().id, request.body.decisions),
  );
};
