import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Clock } from './clock.ts';

/** What every service receives: the database, the clock and who is asking. */
export interface ServiceContext {
  db: Db;
  clock: Clock;
  ip: string;
  userAgent: string | null;
}

export function contextFrom(request: FastifyRequest): ServiceContext {
  const { db, clock } = request.server;
  const userAgent = request.headers['user-agent'];
  return { db, clock, ip: request.ip, userAgent: userAgent ? userAgent.slice(0, 512) : null };
}
