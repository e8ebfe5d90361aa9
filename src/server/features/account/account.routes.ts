import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activeSessionsSchema,
  changePasswordBodySchema,
  securityEventsSchema,
  updateProfileBodySchema,
  userSettingsSchema,
} from '#shared/schemas/account.ts';
import { sessionUserSchema } from '#shared/schemas/auth.ts';
import { memberContextFrom } from '../../lib/context.ts';
import { forwardCookies } from '../../plugins/auth.ts';
import {
  changeOwnPassword,
  getOwnProfile,
  getOwnSettings,
  listOwnSecurityEvents,
  listOwnSessions,
  revokeOwnSessions,
  saveOwnSettings,
  updateOwnProfile,
} from './account.service.ts';

const member = { access: 'member' as const };
const noContent = { 204: z.null().describe('Done') };
const tags = ['account'];

/** The signed-in user's own profile, password, settings, sessions and security log. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/me/profile',
    { config: member, schema: { tags, response: { 200: sessionUserSchema } } },
    async (request) => getOwnProfile(await memberContextFrom(request)),
  );

  app.put(
    '/api/me/profile',
    { config: member, schema: { tags, body: updateProfileBodySchema, response: { 200: sessionUserSchema } } },
    async (request) => updateOwnProfile(await memberContextFrom(request), request.body),
  );

  app.post(
    '/api/me/change-password',
    {
      config: { ...member, strictRateLimit: { name: 'change-password', max: 10, windowMs: 15 * 60 * 1000 } },
      schema: {
        tags,
        summary: 'Change the password; other sessions end',
        body: changePasswordBodySchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      forwardCookies(reply, await changeOwnPassword(await memberContextFrom(request), request.body));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/me/settings',
    { config: member, schema: { tags, response: { 200: userSettingsSchema } } },
    async (request) => getOwnSettings(await memberContextFrom(request)),
  );

  app.put(
    '/api/me/settings',
    { config: member, schema: { tags, body: userSettingsSchema, response: { 200: userSettingsSchema } } },
    async (request) => saveOwnSettings(await memberContextFrom(request), request.body),
  );

  app.get(
    '/api/me/sessions',
    { config: member, schema: { tags, response: { 200: activeSessionsSchema } } },
    async (request) => ({
      sessions: await listOwnSessions(await memberContextFrom(request)),
    }),
  );

  app.post(
    '/api/me/sessions/revoke-others',
    { config: member, schema: { tags, response: noContent } },
    async (request, reply) => {
      await revokeOwnSessions(await memberContextFrom(request), 'others');
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/me/sessions/revoke-all',
    { config: member, schema: { tags, response: noContent } },
    async (request, reply) => {
      await revokeOwnSessions(await memberContextFrom(request), 'all');
      clearSessionCookie(reply, app.env.APP_URL.startsWith('https:'));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/me/security-events',
    { config: member, schema: { tags, response: { 200: securityEventsSchema } } },
    async (request) => ({
      events: await listOwnSecurityEvents(await memberContextFrom(request)),
    }),
  );
};

function clearSessionCookie(reply: import('fastify').FastifyReply, secure: boolean) {
  const name = secure ? '__Secure-optistok.session_token' : 'optistok.session_token';
  reply.header('set-cookie', `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`);
}
