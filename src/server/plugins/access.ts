import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

/** Who may call a route. 'owner' = a member; the service checks they own the resource. */
export const accessRules = ['public', 'member', 'admin', 'owner'] as const;
export type AccessRule = (typeof accessRules)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
  }
}

export class MissingAccessRuleError extends Error {}

/**
 * Every /api route must declare `config.access`; registering one without it fails at start-up,
 * so a forgotten rule can never ship as an open route.
 */
export const accessPlugin = fp(async (app) => {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const access = (route.config as { access?: AccessRule } | undefined)?.access;
    if (!access || !accessRules.includes(access)) {
      throw new MissingAccessRuleError(`Route ${String(route.method)} ${route.url} declares no access rule`);
    }
    if (access === 'public') return;
    const guard = async () => {
      // Accounts arrive with the authentication feature; until then no caller is signed in.
      throw new AppError('UNAUTHENTICATED');
    };
    route.onRequest = [guard, ...(route.onRequest ? [route.onRequest].flat() : [])];
  });
});
