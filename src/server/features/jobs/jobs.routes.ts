import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  jobActionResultSchema,
  jobParamsSchema,
  jobRetryParamsSchema,
  jobsOverviewSchema,
} from '#shared/schemas/jobs.ts';
import { memberContextFrom } from '../../lib/context.ts';
import { getJobsOverview, retryJob, runJobNow } from './jobs.service.ts';

const admin = { access: 'admin' as const };
const tags = ['admin'];

/** The admin's view of the background jobs, with "run now" and "retry now". */
export const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/jobs',
    { config: admin, schema: { tags, summary: 'Background job queues', response: { 200: jobsOverviewSchema } } },
    async () => getJobsOverview(app.jobs?.queue ?? null),
  );
  app.post(
    '/api/admin/jobs/:name/run',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Queue a job run now',
        params: jobParamsSchema,
        response: { 200: jobActionResultSchema },
      },
    },
    async (request) => runJobNow(await memberContextFrom(request), app.jobs?.queue ?? null, request.params.name),
  );
  app.post(
    '/api/admin/jobs/:name/:id/retry',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Put a failed job run back in line',
        params: jobRetryParamsSchema,
        response: { 200: jobActionResultSchema },
      },
    },
    async (request) =>
      retryJob(await memberContextFrom(request), app.jobs?.queue ?? null, request.params.name, request.params.id),
  );
};
