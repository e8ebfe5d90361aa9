import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authMessages } from '#shared/messages/auth.tr.ts';
import { paths } from '#shared/site-paths.ts';
import {
  acceptedSchema,
  forcePasswordResetBodySchema,
  forgotPasswordBodySchema,
  resetPasswordBodySchema,
  sessionResponseSchema,
  signInBodySchema,
} from '#shared/schemas/auth.ts';
import { contextFrom, memberContextFrom, viewerContextFrom } from '../../lib/context.ts';
import { forwardCookies } from '../../plugins/auth.ts';
import {
  completeForcedPasswordReset,
  requestPasswordReset,
  resetPasswordWithToken,
  signIn,
  signOut,
  toSessionUser,
} from './auth.service.ts';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const noContent = { 204: z.null().describe('Done') };

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/auth/session',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], summary: 'The signed-in user, or null', response: { 200: sessionResponseSchema } },
    },
    async (request, reply) => {
      const auth = await request.getAuth();
      reply.header('Cache-Control', 'no-store');
      return { user: auth ? toSessionUser(auth.user) : null };
    },
  );

  app.post(
    '/api/auth/sign-in',
    {
      config: { access: 'public', strictRateLimit: { name: 'sign-in', max: 30, windowMs: FIFTEEN_MINUTES } },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        body: signInBodySchema,
        response: { 200: sessionResponseSchema },
      },
    },
    async (request, reply) => {
      const { user, headers } = await signIn(await viewerContextFrom(request), request.body);
      forwardCookies(reply, headers);
      return { user };
    },
  );

  app.post(
    '/api/auth/sign-out',
    {
      config: { access: 'member', allowDuringPasswordReset: true },
      schema: { tags: ['auth'], summary: 'Sign out this browser', response: noContent },
    },
    async (request, reply) => {
      forwardCookies(reply, await signOut(await memberContextFrom(request)));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/auth/forgot-password',
    {
      config: { access: 'public', strictRateLimit: { name: 'forgot-password', max: 10, windowMs: FIFTEEN_MINUTES } },
      schema: {
        tags: ['auth'],
        summary: 'E-mail a single-use password reset link',
        body: forgotPasswordBodySchema,
        response: { 202: acceptedSchema },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(contextFrom(request), request.body.email, `${app.env.APP_URL}${paths.resetPassword}`);
      return reply.code(202).send({ message: authMessages.forgotDone });
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      config: { access: 'public', strictRateLimit: { name: 'reset-password', max: 10, windowMs: FIFTEEN_MINUTES } },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the e-mailed token',
        body: resetPasswordBodySchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await resetPasswordWithToken(contextFrom(request), request.body.token, request.body.newPassword);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/auth/force-password-reset',
    {
      config: { access: 'member', allowDuringPasswordReset: true },
      schema: {
        tags: ['auth'],
        summary: 'Choose a new password when an admin or approval requires it',
        body: forcePasswordResetBodySchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await completeForcedPasswordReset(await memberContextFrom(request), request.body.newPassword);
      return reply.code(204).send(null);
    },
  );
};
