import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client.ts';

export interface CountRow {
  status: string;
  kind?: string;
  n: number;
}

/** E-mails in the outbox by status (sent ones are history, not backlog). */
export async function countOutboxByStatus(db: Db): Promise<CountRow[]> {
  const rows = await selectRows<{ status: string; n: string | number }>(
    db,
    sql`select status, count(*) as n from email_outbox where status <> 'sent' group by status`,
  );
  return rows.map((r) => ({ status: r.status, n: Number(r.n) }));
}

/** Provider jobs (releases and refunds at the bank) by kind and status. */
export async function countProviderJobs(db: Db): Promise<CountRow[]> {
  const rows = await selectRows<{ kind: string; status: string; n: string | number }>(
    db,
    sql`select kind, status, count(*) as n from provider_jobs group by kind, status`,
  );
  return rows.map((r) => ({ kind: r.kind, status: r.status, n: Number(r.n) }));
}

/** Card payments by status. */
export async function countPaymentsByStatus(db: Db): Promise<CountRow[]> {
  const rows = await selectRows<{ status: string; n: string | number }>(
    db,
    sql`select status, count(*) as n from payments group by status`,
  );
  return rows.map((r) => ({ status: r.status, n: Number(r.n) }));
}
