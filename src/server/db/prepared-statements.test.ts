import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, describeOnPostgres, type TestDatabase } from '../../../test/db.ts';
import { selectRows } from './client.ts';
import { NAME_AFTER_RUNS, StatementNames } from './prepared-statements.ts';

describe('statement names', () => {
  it('names a text once it recurs, the same name every time, and never more texts than the limit', () => {
    const names = new StatementNames({ nameAfterRuns: 3, maxNamed: 2 });
    expect(names.nameFor('select $1')).toBeUndefined();
    expect(names.nameFor('select $1')).toBeUndefined();
    const name = names.nameFor('select $1');
    expect(name).toMatch(/^os_[0-9a-f]{24}$/);
    expect(names.nameFor('select $1')).toBe(name);
    for (let i = 0; i < 3; i++) names.nameFor('select $1 + 1');
    expect(names.namedCount).toBe(2);
    // Full: a third recurring text stays unnamed, the named ones keep their names.
    for (let i = 0; i < 5; i++) expect(names.nameFor('select $1 + 2')).toBeUndefined();
    expect(names.nameFor('select $1')).toBe(name);
    expect(names.namedCount).toBe(2);
  });
});

describeOnPostgres('named statements on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(() => database.close());

  async function preparedOnConnection(): Promise<string[]> {
    const rows = await selectRows<{ statement: string }>(
      database.db,
      sql`select statement from pg_prepared_statements where left(name, 3) = 'os_'`,
    );
    return rows.map((r) => r.statement);
  }

  it('a recurring parameterised query runs prepared and answers as before; a one-off and a text without parameters do not', async () => {
    const marker = `named-${Date.now()}`;
    const answers: unknown[] = [];
    // Enough runs that every connection of the pool of 10 has met the name at least once.
    for (let i = 0; i < NAME_AFTER_RUNS + 30; i++) {
      const [row] = await selectRows<{ echo: string; n: number }>(
        database.db,
        sql`select ${marker}::text as echo, ${i}::int as n`,
      );
      answers.push(row);
    }
    expect(answers.at(-1)).toEqual({ echo: marker, n: NAME_AFTER_RUNS + 29 });
    expect(answers.every((a, i) => (a as { n: number }).n === i)).toBe(true);
    await selectRows(database.db, sql`select ${marker}::text as one_off`);
    await database.db.execute(sql.raw(`select 'no parameters' as unnamed`));

    // The statement list is per connection: ask often enough to meet a connection that prepared it.
    const seen = new Set<string>();
    for (let i = 0; i < 20; i++) for (const s of await preparedOnConnection()) seen.add(s);
    const texts = [...seen];
    expect(texts.some((t) => t.includes('as echo') && t.includes('$1'))).toBe(true);
    expect(texts.some((t) => t.includes('as one_off'))).toBe(false);
    expect(texts.some((t) => t.includes('no parameters'))).toBe(false);
  });

  it('a transaction runs named statements too, and a failed one leaves the connection usable', async () => {
    const value = async (n: number) =>
      (await selectRows<{ v: number }>(database.db, sql`select ${n}::int * 2 as v`))[0].v;
    for (let i = 0; i < NAME_AFTER_RUNS + 2; i++) expect(await value(i)).toBe(i * 2);
    await expect(
      database.db.transaction(async (tx) => {
        expect((await selectRows<{ v: number }>(tx, sql`select ${21}::int * 2 as v`))[0].v).toBe(42);
        await selectRows(tx, sql`select ${'x'}::int as broken`);
      }),
    ).rejects.toThrow();
    for (let i = 0; i < 12; i++) expect(await value(i)).toBe(i * 2);
  });
});
