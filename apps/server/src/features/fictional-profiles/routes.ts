/**
 * Fictional profiles in the back office (issue 13, 'fictional.manage'):
 *   GET    /admin/api/fictional-profiles/sites                      the sites (and their countries) to choose from
 *   GET    /admin/api/fictional-profiles?site_id=&q=&page=          a site's fictional profiles, paged, by name
 *   POST   /admin/api/fictional-profiles                            create -> 201 the profile
 *   GET    /admin/api/fictional-profiles/:id                        the profile with its photos
 *   PUT    /admin/api/fictional-profiles/:id                        edit the fields named
 *   POST   /admin/api/fictional-profiles/:id/photos (multipart)     upload a photo (approved at once)
 *   DELETE /admin/api/fictional-profiles/:id/photos/:photo_id       delete a photo
 *   POST   /admin/api/fictional-profiles/:id/photos/:photo_id/main  make it the main photo
 * There is deliberately no call that makes one a member or a member fictional.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import { ZApiError } from '@cupido/shared/contracts/contracts';
import { ADMIN_API_PREFIX } from '@cupido/shared/contracts/staff';
import { PHOTO_MAX_BYTES } from '@cupido/shared/rules/photos';
import {
  ZFictionalList,
  ZFictionalListQuery,
  ZFictionalSites,
  ZFictionalProfile,
  ZFictionalProfileCreate,
  ZFictionalProfileUpdate,
} from '@cupido/shared/contracts/fictional-profiles';
import type { BackOfficeDeps } from '../../back-office-deps';
import { AppError } from '../../errors';
import { siteChoices } from '../sites/for-back-office';
import {
  addFictionalPhoto,
  createFictional,
  deleteFictionalPhoto,
  fictionalProfileList,
  fictionalProfileView,
  setFictionalMainPhoto,
  updateFictional,
} from './service';

const tags = ['back office: fictional profiles'];
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 413: ZApiError };
const base = `${ADMIN_API_PREFIX}/fictional-profiles`;
const config = { staffAccess: 'fictional.manage' as const };
// Path parameters arrive as text; ids fit an int4 column.
const zPathId = () => z.coerce.number().int().positive().max(2_147_483_647);
const ZProfileParams = z.object({ id: zPathId() });
const ZPhotoParams = z.object({ id: zPathId(), photo_id: zPathId() });

const photoRequired = () => new AppError(400, 'photo_required', 'staff.fictional.errors.photo_required', {}, 'photo');
const photoTooLarge = () =>
  new AppError(
    413,
    'photo_too_large',
    'staff.fictional.errors.photo_too_large',
    { megabytes: Math.floor(PHOTO_MAX_BYTES / (1024 * 1024)) },
    'photo',
  );

/** The one uploaded file (at most PHOTO_MAX_BYTES), as the members' upload reads it. */
async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw photoRequired();
  try {
    const file = await request.file();
    const data = file ? await file.toBuffer() : null;
    if (!data || data.length === 0) throw photoRequired();
    return data;
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || (error as { statusCode?: number }).statusCode === 413) throw photoTooLarge();
    throw photoRequired();
  }
}

export const fictionalProfileRoutes: FastifyPluginAsyncZod<{ deps: BackOfficeDeps }> = async (app, { deps }) => {
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 1024, headerPairs: 100 },
  });

  app.get(
    `${base}/sites`,
    { config, schema: { tags, summary: 'The sites to choose from, with their countries', response: { 200: ZFictionalSites, ...errors } } },
    async () => ({ sites: await siteChoices(deps.db) }),
  );

  app.get(
    base,
    {
      config,
      schema: {
        tags,
        summary: "A site's fictional profiles, 25 a page, by a part of the name",
        querystring: ZFictionalListQuery,
        response: { 200: ZFictionalList, ...errors },
      },
    },
    async (request) => fictionalProfileList(deps, request.query),
  );

  app.post(
    base,
    {
      config,
      schema: {
        tags,
        summary: 'Create a fictional profile (always fictional; no account)',
        description:
          'The fields are checked by the rules of the member profile; any other field (is_fictional, user_id, email) is refused.',
        body: ZFictionalProfileCreate,
        response: { 201: ZFictionalProfile, ...errors },
      },
    },
    async (request, reply) => {
      const id = await createFictional(deps, request.requireStaff().id, request.body);
      reply.code(201);
      return fictionalProfileView(deps, id);
    },
  );

  app.get(
    `${base}/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'One fictional profile with its photos',
        params: ZProfileParams,
        response: { 200: ZFictionalProfile, ...errors },
      },
    },
    async (request) => fictionalProfileView(deps, request.params.id),
  );

  app.put(
    `${base}/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'Edit the fields named (a partial update)',
        params: ZProfileParams,
        body: ZFictionalProfileUpdate,
        response: { 200: ZFictionalProfile, ...errors },
      },
    },
    async (request) => {
      await updateFictional(deps, request.requireStaff().id, request.params.id, request.body);
      return fictionalProfileView(deps, request.params.id);
    },
  );

  app.post(
    `${base}/:id/photos`,
    {
      config,
      schema: {
        tags,
        summary:
          'Upload a photo (multipart/form-data, file field "photo"); processed like a member\'s, metadata stripped, approved at once',
        consumes: ['multipart/form-data'],
        params: ZProfileParams,
        response: { 201: ZFictionalProfile, ...errors },
      },
    },
    async (request, reply) => {
      const staff = request.requireStaff();
      const data = await readUpload(request);
      await addFictionalPhoto(deps, staff.id, request.params.id, data);
      reply.code(201);
      return fictionalProfileView(deps, request.params.id);
    },
  );

  app.delete(
    `${base}/:id/photos/:photo_id`,
    {
      config,
      schema: { tags, summary: 'Delete a photo of the profile', params: ZPhotoParams, response: { 200: ZFictionalProfile, ...errors } },
    },
    async (request) => {
      await deleteFictionalPhoto(deps, request.requireStaff().id, request.params.id, request.params.photo_id);
      return fictionalProfileView(deps, request.params.id);
    },
  );

  app.post(
    `${base}/:id/photos/:photo_id/main`,
    {
      config,
      schema: { tags, summary: 'Make the photo the main photo', params: ZPhotoParams, response: { 200: ZFictionalProfile, ...errors } },
    },
    async (request) => {
      await setFictionalMainPhoto(deps, request.requireStaff().id, request.params.id, request.params.photo_id);
      return fictionalProfileView(deps, request.params.id);
    },
  );
};
