import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LISTING_IMAGES_PATH } from '#shared/schemas/listings.ts';
import { AppError } from '../lib/app-error.ts';
import { hitRateLimit, sweepRateLimits } from '../lib/rate-limit.ts';
import { routedPath } from '../lib/routed-path.ts';

export interface StrictRateLimit {
  /** Name of the bucket, e.g. "contact". */
  name: string;
  max: number;
  windowMs: number;
  /** Count per signed-in member rather than per address (a shop's devices share one address). */
  perMember?: boolean;
  /** The refusal's Turkish text; the generic one otherwise. */
  message?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A limit per client address (or member) kept in the database, so it holds across restarts and instances. */
    strictRateLimit?: StrictRateLimit;
  }
}

const SWEEP_EVERY_MS = 5 * 60 * 1000;

/**
 * Two layers: a cheap global flood guard per instance (in memory; each instance protects itself,
 * and a database write per request would cost more than it protects), and strict per-route limits
 * counted in the database for the endpoints worth abusing (forms, sign-in, reports).
 */
export const rateLimitPlugin = fp(async (app, options: { globalMax: number }) => {
  await app.register(rateLimit, {
    global: true,
    max: options.globalMax,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => request.ip,
    // The guard is for the API: the web app's files and the listing images are static, cached and
    // fetched by the dozen on a page load (a shop's devices behind one address would trip it otherwise).
    allowList: (request: FastifyRequest) => {
      const path = routedPath(request);
      return path !== null && (!path.startsWith('/api') || path.startsWith(LISTING_IMAGES_PATH));
    },
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  });

  app.addHook('onRoute', (route) => {
    const limit = (route.config as { strictRateLimit?: StrictRateLimit } | undefined)?.strictRateLimit;
    if (!limit) return;
    const guard = async (request: FastifyRequest) => {
      let subject = `ip:${request.ip}`;
      if (limit.perMember) {
        const auth = await request.getAuth();
        if (!auth) return; // the access guard refuses it; nothing to count
        subject = `member:${auth.user.id}`;
      }
      const hit = await hitRateLimit(app.db, `${limit.name}:${subject}`, limit.max, limit.windowMs, app.clock.now());
      if (hit.limited) throw new AppError('RATE_LIMITED', limit.message);
    };
    route.onRequest = [...(route.onRequest ? [route.onRequest].flat() : []), guard];
  });

  const timer = setInterval(() => {
    sweepRateLimits(app.db, app.clock.now()).catch((err) => app.log.warn({ err }, 'rate limit sweep failed'));
  }, SWEEP_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
});
