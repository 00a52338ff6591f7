/**
 * Test kit of the photo moderation queue: members with uploaded photos (through the real upload
 * call), staff with a finished login, and the two queue calls.
 */
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { TPhoto } from '@cupido/shared/contracts/photos';
import type { TPhotoDecision } from '@cupido/shared/contracts/photo-moderation';
import type { TStaffRole } from '@cupido/shared/contracts/staff';
import { staffAccounts } from '../../../db/schema';
import { createStaffSession, STAFF_SESSION_COOKIE } from '../../staff/sessions';
import { linkPath, signup, type AccountsTestApp } from '../../../test/accounts-kit';
import { photoUpload, smallJpeg } from '../../photos/test-images';

let staffCounter = 0;

/** A staff account of the role with a session past the second factor; answers its id and cookie. */
export async function staffWithSession(t: AccountsTestApp, role: TStaffRole, name = `Staff ${role}`) {
  staffCounter += 1;
  const [staff] = await t.database.db
    .insert(staffAccounts)
    .values({
      email: `${role}.${process.pid}.${staffCounter}@staff.example`,
      name,
      role,
      passwordHash: 'not used: the session is made directly',
      createdAt: t.clock(),
    })
    .returning({ id: staffAccounts.id });
  const token = await createStaffSession(t.database.db, staff!.id, t.clock(), true);
  return { id: staff!.id, cookie: `${STAFF_SESSION_COOKIE}=${token}` };
}

export type Staff = Awaited<ReturnType<typeof staffWithSession>>;

/** An activated member of the site at `domain`, signed up through the API. */
export async function memberOn(t: AccountsTestApp, domain = 'localhost', name = 'Sanne') {
  const member = await signup(t, { name }, domain);
  const activation = await t.app.inject({
    method: 'GET',
    url: linkPath(member.mail, '/api/activate.php'),
    headers: { cookie: member.cookie, host: domain },
  });
  expect(activation.headers.location).toBe('/activate/done');
  return {
    cookie: member.cookie,
    email: member.body.email as string,
    domain,
    userId: member.user.id as number,
    profileId: member.user.profile.id as number,
  };
}

export type Member = Awaited<ReturnType<typeof memberOn>>;

/** Uploads a generated JPEG as the member (the real upload path: decoding, files, row). */
export async function uploadPhoto(t: AccountsTestApp, member: Member, colour = '#808080'): Promise<TPhoto> {
  const { payload, headers } = photoUpload(await smallJpeg(colour));
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/photos.php',
    payload,
    headers: { ...headers, cookie: member.cookie, host: member.domain },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().photo;
}

export function queue(t: AccountsTestApp, staff: Staff, query = ''): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url: `/admin/api/photos/queue${query}`, headers: { cookie: staff.cookie } });
}

export function review(t: AccountsTestApp, staff: Staff, decisions: Partial<TPhotoDecision>[]): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: '/admin/api/photos/review', payload: { decisions }, headers: { cookie: staff.cookie } });
}

/** The profile page of `profileId` as another member sees it. */
export async function profileSeenBy(t: AccountsTestApp, viewer: Member, profileId: number) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/member.php?id=${profileId}`,
    headers: { cookie: viewer.cookie, host: viewer.domain },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().profile as { main_image: string | null; photos: { id: number }[] };
}
