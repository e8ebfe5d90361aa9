import type { FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '#shared/messages.tr.ts';
import { AppError } from '../lib/app-error.ts';

/** Who may call a route. 'owner' = a member; the service checks they own the resource. */
export const accessRules = ['public', 'member', 'admin', 'owner'] as const;
export type AccessRule = (typeof accessRules)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
  }
  interface FastifyInstance {
    /** Every API route with its access rule, for the access-matrix test and the docs. */
    apiRoutes: { method: string; url: string; access: AccessRule; allowDuringPasswordReset: boolean }[];
  }
}

export class MissingAccessRuleError extends Error {}

/**
 * Every /api route must declare `config.access`; registering one without it fails at start-up,
 * so a forgotten rule can never ship as an open route. Non-public routes get a guard that runs
 * on every request, whatever the screen in front of it does.
 */
export const accessPlugin = fp(async (app) => {
  app.decorate('apiRoutes', []);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api')) return;
    const config = (route.config ?? {}) as { access?: AccessRule; allowDuringPasswordReset?: boolean };
    const access = config.access;
    if (!access || !accessRules.includes(access)) {
      throw new MissingAccessRuleError(`Route ${String(route.method)} ${route.url} declares no access rule`);
    }
    const allowDuringPasswordReset = config.allowDuringPasswordReset === true;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.apiRoutes.push({ method, url: route.url, access, allowDuringPasswordReset });
    }
    if (access === 'public') return;
    const guard = async (request: FastifyRequest) => {
      const auth = await request.getAuth();
      if (!auth) throw new AppError('UNAUTHENTICATED');
      if (auth.user.banned) throw new AppError('ACCOUNT_DISABLED');
      // A flagged user may do nothing but set the new password (or leave).
      if (auth.user.mustResetPassword && !allowDuringPasswordReset) throw new AppError('PASSWORD_RESET_REQUIRED');
      if (access === 'admin' && auth.user.role !== 'admin') throw new AppError('FORBIDDEN', messages.errors.FORBIDDEN);
    };
    route.onRequest = [...(route.onRequest ? [route.onRequest].flat() : []), guard];
  });
});

/** The signed-in user of a guarded route (the guard has already refused anonymous calls). */
export async function requireAuth(request: FastifyRequest) {
  const auth = await request.getAuth();
  if (!auth) throw new AppError('UNAUTHENTICATED');
  return auth;
}
