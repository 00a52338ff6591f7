/**
 * Who may make each back-office call (issue 13). Every route under ADMIN_API_PREFIX declares its
 * access in `config.staffAccess`, and the app refuses to start when one does not, so a new staff
 * call cannot forget its check:
 * - a permission of the shared table (ROLE_PERMISSIONS): a staff session that finished the second
 *   factor and whose role has it; 401 without a session, 403 otherwise;
 * - 'any-staff': any staff session that finished the second factor (e.g. GET /admin/api/me data);
 * - 'second-factor': a session that gave the password, TOTP done or not (setting up and checking the code);
 * - 'public': no session (the login itself).
 * Member sessions count for nothing here: the staff cookie is another cookie, on another path.
 * Staff calls answer in English (the back office is English first); the texts are `staff.*` keys.
 */
import fp from 'fastify-plugin';
import { ADMIN_API_PREFIX, STAFF_PERMISSIONS, type TStaffPermission } from '@cupido/shared/contracts/staff';
import { AppError } from '../errors';
import type { Database } from '../db/open';
import type { Clock } from '../infra/clock';
import { staffSessionToken, touchStaffSession, type StaffPrincipal } from '../features/staff/sessions';

export type StaffAccess = TStaffPermission | 'any-staff' | 'second-factor' | 'public';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every route under ADMIN_API_PREFIX (see plugins/staff-session.ts). */
    staffAccess?: StaffAccess;
  }
  interface FastifyRequest {
    /** The staff member of this request, once the access check has run (null on 'public' routes without a session). */
    staffMember: StaffPrincipal | null;
    /** The staff member; only on routes whose access needs a session (the check has run). */
    requireStaff(): StaffPrincipal;
  }
}

export const staffAuthenticationRequired = () => new AppError(401, 'staff_authentication_required', 'staff.errors.authentication_required');
export const staffSecondFactorRequired = () => new AppError(403, 'staff_second_factor_required', 'staff.errors.second_factor_required');
export const staffForbidden = () => new AppError(403, 'staff_forbidden', 'staff.errors.forbidden');

const isStaffRoute = (url: string) => url === ADMIN_API_PREFIX || url.startsWith(`${ADMIN_API_PREFIX}/`);
const validAccess = new Set<string>([...STAFF_PERMISSIONS, 'any-staff', 'second-factor', 'public']);

export default fp<{ db: Database; clock: Clock }>(
  async (app, { db, clock }) => {
    app.addHook('onRoute', (route) => {
      if (!isStaffRoute(route.url)) return;
      const access = (route.config as { staffAccess?: string } | undefined)?.staffAccess;
      if (!access || !validAccess.has(access))
        throw new Error(`${route.method} ${route.url}: a back-office route must declare config.staffAccess`);
    });

    app.decorateRequest('staffMember', null);
    app.decorateRequest('requireStaff', function (this: import('fastify').FastifyRequest) {
      if (!this.staffMember) throw staffAuthenticationRequired();
      return this.staffMember;
    });

    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config?.staffAccess;
      if (!access) return;
      request.locale = 'en';
      const token = staffSessionToken(request);
      const staff = token ? await touchStaffSession(db, token, clock()) : null;
      request.staffMember = staff;
      if (access === 'public') return;
      if (!staff) throw staffAuthenticationRequired();
      if (access === 'second-factor') return;
      if (!staff.secondFactorDone) throw staffSecondFactorRequired();
      if (access !== 'any-staff' && !staff.permissions.includes(access)) throw staffForbidden();
    });
  },
  { name: 'staff-session', dependencies: ['@fastify/cookie', 'request-context'] },
);
