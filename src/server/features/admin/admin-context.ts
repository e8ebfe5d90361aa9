import type { FastifyRequest } from 'fastify';
import { contextFrom, type ServiceContext } from '../../lib/context.ts';
import { requireAuth } from '../../plugins/access.ts';
import type { AuthUser } from '../../plugins/auth.ts';

/** What admin services receive: the service context plus the admin who acts. */
export interface AdminContext extends ServiceContext {
  actor: AuthUser;
}

/** Builds the admin context of a request that passed the admin guard. */
export async function adminContextFrom(request: FastifyRequest): Promise<AdminContext> {
  const auth = await requireAuth(request);
  return { ...contextFrom(request), actor: auth.user };
}
