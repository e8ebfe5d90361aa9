import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.tr.ts';
import { catalogueTransitions } from '#shared/status.ts';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../../../test/db.ts';
import type { Db } from '../db/client.ts';
import { adminAuditLog } from '../db/schema/admin.ts';
import { catalogueProducts } from '../db/schema/catalogue.ts';
import { AppError } from './app-error.ts';
import { MANUAL_CLOCK_START } from './clock.ts';
import { transition, type StatusTarget } from './transition.ts';
import type { AdminAction } from '#shared/security-log.ts';

const products: StatusTarget<typeof catalogueProducts> = { table: catalogueProducts };
const approve = catalogueTransitions.approve;

describeEachDatabase('status transition helper', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  async function insertProduct(status: string, brand = 'Ray-Ban') {
    const [row] = await database.db
      .insert(catalogueProducts)
      .values({
        brand,
        modelCode: `RB-${randomUUID().slice(0, 8)}`,
        name: 'Wayfarer',
        category: 'gunes',
        status,
        createdAt: MANUAL_CLOCK_START,
        updatedAt: MANUAL_CLOCK_START,
      })
      .returning({ id: catalogueProducts.id });
    return row.id;
  }

  const audit = (action: AdminAction) => async (tx: Db, row: { id: string }) => {
    await tx
      .insert(adminAuditLog)
      .values({ action, targetType: 'test', targetId: row.id, createdAt: MANUAL_CLOCK_START });
  };

  async function statusOf(id: string) {
    const [row] = await database.db
      .select({ status: catalogueProducts.status })
      .from(catalogueProducts)
      .where(eq(catalogueProducts.id, id));
    return row?.status;
  }

  async function auditRowsOf(id: string) {
    return database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, id));
  }

  async function failureOf(promise: Promise<unknown>) {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }

  it('moves the row, writes the other columns and the audit row, and returns the new row', async () => {
    const id = await insertProduct('pending');
    const at = new Date('2026-03-01T10:00:00Z');
    const row = await transition(database.db, products, {
      id,
      rule: approve,
      set: { reviewedAt: at },
      record: audit('catalogue_proposal_approved'),
    });
    expect(row).toMatchObject({ id, status: 'approved', reviewedAt: at });
    expect(await statusOf(id)).toBe('approved');
    expect((await auditRowsOf(id)).map((r) => r.action)).toEqual(['catalogue_proposal_approved']);
  });

  it('refuses a row in no source status with the Turkish message and changes nothing', async () => {
    const id = await insertProduct('rejected');
    const error = await failureOf(
      transition(database.db, products, { id, rule: approve, record: audit('catalogue_proposal_approved') }),
    );
    expect(error.code).toBe('INVALID_STATUS_TRANSITION');
    expect(error.message).toBe(messages.errors.INVALID_STATUS_TRANSITION);
    expect(await statusOf(id)).toBe('rejected');
    expect(await auditRowsOf(id)).toEqual([]);
  });

  it('answers NOT_FOUND for a missing row, or the caller’s own errors', async () => {
    const missing = randomUUID();
    const error = await failureOf(
      transition(database.db, products, { id: missing, rule: approve, record: audit('catalogue_proposal_approved') }),
    );
    expect(error.code).toBe('NOT_FOUND');

    const custom = await failureOf(
      transition(database.db, products, {
        id: missing,
        rule: approve,
        notFound: () => new AppError('PRODUCT_NOT_FOUND'),
        record: audit('catalogue_proposal_approved'),
      }),
    );
    expect(custom.code).toBe('PRODUCT_NOT_FOUND');

    const decided = await insertProduct('approved');
    const refused = await failureOf(
      transition(database.db, products, {
        id: decided,
        rule: approve,
        refused: () => new AppError('CONFLICT', 'Zaten karar verildi.'),
        record: audit('catalogue_proposal_approved'),
      }),
    );
    expect(refused).toMatchObject({ code: 'CONFLICT', message: 'Zaten karar verildi.' });
  });

  it('treats a row outside the scope as missing, whatever its status', async () => {
    const id = await insertProduct('pending', 'Oakley');
    const scoped = { table: catalogueProducts, scope: eq(catalogueProducts.brand, 'Ray-Ban') };
    const error = await failureOf(
      transition(database.db, scoped, { id, rule: approve, record: audit('catalogue_proposal_approved') }),
    );
    expect(error.code).toBe('NOT_FOUND');
    expect(await statusOf(id)).toBe('pending');
  });

  it('rolls the status change back when the audit row fails', async () => {
    const id = await insertProduct('pending');
    await expect(
      transition(database.db, products, {
        id,
        rule: approve,
        record: async () => {
          throw new Error('audit write failed');
        },
      }),
    ).rejects.toThrow('audit write failed');
    expect(await statusOf(id)).toBe('pending');
  });

  describe('two concurrent transitions of one row', () => {
    it('lets exactly one win; the other gets the Turkish error and writes no audit row', async () => {
      const id = await insertProduct('pending');
      // The winner holds its row lock while writing the audit row, so on PostgreSQL the loser's
      // UPDATE waits on it and then finds the row no longer pending.
      const slowAudit = async (tx: Db, row: { id: string }) => {
        await new Promise((resolve) => setTimeout(resolve, 150));
        await audit('catalogue_proposal_approved')(tx, row);
      };
      const results = await Promise.allSettled([
        transition(database.db, products, { id, rule: approve, record: slowAudit }),
        transition(database.db, products, { id, rule: approve, record: slowAudit }),
      ]);
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(lost[0].reason).toBeInstanceOf(AppError);
      expect(lost[0].reason).toMatchObject({
        code: 'INVALID_STATUS_TRANSITION',
        message: 'Bu işlem kaydın şu anki durumunda yapılamaz. Lütfen sayfayı yenileyin.',
      });
      expect(await statusOf(id)).toBe('approved');
      expect(await auditRowsOf(id)).toHaveLength(1);
    });

    if (kind === 'postgres') {
      it('really overlaps on PostgreSQL: the loser waits on the winner’s row lock', async () => {
        const id = await insertProduct('pending');
        let winnerInside = false;
        let loserSawWinnerInside = false;
        const first = transition(database.db, products, {
          id,
          rule: approve,
          record: async (tx, row) => {
            winnerInside = true;
            await new Promise((resolve) => setTimeout(resolve, 300));
            await audit('catalogue_proposal_approved')(tx, row);
          },
        });
        // Start the second only once the first holds the row.
        while (!winnerInside) await new Promise((resolve) => setTimeout(resolve, 5));
        const second = transition(database.db, products, {
          id,
          rule: approve,
          record: async () => {
            loserSawWinnerInside = true;
          },
        });
        const [a, b] = await Promise.allSettled([first, second]);
        expect(a.status).toBe('fulfilled');
        expect(b.status).toBe('rejected');
        expect((b as PromiseRejectedResult).reason).toMatchObject({ code: 'INVALID_STATUS_TRANSITION' });
        expect(loserSawWinnerInside).toBe(false);
      });
    }
  });
});
