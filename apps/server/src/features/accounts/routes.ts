/**
 * The account calls. user.php and logout.php are the spec's (section 7); the others are named
 * in the same style, since the spec leaves signup, reset and profile calls unnamed.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  ZChangeEmailRequest,
  ZChangePasswordRequest,
  ZConsentRequest,
  ZDeleteAccountRequest,
  ZEmailRequest,
  ZLanguageRequest,
  ZLoginRequest,
  ZMailChangeAnswer,
  ZNotMeAnswer,
  ZOkAnswer,
  ZResetPasswordDoRequest,
  ZSentAnswer,
  ZSignupRequest,
  ZTokenQuery,
  ZTokenRequest,
  ZUserAnswer,
  ZUserOrNullAnswer,
} from '@cupido/shared/contracts/accounts';
import { ZApiError } from '@cupido/shared/contracts/contracts';
import { LOCALE_COOKIE, isLocaleCode } from '@cupido/shared/rules/locales';
import { isKnownTimeZone } from '@cupido/shared/rules/likes';
import { AppError } from '../../errors';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { siteOrigin, type PublicOriginConfig } from '../sites/public-origin';
import { authenticationRequired, forgetMember } from '../../plugins/session';
import { detectRequestCountry } from '../sites/country-detection';
import type { AccountDeps, RequestContext } from './account-context';
import type { MemberRow } from './sessions';
import { toUserView } from './member-view';
import { clearSessionCookie, createSession, deleteSession, sessionToken, setSessionCookie } from './sessions';
import { activate, resendActivation, signup } from './signup';
import { login } from './login';
import { changePassword, confirmEmailChange, requestEmailChange, resetPassword } from './credentials';
import { deleteAccount, reactivate } from './deletion';
import { requestPasswordReset, requestReactivation, type SendLinkMail } from './mail-requests';
import { setAdTrackingConsent, setOrientationConsent } from './consents';
import { lockAfterNotMe } from './security';

export interface AccountRoutesOptions {
  deps: AccountDeps;
  countryHeader: string | undefined;
  /** Scheme and port of the sites' own origins, which mailed links point to (decision 022). */
  publicOrigin: PublicOriginConfig;
  /** Queues the job that mails a link asked for by address (mail-requests.ts). */
  sendLinkMail: SendLinkMail;
}

/** Where a link opened while another member is logged in sends the browser: its action is done, the session stays. */
const OTHER_ACCOUNT_PAGE = {
  activation: '/activate/error?reason=other_account&action=activation',
  reactivation: '/activate/error?reason=other_account&action=reactivation',
} as const;

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 429: ZApiError };

export async function accountRoutes(server: FastifyInstance, { deps, countryHeader, publicOrigin, sendLinkMail }: AccountRoutesOptions) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['accounts'];

  function contextOf(request: FastifyRequest): RequestContext {
    return {
      site: request.site,
      locale: request.locale,
      ip: request.ip,
      // The site's configured origin only: the request's Host, port and forwarded scheme could be forged.
      origin: siteOrigin(request.site.domain, publicOrigin),
      sessionToken: sessionToken(request),
    };
  }

  /** Answers the member a fresh session belongs to and sets its cookie. */
  async function answerWithSession(request: FastifyRequest, reply: FastifyReply, token: string) {
    setSessionCookie(request, reply, token);
    forgetMember(request);
    const row = await app.memberByToken(token, request.site.id);
    if (!row) throw authenticationRequired();
    return { user: toUserView(row, request.site.fictionalIcon) };
  }

  /** After a change: forget cached lookups of the member everywhere in this process, answer fresh. */
  async function changed(request: FastifyRequest, userId: number) {
    app.forgetMemberSessions(userId);
    forgetMember(request);
  }

  async function currentUser(request: FastifyRequest) {
    const token = sessionToken(request);
    const row = token ? await app.memberByToken(token, request.site.id) : null;
    if (!row) throw authenticationRequired();
    return { user: toUserView(row, request.site.fictionalIcon) };
  }

  /** The serialized user.php answer per cached member row (and the site's fictional icon it shows). */
  const serializedUsers = new WeakMap<MemberRow, { icon: string; json: string }>();

  app.get(
    '/api/user.php',
    { schema: { tags, summary: 'The logged-in member, or null for a visitor', response: { 200: ZUserOrNullAnswer } } },
    async (request, reply) => {
      const row = await request.member();
      if (!row) return { user: null };
      // user.php runs on every page view. The member row is cached per process for a moment
      // (plugins/session.ts), so its answer is validated and serialized once per cached row, as
      // settings.php does per site; a fresh row (after a change or MEMBER_CACHE_MS) starts afresh.
      const icon = request.site.fictionalIcon;
      let cached = serializedUsers.get(row);
      if (cached?.icon !== icon) {
        cached = { icon, json: JSON.stringify(ZUserOrNullAnswer.parse({ user: toUserView(row, icon) })) };
        serializedUsers.set(row, cached);
      }
      // A string payload is sent as it is: the contract was checked when it was cached.
      return reply.type('application/json; charset=utf-8').send(cached.json as unknown as z.infer<typeof ZUserOrNullAnswer>);
    },
  );

  app.post(
    '/api/user.php',
    { schema: { tags, summary: 'Log in', body: ZLoginRequest, response: { 200: ZUserAnswer, ...errors } } },
    async (request, reply) => {
      // A language picked before logging in stays: the locale cookie is only written by a choice
      // (the dropdown, or the account's language shown after an earlier login).
      const cookie = request.cookies?.[LOCALE_COOKIE];
      const chosen = cookie && isLocaleCode(cookie) ? cookie : null;
      const { sessionToken: token } = await login(deps, contextOf(request), request.body, chosen);
      return answerWithSession(request, reply, token);
    },
  );

  app.put(
    '/api/user.php',
    {
      schema: {
        tags,
        summary: "Store the member's language and/or their browser's time zone (400 invalid_time_zone)",
        body: ZLanguageRequest,
        response: { 200: ZUserAnswer, ...errors },
      },
    },
    async (request) => {
      const member = await request.requireMember();
      const { language, time_zone: timeZone } = request.body;
      // The zone decides the member's day for the daily Likes: only one this runtime knows.
      if (timeZone !== undefined && !isKnownTimeZone(timeZone))
        throw new AppError(400, 'invalid_time_zone', 'errors.invalid_time_zone', {}, 'time_zone');
      if (language !== undefined || timeZone !== undefined)
        await deps.db.update(users).set({ language, timeZone }).where(eq(users.id, member.id));
      await changed(request, member.id);
      return currentUser(request);
    },
  );

  // POST (the spec's path, issue 10): a GET could be fired by any image tag on another site.
  app.post(
    '/api/logout.php',
    { schema: { tags, summary: 'End the session', response: { 200: ZOkAnswer, ...errors } } },
    async (request, reply) => {
      const token = sessionToken(request);
      const member = await request.member();
      if (token) await deleteSession(deps.db, token);
      if (member) await changed(request, member.id);
      clearSessionCookie(request, reply);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/signup.php',
    { schema: { tags, summary: 'Sign up (logs the new member in)', body: ZSignupRequest, response: { 201: ZUserAnswer, ...errors } } },
    async (request, reply) => {
      const site = request.site;
      const detected = detectRequestCountry(request, countryHeader);
      const country = detected && site.countries.includes(detected) ? detected : site.countries[0]!;
      const { sessionToken: token } = await signup(deps, { ...contextOf(request), country }, request.body);
      reply.code(201);
      return answerWithSession(request, reply, token);
    },
  );

  app.post(
    '/api/activation-mail.php',
    { schema: { tags, summary: 'Send the activation mail again', response: { 200: ZSentAnswer, ...errors } } },
    async (request) => {
      const member = await request.requireMember();
      await resendActivation(deps, contextOf(request), member);
      return { sent: true as const };
    },
  );

  app.get(
    '/api/activate.php',
    { schema: { tags, summary: 'Activation link: redirects to /activate/done or /activate/error', querystring: ZTokenQuery } },
    async (request, reply) => {
      const result = request.query.token ? await activate(deps, contextOf(request), request.query.token) : { outcome: 'invalid' as const };
      if (result.outcome === 'invalid') return reply.redirect('/activate/error');
      const { userId } = result;
      if (result.outcome === 'already_active') {
        // A second click: no new session from an old link; the member's own browser goes on.
        const member = await request.member();
        return reply.redirect(member?.id === userId ? '/activate/done' : '/activate/error?reason=already_active');
      }
      await changed(request, userId);
      const member = await request.member();
      if (!member) {
        // Opened in another browser: log in there too, the link proved the mailbox.
        setSessionCookie(request, reply, await createSession(deps.db, userId, deps.clock()));
      } else if (member.id !== userId) {
        // Someone else is logged in here: the link did its own job, the session stays (no login CSRF, decision 023).
        return reply.redirect(OTHER_ACCOUNT_PAGE.activation);
      }
      return reply.redirect('/activate/done');
    },
  );

  app.post(
    '/api/reset-password.php',
    { schema: { tags, summary: 'Mail a password reset link', body: ZEmailRequest, response: { 200: ZSentAnswer, ...errors } } },
    async (request) => {
      await requestPasswordReset(deps, contextOf(request), request.body, sendLinkMail);
      return { sent: true as const };
    },
  );

  app.post(
    '/api/reset-password-do.php',
    {
      schema: {
        tags,
        summary: 'Set a new password from a reset link',
        body: ZResetPasswordDoRequest,
        response: { 200: ZUserAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const { userId, sessionToken: token } = await resetPassword(deps, contextOf(request), request.body);
      await changed(request, userId);
      return answerWithSession(request, reply, token);
    },
  );

  app.post(
    '/api/password.php',
    {
      schema: {
        tags,
        summary: 'Change the password (ends other sessions)',
        body: ZChangePasswordRequest,
        response: { 200: ZOkAnswer, ...errors },
      },
    },
    async (request) => {
      const member = await request.requireMember();
      await changePassword(deps, contextOf(request), member, request.body);
      await changed(request, member.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/email.php',
    {
      schema: {
        tags,
        summary: 'Request an e-mail change (confirmed by a mailed link)',
        body: ZChangeEmailRequest,
        response: { 200: ZUserAnswer, ...errors },
      },
    },
    async (request) => {
      const member = await request.requireMember();
      await requestEmailChange(deps, contextOf(request), member, request.body);
      await changed(request, member.id);
      return currentUser(request);
    },
  );

  app.post(
    '/api/mail-change-do.php',
    {
      schema: {
        tags,
        summary: 'Confirm a new e-mail address from its link (logs a visitor in; never replaces the session of another member)',
        body: ZTokenRequest,
        response: { 200: ZMailChangeAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const member = await request.member();
      const result = await confirmEmailChange(deps, contextOf(request), request.body.token, member?.id ?? null);
      await changed(request, result.userId);
      const confirmed = { email: result.email, other_account: result.otherAccount };
      if (result.sessionToken) return { ...(await answerWithSession(request, reply, result.sessionToken)), ...confirmed };
      return { ...(await currentUser(request)), ...confirmed };
    },
  );

  app.post(
    '/api/consent.php',
    {
      schema: {
        tags,
        summary:
          "Give or withdraw a consent: orientation_data (withdrawing clears the profile's sexuality and looking_for_gender) or ad_tracking (withdrawing clears the stored tracking); repeating changes nothing",
        body: ZConsentRequest,
        response: { 200: ZUserAnswer, ...errors },
      },
    },
    async (request) => {
      const member = await request.requireMember();
      const now = deps.clock();
      const change = { granted: request.body.granted, companyId: request.site.companyId, now };
      const done =
        request.body.kind === 'ad_tracking'
          ? await setAdTrackingConsent(deps, member, { ...change, tracking: request.body.tracking })
          : await setOrientationConsent(deps, member, change);
      if (done) await changed(request, member.id);
      return currentUser(request);
    },
  );

  app.post(
    '/api/not-me.php',
    {
      schema: {
        tags,
        summary: '"This was not me" from a security notice: locks the account, restores a changed address, mails a reset link',
        body: ZTokenRequest,
        response: { 200: ZNotMeAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const { userId, email } = await lockAfterNotMe(deps, contextOf(request), request.body.token);
      await changed(request, userId);
      // Whoever clicks is logged out here too: the account's sessions are gone.
      clearSessionCookie(request, reply);
      return { locked: true as const, email };
    },
  );

  app.post(
    '/api/delete-account.php',
    {
      schema: {
        tags,
        summary: 'Delete the account (pending for 14 days)',
        body: ZDeleteAccountRequest,
        response: { 200: ZOkAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const member = await request.requireMember();
      await deleteAccount(deps, contextOf(request), member, request.body);
      await changed(request, member.id);
      clearSessionCookie(request, reply);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/reactivation-mail.php',
    {
      schema: {
        tags,
        summary: 'Mail a reactivation link to an account pending deletion',
        body: ZEmailRequest,
        response: { 200: ZSentAnswer, ...errors },
      },
    },
    async (request) => {
      await requestReactivation(deps, contextOf(request), request.body, sendLinkMail);
      return { sent: true as const };
    },
  );

  app.get(
    '/api/reactivate.php',
    { schema: { tags, summary: 'Reactivation link: redirects to /members or /activate/error', querystring: ZTokenQuery } },
    async (request, reply) => {
      const member = await request.member();
      const result = request.query.token ? await reactivate(deps, contextOf(request), request.query.token, member?.id ?? null) : null;
      if (!result) return reply.redirect('/activate/error?reason=reactivation');
      // Someone else is logged in here: the account is back, the session stays (decision 023).
      if (!result.sessionToken) return reply.redirect(OTHER_ACCOUNT_PAGE.reactivation);
      setSessionCookie(request, reply, result.sessionToken);
      return reply.redirect('/members?reactivated=1');
    },
  );
}
