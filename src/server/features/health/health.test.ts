import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/db.ts';
import { useTestApp } from '../../../../test/app.ts';
import { readMigrationJournal } from '../../db/migrate.ts';

describeEachDatabase('GET /api/health', (kind) => {
  const t = useTestApp(kind);

  it('reports the database kind and that every shipped migration is applied', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const journal = readMigrationJournal();
    expect(res.json()).toMatchObject({
      status: 'ok',
      database: { kind, reachable: true },
      migrations: { applied: journal.length, known: journal.length, latest: journal.at(-1)!.tag },
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('reports 503 and an unreachable database once the database is gone', async () => {
    await t.database.close();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'degraded', database: { kind, reachable: false } });
    // afterAll closes again: make that harmless.
    t.database.close = async () => undefined;
  });
});

describe('migrations', () => {
  it('ship a journal whose tags are in order', () => {
    const tags = readMigrationJournal().map((e) => e.tag);
    expect(tags[0]).toBe('0000_extensions');
    expect([...tags].sort()).toEqual(tags);
  });
});
