/**
 * The staff access check (plugins/staff-session.ts): a back-office route without a declared access
 * cannot be registered, and the check answers 401 / 403 before any handler runs. The full table of
 * roles against every call is features/staff/authorization.test.ts.
 */
import Fastify from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../features/accounts/passwords';
import { staffAccounts } from '../db/schema';
import { createStaffSession, STAFF_SESSION_COOKIE } from '../features/staff/sessions';
import { createTestApp, type TestApp } from '../test/test-app';
import staffSession from './staff-session';

describe('staff access check', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('refuses to start with a back-office route that does not declare who may call it', async () => {
    const app = Fastify();
    await app.register(fastifyCookie);
    await app.register(fp(async () => {}, { name: 'request-context' }));
    await app.register(staffSession, { db: t.database.db, clock: () => new Date() });
    await app.after();
    expect(() => app.get('/admin/api/forgotten', async () => ({ ok: true }))).toThrow(/must declare config.staffAccess/);
    expect(() => app.get('/admin/api/declared', { config: { staffAccess: 'audit.view' } }, async () => ({ ok: true }))).not.toThrow();
    await app.close();
  });

  it('answers 401 without a staff session, 403 before the second factor, and the member cookie counts for nothing', async () => {
    const me = await t.app.inject({ url: '/admin/api/me' });
    expect(me.json()).toEqual({ staff: null });
    const logout = await t.app.inject({ method: 'POST', url: '/admin/api/logout', cookies: { 'auth.session': 'a member token' } });
    expect(logout.statusCode).toBe(401);
    expect(logout.json().error).toMatchObject({ code: 'staff_authentication_required', message: 'Please log in to the back office.' });

    const [staff] = await t.database.db
      .insert(staffAccounts)
      .values({
        email: 'half@example.com',
        name: 'Half',
        role: 'moderator',
        passwordHash: await hashPassword('a long password'),
        createdAt: new Date(),
      })
      .returning();
    const token = await createStaffSession(t.database.db, staff!.id, new Date(), false);
    const halfway = await t.app.inject({ url: '/admin/api/me', cookies: { [STAFF_SESSION_COOKIE]: token } });
    expect(halfway.json().staff).toMatchObject({ role: 'moderator', second_factor_done: false, totp_set_up: false });
  });
});
