import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountMovementsQuerySchema,
  accountMovementsRangeSchema,
  accountMovementsSchema,
  adminPayoutListSchema,
  payoutAccountBodySchema,
  payoutAccountSchema,
  payoutRunResultSchema,
} from '#shared/schemas/payouts.ts';
import { memberContextFrom } from '../../lib/context.ts';
import {
  exportAccountMovementsCsv,
  getAccountMovements,
  getOwnPayoutAccount,
  listPayouts,
  runPayoutsNow,
  saveOwnPayoutAccount,
} from './payouts.service.ts';
import { sendCsv } from '../../lib/attachment.ts';

const member = { access: 'member' as const };
const admin = { access: 'admin' as const };
const tags = ['payouts'];

/** The seller's payout account and account movements (Hesap Hareketlerim), and the admin's payouts. */
export const payoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/account/payout-account',
    {
      config: member,
      schema: {
        tags,
        summary: "The member's own payout IBAN and account holder",
        response: { 200: payoutAccountSchema },
      },
    },
    async (request) => getOwnPayoutAccount(await memberContextFrom(request)),
  );

  app.put(
    '/api/account/payout-account',
    {
      config: member,
      schema: {
        tags,
        summary: 'Set the payout IBAN (Turkish, check digits verified) and the account holder',
        body: payoutAccountBodySchema,
        response: { 200: payoutAccountSchema },
      },
    },
    async (request) => saveOwnPayoutAccount(await memberContextFrom(request), request.body),
  );

  app.get(
    '/api/seller/account-movements',
    {
      config: member,
      schema: {
        tags,
        summary:
          "One page of the seller's pending or paid-out orders from the ledger, with the tabs' counts and the summary figures",
        querystring: accountMovementsQuerySchema,
        response: { 200: accountMovementsSchema },
      },
    },
    async (request) => getAccountMovements(await memberContextFrom(request), request.query),
  );

  app.get(
    '/api/seller/account-movements.csv',
    {
      config: member,
      schema: {
        tags,
        summary: 'The account movements of the range as CSV (UTF-8 with BOM, ";"-separated, Turkish headers)',
        querystring: accountMovementsRangeSchema,
        response: { 200: z.string().describe('text/csv attachment') },
      },
    },
    async (request, reply) => {
      const csv = await exportAccountMovementsCsv(await memberContextFrom(request), request.query);
      return sendCsv(reply, csv);
    },
  );

  app.get(
    '/api/admin/payouts',
    {
      config: admin,
      schema: { tags, summary: 'The latest 200 payouts to sellers', response: { 200: adminPayoutListSchema } },
    },
    async (request) => listPayouts(await memberContextFrom(request)),
  );

  app.post(
    '/api/admin/payouts/run',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Pay every seller owed money for released orders now (also runs daily)',
        response: { 200: payoutRunResultSchema },
      },
    },
    async (request) => runPayoutsNow(await memberContextFrom(request), app.payments),
  );
};
