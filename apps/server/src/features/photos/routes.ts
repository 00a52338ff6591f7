/**
 * The member's own photos:
 *   GET    /api/photos.php                  list            -> { photos, limit }
 *   POST   /api/photos.php (multipart)      upload one file -> 201 { photo, photos, limit }
 *   POST   /api/photo-main.php { id }       main photo      -> { photos, limit }
 *   DELETE /api/photo.php { id }            delete          -> { message: 'Picture deleted', photos, limit }
 * All need a logged-in member. Multipart parsing is registered here only, not app-wide.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import fastifyMultipart from '@fastify/multipart';
import { ZApiError } from '@cupido/shared/contracts/contracts';
import { PHOTO_MAX_BYTES, PHOTO_UPLOAD_FIELD, photoLimit } from '@cupido/shared/rules/photos';
import {
  ZPhotoDeletedAnswer,
  ZPhotoIdRequest,
  ZPhotosAnswer,
  ZPhotoUploadAnswer,
  type TPhotosAnswer,
} from '@cupido/shared/contracts/photos';
import { AppError } from '../../errors';
import { translate } from '../../i18n/translate';
import type { MemberRow } from '../accounts/sessions';
import { deletePhoto, listPhotos, setMainPhoto, toPhotoView, uploadPhoto, type PhotoDeps, type PhotoOwner } from './service';

export interface PhotoRoutesOptions {
  deps: PhotoDeps;
}

const errors = { 400: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 413: ZApiError, 429: ZApiError };

const photoRequired = () => new AppError(400, 'photo_required', 'errors.photo_required', {}, PHOTO_UPLOAD_FIELD);
const photoTooLarge = () =>
  new AppError(
    413,
    'photo_too_large',
    'errors.photo_too_large',
    { megabytes: Math.floor(PHOTO_MAX_BYTES / (1024 * 1024)) },
    PHOTO_UPLOAD_FIELD,
  );

function ownerOf(member: MemberRow): PhotoOwner {
  return { id: member.id, profileId: member.profileId, paidUser: member.paidUser };
}

/** The one uploaded file, read into memory (at most PHOTO_MAX_BYTES). */
async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw photoRequired();
  try {
    const file = await request.file();
    if (!file) throw photoRequired();
    const data = await file.toBuffer();
    if (data.length === 0) throw photoRequired();
    return data;
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT') throw photoTooLarge();
    if ((error as { statusCode?: number }).statusCode === 413) throw photoTooLarge();
    if (code?.startsWith('FST_')) throw photoRequired();
    // Anything else comes from parsing the request (no boundary, a truncated or garbled form):
    // the sender's mistake, not a failure of ours (it answered 500; decision 023).
    throw new AppError(400, 'invalid_request', 'errors.invalid_request', {}, PHOTO_UPLOAD_FIELD);
  }
}

export async function photoRoutes(server: FastifyInstance, { deps }: PhotoRoutesOptions) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['photos'];

  await app.register(fastifyMultipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 1024, headerPairs: 100 },
  });

  async function answer(request: FastifyRequest, member: MemberRow): Promise<TPhotosAnswer> {
    const rows = await listPhotos(deps.db, member.profileId);
    return {
      photos: rows.map((row) => toPhotoView(row, deps.storage, request.site.cdnPrefix)),
      limit: photoLimit(member.paidUser),
    };
  }

  app.get(
    '/api/photos.php',
    { schema: { tags, summary: "The member's own photos, in upload order", response: { 200: ZPhotosAnswer, 403: ZApiError } } },
    async (request) => answer(request, await request.requireMember()),
  );

  app.post(
    '/api/photos.php',
    {
      schema: {
        tags,
        summary: 'Upload one photo (multipart/form-data, file field "photo"; JPEG, PNG, WebP, HEIC where supported; at most 15 MB)',
        description:
          'The photo is decoded, turned upright, stripped of all metadata and stored as a display size (max 1280 px) and a 320 px ' +
          "square thumbnail, with status 'pending' until moderation approves it (on a site with photo_moderation 'post': 'approved' " +
          'at once, reviewed afterwards). The first photo becomes the main photo.',
        consumes: ['multipart/form-data'],
        response: { 201: ZPhotoUploadAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const member = await request.requireMember();
      const data = await readUpload(request);
      const row = await uploadPhoto(deps, ownerOf(member), data, request.site.photoModeration);
      const list = await answer(request, member);
      reply.code(201);
      return { ...list, photo: toPhotoView(row, deps.storage, request.site.cdnPrefix) };
    },
  );

  app.post(
    '/api/photo-main.php',
    {
      schema: {
        tags,
        summary: 'Make one of your photos the main photo',
        body: ZPhotoIdRequest,
        response: { 200: ZPhotosAnswer, ...errors },
      },
    },
    async (request) => {
      const member = await request.requireMember();
      await setMainPhoto(deps, ownerOf(member), request.body.id);
      return answer(request, member);
    },
  );

  app.delete(
    '/api/photo.php',
    { schema: { tags, summary: 'Delete one of your photos', body: ZPhotoIdRequest, response: { 200: ZPhotoDeletedAnswer, ...errors } } },
    async (request) => {
      const member = await request.requireMember();
      await deletePhoto(deps, ownerOf(member), request.body.id);
      return { ...(await answer(request, member)), message: translate(request.locale, 'photos.picture_deleted') };
    },
  );
}
