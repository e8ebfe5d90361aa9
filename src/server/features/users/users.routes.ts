import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forceResetUserBodySchema, securityEventsSchema } from '#shared/schemas/account.ts';
import { paths } from '#shared/site-paths.ts';
import {
  adminUserDetailSchema,
  adminUserListQuerySchema,
  adminUserListSchema,
  adminUserSchema,
  bulkDeleteBodySchema,
  bulkDeleteResultSchema,
  changeRoleBodySchema,
  changeRoleResultSchema,
  forceResetResultSchema,
  roleChangesSchema,
  paymentAccountBodySchema,
  updateAdminUserBodySchema,
  userExportSchema,
  userIdParamsSchema,
} from '#shared/schemas/admin.ts';
import { memberContextFrom } from '../../lib/context.ts';
import {
  bulkDeleteUsers,
  changeUserRole,
  exportUser,
  exportUsersCsv,
  getUserDetail,
  listRecentRoleChanges,
  listUsers,
  listUserSecurityEvents,
  updatePaymentAccount,
  updateUserByAdmin,
} from './user-management.service.ts';
import { forcePasswordResetOfUser } from './users.service.ts';
import { sendCsv } from '../../lib/attachment.ts';

const admin = { access: 'admin' as const };
const tags = ['admin'];

/** Admin user management: list, export, details, role change, edit, forced reset, bulk delete. */
export const userAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/users',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Users, newest first, searched by name, e-mail or handle',
        querystring: adminUserListQuerySchema,
        response: { 200: adminUserListSchema },
      },
    },
    async (request) => listUsers(await memberContextFrom(request), request.query),
  );

  app.get(
    '/api/admin/users/export.csv',
    {
      config: admin,
      schema: {
        tags,
        summary: 'The users as CSV (UTF-8 with BOM, ";"-separated, Turkish headers)',
        querystring: adminUserListQuerySchema.omit({ page: true }),
        response: { 200: z.string().describe('text/csv attachment kullanicilar.csv') },
      },
    },
    async (request, reply) => {
      const csv = await exportUsersCsv(await memberContextFrom(request), request.query);
      return sendCsv(reply, { fileName: 'kullanicilar.csv', body: csv });
    },
  );

  app.post(
    '/api/admin/users/bulk-delete',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delete users (never the admin asking; users with orders are kept)',
        body: bulkDeleteBodySchema,
        response: { 200: bulkDeleteResultSchema },
      },
    },
    async (request) => bulkDeleteUsers(await memberContextFrom(request), request.body.ids),
  );

  app.get(
    '/api/admin/role-changes',
    { config: admin, schema: { tags, summary: 'The last 10 role changes', response: { 200: roleChangesSchema } } },
    async (request) => ({ changes: await listRecentRoleChanges(await memberContextFrom(request)) }),
  );

  app.get(
    '/api/admin/users/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'One user with activity figures',
        params: userIdParamsSchema,
        response: { 200: adminUserDetailSchema },
      },
    },
    async (request) => getUserDetail(await memberContextFrom(request), request.params.id),
  );

  app.put(
    '/api/admin/users/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: "Edit a user's full name and phone",
        params: userIdParamsSchema,
        body: updateAdminUserBodySchema,
        response: { 200: adminUserSchema },
      },
    },
    async (request) => updateUserByAdmin(await memberContextFrom(request), request.params.id, request.body),
  );

  app.put(
    '/api/admin/users/:id/payment-account',
    {
      config: admin,
      schema: {
        tags,
        summary: "Set a store's iyzico sub-merchant key (where its sales are paid out)",
        params: userIdParamsSchema,
        body: paymentAccountBodySchema,
        response: { 200: adminUserDetailSchema },
      },
    },
    async (request) => updatePaymentAccount(await memberContextFrom(request), request.params.id, request.body),
  );

  app.get(
    '/api/admin/users/:id/security-events',
    {
      config: admin,
      schema: {
        tags,
        summary: "The user's last 10 security events",
        params: userIdParamsSchema,
        response: { 200: securityEventsSchema },
      },
    },
    async (request) => ({ events: await listUserSecurityEvents(await memberContextFrom(request), request.params.id) }),
  );

  app.get(
    '/api/admin/users/:id/export.json',
    {
      config: admin,
      schema: {
        tags,
        summary: 'One user as a downloadable JSON document',
        params: userIdParamsSchema,
        response: { 200: userExportSchema },
      },
    },
    async (request, reply) => {
      const document = await exportUser(await memberContextFrom(request), request.params.id);
      reply
        .header(
          'Content-Disposition',
          `attachment; filename="kullanici-${document.user.storeNumber.replace('#', '-')}.json"`,
        )
        .header('Cache-Control', 'no-store');
      return document;
    },
  );

  app.post(
    '/api/admin/users/:id/change-role',
    {
      config: admin,
      schema: {
        tags,
        summary: "Change another user's role, with a reason (audited)",
        params: userIdParamsSchema,
        body: changeRoleBodySchema,
        response: { 200: changeRoleResultSchema },
      },
    },
    async (request) => changeUserRole(await memberContextFrom(request), request.params.id, request.body),
  );

  app.post(
    '/api/admin/users/:id/force-password-reset',
    {
      config: admin,
      schema: {
        tags,
        summary: "Force another user's password reset: temporary password e-mailed, sessions ended",
        params: userIdParamsSchema,
        body: forceResetUserBodySchema,
        response: { 200: forceResetResultSchema },
      },
    },
    async (request) =>
      forcePasswordResetOfUser(
        await memberContextFrom(request),
        { loginUrl: `${app.env.APP_URL}${paths.login}` },
        request.params.id,
        request.body.reason,
      ),
  );
};
