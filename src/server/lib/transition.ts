import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Transition } from '#shared/status.ts';
import type { Db } from '../db/client.ts';
import { AppError } from './app-error.ts';

/** A table whose rows have an `id` and a `status` column. */
export type StatusTable = PgTable & { id: PgColumn; status: PgColumn };

/** Where a transition applies: a table, and optionally a scope (e.g. the seller's own rows). */
export interface StatusTarget<T extends StatusTable> {
  table: T;
  /** Rows outside the scope count as missing, so another owner's row is never revealed. */
  scope?: SQL;
}

export interface StatusChange<T extends StatusTable> {
  id: string;
  rule: Transition<string>;
  /** A further condition the row must meet (e.g. not yet accepted); a row failing it is `refused`. */
  guard?: SQL;
  /** Other columns written with the status (reviewer, reason, timestamps). */
  set?: PgUpdateSetSource<T>;
  /** The error when no row has this id in scope; NOT_FOUND unless given. */
  notFound?: () => AppError;
  /** The error when the row is in none of `rule.from` or fails the guard (given the row as it is); INVALID_STATUS_TRANSITION unless given. */
  refused?: (existing: T['$inferSelect']) => AppError;
  /** Writes the events/audit row (and anything else that must commit with the change). */
  record: (tx: Db, row: T['$inferSelect']) => Promise<void>;
}

/**
 * Applies a status transition: `UPDATE … SET status = to WHERE id = $id AND status IN (from)`
 * returning the row, then `record` in the same transaction. Only one of two concurrent
 * transitions from the same status can match, so the other gets `refused` (the row is re-read
 * only to tell a refused change from a missing row, and to say why it was refused). Given a transaction, it nests a savepoint.
 */
export async function transition<T extends StatusTable>(
  db: Db,
  target: StatusTarget<T>,
  change: StatusChange<T>,
): Promise<T['$inferSelect']> {
  const { table, scope } = target;
  const inScope = and(eq(table.id, change.id), scope);
  return db.transaction(async (tx) => {
    const values = { ...change.set, status: change.rule.to } as PgUpdateSetSource<T>;
    const [row] = (await tx
      .update(table)
      .set(values)
      .where(and(inScope, inArray(table.status, [...change.rule.from]), change.guard))
      .returning()) as T['$inferSelect'][];
    if (!row) {
      const [existing] = (await tx
        .select()
        .from(table as PgTable)
        .where(inScope)) as T['$inferSelect'][];
      throw existing
        ? (change.refused?.(existing) ?? new AppError('INVALID_STATUS_TRANSITION'))
        : (change.notFound?.() ?? new AppError('NOT_FOUND'));
    }
    await change.record(tx, row);
    return row;
  });
}
