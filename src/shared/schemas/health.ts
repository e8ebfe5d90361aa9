import { z } from './zod-tr.ts';

export const databaseKinds = ['pglite', 'postgres'] as const;

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    kind: z.enum(databaseKinds),
    reachable: z.boolean(),
  }),
  migrations: z.object({
    /** How many migrations are applied to this database. */
    applied: z.number().int(),
    /** Tag of the newest applied migration, e.g. "0001_core". */
    latest: z.string().nullable(),
    /** How many migrations the running code ships. */
    known: z.number().int(),
  }),
  version: z.string(),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof healthSchema>;
