import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminNotificationsSchema,
  adminStatsSchema,
  analyticsSchema,
  contactMessagesSchema,
  databaseOverviewSchema,
  membersReportSchema,
  outboxEmailSchema,
  outboxIdParamsSchema,
  retryAllResultSchema,
  securityLogQuerySchema,
  securityLogSchema,
  systemStatusSchema,
} from '#shared/schemas/admin.ts';
import { platformSettingsSchema, updatePlatformSettingsBodySchema } from '#shared/schemas/platform-settings.ts';
import { memberContextFrom } from '../../lib/context.ts';
import { getPlatformSettingsView, updatePlatformSettings } from '../platform-settings/index.ts';
import {
  getAdminNotifications,
  getAdminStats,
  getAnalytics,
  getDatabaseOverview,
  getMembersReport,
  getSecurityLog,
  getSystemStatus,
  listContactMessages,
  retryAllFailedEmails,
  retryOutboxEmail,
  type SystemInfo,
} from './admin.service.ts';

const admin = { access: 'admin' as const };
const tags = ['admin'];

function systemInfo(app: FastifyInstance): SystemInfo {
  return {
    databaseKind: app.databaseKind,
    smtpConfigured: Boolean(app.env.SMTP_URL),
    workerRunning: app.jobs !== null,
  };
}

/** The admin panel's overview, logs, system pages and platform settings. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/stats',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Pending applications, active non-admin users, all users',
        response: { 200: adminStatsSchema },
      },
    },
    async (request) => getAdminStats(await memberContextFrom(request)),
  );

  app.get(
    '/api/admin/security-log',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Admin actions and security events, newest first, searchable',
        querystring: securityLogQuerySchema,
        response: { 200: securityLogSchema },
      },
    },
    async (request) => getSecurityLog(await memberContextFrom(request), request.query),
  );

  app.get(
    '/api/admin/system-status',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Database latency, migrations, e-mail queue, uptime and version',
        response: { 200: systemStatusSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return getSystemStatus(await memberContextFrom(request), systemInfo(app));
    },
  );

  app.post(
    '/api/admin/outbox/retry-failed',
    {
      config: admin,
      schema: { tags, summary: 'Queue every failed e-mail again', response: { 200: retryAllResultSchema } },
    },
    async (request) => {
      const result = await retryAllFailedEmails(await memberContextFrom(request));
      app.jobs?.kick('mail-delivery');
      return result;
    },
  );

  app.post(
    '/api/admin/outbox/:id/retry',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Queue one failed e-mail again, due now, attempts reset',
        params: outboxIdParamsSchema,
        response: { 200: outboxEmailSchema },
      },
    },
    async (request) => {
      const email = await retryOutboxEmail(await memberContextFrom(request), request.params.id);
      app.jobs?.kick('mail-delivery');
      return email;
    },
  );

  app.get(
    '/api/admin/settings',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Platform settings (VAT, prices with or without VAT, shipping fee and free-shipping limit, escrow days, low-stock threshold, admin e-mail)',
        response: { 200: platformSettingsSchema },
      },
    },
    async () => getPlatformSettingsView(app.db),
  );

  app.put(
    '/api/admin/settings',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Save the platform settings (audited)',
        body: updatePlatformSettingsBodySchema,
        response: { 200: platformSettingsSchema },
      },
    },
    async (request) => updatePlatformSettings(await memberContextFrom(request), request.body),
  );

  app.get(
    '/api/admin/analytics',
    {
      config: admin,
      schema: {
        tags,
        summary: 'New members and applications per week, the last 12 weeks',
        response: { 200: analyticsSchema },
      },
    },
    async (request) => getAnalytics(await memberContextFrom(request)),
  );

  app.get(
    '/api/admin/reports/members',
    {
      config: admin,
      schema: { tags, summary: 'Members by role and by month of joining', response: { 200: membersReportSchema } },
    },
    async (request) => getMembersReport(await memberContextFrom(request)),
  );

  app.get(
    '/api/admin/notifications',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Pending applications, failed e-mails and recent contact messages',
        response: { 200: adminNotificationsSchema },
      },
    },
    async (request) => getAdminNotifications(await memberContextFrom(request)),
  );

  app.get(
    '/api/admin/contact-messages',
    {
      config: admin,
      schema: { tags, summary: 'The latest contact-form messages', response: { 200: contactMessagesSchema } },
    },
    async (request) => listContactMessages(await memberContextFrom(request)),
  );

  app.get(
    '/api/admin/database',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Table row counts and migrations (read-only)',
        response: { 200: databaseOverviewSchema },
      },
    },
    async (request) => getDatabaseOverview(await memberContextFrom(request), app.databaseKind),
  );
};
