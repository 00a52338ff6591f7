/**
 * The table-driven authorization suite (issue 13): EVERY route under ADMIN_API_PREFIX, whatever
 * feature added it, called by every role and without a staff session. A route that needs a
 * permission answers 403 staff_forbidden exactly to the roles ROLE_PERMISSIONS denies it, and is
 * not refused by the access check for the roles that have it (the handler may still answer 400 or
 * 404: no bodies are sent). Without a staff cookie, with only a member's session, and with a
 * session still missing its second factor, the check refuses before any handler runs.
 *
 * The routes are collected as the app registers them: fastify's factory is wrapped so that every
 * instance gets an onRoute hook before buildApp adds a single route (the app itself is the real one).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ADMIN_API_PREFIX,
  ROLE_PERMISSIONS,
  STAFF_PERMISSIONS,
  STAFF_ROLES,
  type TStaffPermission,
  type TStaffRole,
} from '@cupido/shared/contracts/staff';
import { createSession } from '../accounts/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { seedDemoMember } from '../../seed/demo-member';
import { users } from '../../db/schema';
import { createStaffAccount } from './accounts';
import { createStaffSession, STAFF_SESSION_COOKIE } from './sessions';

interface CollectedRoute {
  method: string;
  url: string;
  access: string | undefined;
}

const collected = vi.hoisted(() => [] as CollectedRoute[]);

vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof import('fastify')>();
  const factory = ((options?: object) => {
    const app = actual.default(options);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        collected.push({
          method,
          url: route.url ?? route.path,
          access: (route.config as { staffAccess?: string } | undefined)?.staffAccess,
        });
      }
    });
    return app;
  }) as unknown as typeof actual.default;
  return { ...actual, default: factory, fastify: factory };
});

/**
 * Which accesses a route of each area of the back office may declare (the first path segment after
 * ADMIN_API_PREFIX), so a call cannot declare a looser permission than its screen's by mistake. A
 * new area must be added here on purpose. And a call that changes something never declares a
 * `.view` permission.
 */
const AREA_ACCESS: Record<string, readonly string[]> = {
  me: ['public'],
  login: ['public'],
  logout: ['second-factor'],
  totp: ['second-factor'],
  staff: ['staff.manage'],
  photos: ['photos.moderate'],
  reports: ['reports.decide'],
  // Complaints wait in the reports queue (issue 31, decision 047).
  complaints: ['reports.decide'],
  appeals: ['appeals.decide'],
  members: ['members.view', 'members.manage', 'credits.correct'],
  sites: ['sites.edit'],
  // A site's affiliate networks and the log of their calls (issue 31, decision 050): site setup.
  'postback-networks': ['sites.edit'],
  'postback-calls': ['sites.edit'],
  'fictional-profiles': ['fictional.manage'],
  dashboard: ['dashboard.view'],
  // The traffic figures (issue 31, decision 054): figures like the dashboard's.
  traffic: ['dashboard.view'],
  audit: ['audit.view'],
  conversations: ['conversations.answer'],
  operator: ['conversations.answer'],
  payments: ['payments.manage'],
  revenue: ['payments.manage'],
  campaigns: ['campaigns.send'],
};

const ACCESS_CODES = new Set(['staff_authentication_required', 'staff_second_factor_required', 'staff_forbidden']);

let t: TestApp;
const staffIds = new Map<TStaffRole, number>();
let halfwayStaffId: number;
let memberToken: string;
let routes: CollectedRoute[];

beforeAll(async () => {
  t = await createTestApp();
  const now = new Date();
  for (const role of STAFF_ROLES) {
    const staff = await createStaffAccount(
      t.database.db,
      {
        email: `authz.${role}@staff.example`,
        name: role,
        role,
        password: 'authorization suite',
        confirmedTotpSecret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ',
      },
      null,
      now,
    );
    staffIds.set(role, staff.id);
  }
  halfwayStaffId = (
    await createStaffAccount(
      t.database.db,
      { email: 'authz.halfway@staff.example', name: 'halfway', role: 'admin', password: 'authorization suite' },
      null,
      now,
    )
  ).id;
  await seedDemoMember(t.database.db, { dataDir: t.dataDir });
  const [member] = await t.database.db.select({ id: users.id }).from(users).limit(1);
  memberToken = await createSession(t.database.db, member!.id, now);

  const seen = new Set<string>();
  routes = collected.filter((r) => {
    const key = `${r.method} ${r.url}`;
    if (r.method === 'HEAD' || !(r.url === ADMIN_API_PREFIX || r.url.startsWith(`${ADMIN_API_PREFIX}/`)) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
});
afterAll(async () => t?.close());

/** A concrete path for a route's pattern: every parameter 1, a wildcard one segment. */
const pathOf = (url: string) => url.replace(/:[A-Za-z_]\w*(\([^)]*\))?/g, '1').replace(/\*$/, 'x');

async function request(route: CollectedRoute, cookies: Record<string, string>) {
  const response = await t.app.inject({ method: route.method as 'GET', url: pathOf(route.url), cookies });
  let code: string | undefined;
  try {
    code = response.json()?.error?.code;
  } catch {
    code = undefined;
  }
  return { status: response.statusCode, code, label: `${route.method} ${route.url} -> ${response.statusCode} ${code ?? ''}` };
}

/** A fresh session per call: some calls end it (logout) or act on it. */
const sessionOf = async (staffId: number, secondFactorDone = true) => ({
  [STAFF_SESSION_COOKIE]: await createStaffSession(t.database.db, staffId, new Date(), secondFactorDone),
});

const isPermission = (access: string | undefined): access is TStaffPermission => STAFF_PERMISSIONS.includes(access as TStaffPermission);

describe('authorization of every back-office call', () => {
  it('finds the routes, each with a declared access', () => {
    expect(routes.length).toBeGreaterThan(5);
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([`GET ${ADMIN_API_PREFIX}/staff`, `POST ${ADMIN_API_PREFIX}/staff`, `POST ${ADMIN_API_PREFIX}/login`]),
    );
    for (const route of routes) expect(route.access, `${route.method} ${route.url}`).toBeDefined();
  });

  it('declares for each call an access its area allows, and no view permission for a change', () => {
    const problems: string[] = [];
    for (const route of routes) {
      const area = route.url.slice(ADMIN_API_PREFIX.length + 1).split(/[/.]/)[0]!;
      const allowed = AREA_ACCESS[area];
      if (!allowed) problems.push(`${route.method} ${route.url}: area "${area}" is not in AREA_ACCESS`);
      else if (!allowed.includes(route.access!))
        problems.push(`${route.method} ${route.url}: ${route.access} is not one of ${allowed.join(', ')}`);
      if (route.method !== 'GET' && route.access?.endsWith('.view'))
        problems.push(`${route.method} ${route.url}: a change needs more than ${route.access}`);
    }
    expect(problems).toEqual([]);
  });

  it.each(STAFF_ROLES)('gives the %s role exactly the calls of its permissions', async (role) => {
    const problems: string[] = [];
    for (const route of routes) {
      const answer = await request(route, await sessionOf(staffIds.get(role)!));
      const allowed = !isPermission(route.access) || ROLE_PERMISSIONS[role].includes(route.access);
      if (allowed && ACCESS_CODES.has(answer.code ?? '')) problems.push(`refused although allowed (${route.access}): ${answer.label}`);
      if (!allowed && !(answer.status === 403 && answer.code === 'staff_forbidden'))
        problems.push(`not refused although ${role} lacks ${route.access}: ${answer.label}`);
    }
    expect(problems).toEqual([]);
  });

  it('refuses every call but the public ones without a staff session, and a member session counts for nothing', async () => {
    const problems: string[] = [];
    for (const route of routes) {
      for (const [label, cookies] of [
        ['no cookie', {}],
        ['member session', { 'auth.session': memberToken }],
      ] as const) {
        const answer = await request(route, cookies);
        if (route.access === 'public') {
          if (ACCESS_CODES.has(answer.code ?? '')) problems.push(`${label}: public call refused: ${answer.label}`);
        } else if (!(answer.status === 401 && answer.code === 'staff_authentication_required')) {
          problems.push(`${label}: not refused: ${answer.label}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('refuses every call that needs a finished login to a session that has only given the password', async () => {
    const problems: string[] = [];
    for (const route of routes) {
      const answer = await request(route, await sessionOf(halfwayStaffId, false));
      const needsSecondFactor = route.access !== 'public' && route.access !== 'second-factor';
      if (needsSecondFactor && !(answer.status === 403 && answer.code === 'staff_second_factor_required'))
        problems.push(`not refused: ${answer.label}`);
      if (!needsSecondFactor && ACCESS_CODES.has(answer.code ?? '')) problems.push(`refused: ${answer.label}`);
    }
    expect(problems).toEqual([]);
  });
});
