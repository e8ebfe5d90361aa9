import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { messages } from '#shared/messages.tr.ts';
import { describeEachDatabase } from '../../../../test/db.ts';
import { useTestApp, type TestAppHandle } from '../../../../test/app.ts';
import { securityEvents } from '../../db/schema/security-events.ts';

let nextIp = 1;
/** One client address per test, to find the rows it caused. */
const freshIp = () => `203.0.113.${nextIp++}`;

function report(t: TestAppHandle, contentType: string, payload: string, remoteAddress: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/csp-report',
    headers: { 'content-type': contentType },
    payload,
    remoteAddress,
  });
}

function eventsFrom(t: TestAppHandle, ip: string) {
  return t.database.db.select().from(securityEvents).where(eq(securityEvents.ip, ip));
}

describeEachDatabase('POST /api/csp-report', (kind) => {
  const t = useTestApp(kind);

  it('stores a legacy report-uri report as a csp_violation at the time of the clock', async () => {
    const ip = freshIp();
    const res = await report(
      t,
      'application/csp-report',
      JSON.stringify({
        'csp-report': {
          'blocked-uri': 'https://evil.example/x.js',
          'violated-directive': 'script-src-elem',
          'effective-directive': 'script-src-elem',
          'source-file': 'http://localhost:3000/',
          'line-number': 12,
          'document-uri': 'http://localhost:3000/',
        },
      }),
      ip,
    );
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    const rows = await eventsFrom(t, ip);
    expect(rows).toHaveLength(1);
    expect(rows[0].type).toBe('csp_violation');
    expect(rows[0].details).toEqual({
      blockedUri: 'https://evil.example/x.js',
      directive: 'script-src-elem',
      sourceFile: 'http://localhost:3000/',
      lineNumber: 12,
      documentUri: 'http://localhost:3000/',
    });
    expect(rows[0].createdAt.toISOString()).toBe(t.clock.now().toISOString());
  });

  it('stores a Reporting API report', async () => {
    const ip = freshIp();
    t.clock.advance(5_000);
    const res = await report(
      t,
      'application/reports+json',
      JSON.stringify([
        {
          type: 'csp-violation',
          age: 10,
          url: 'http://localhost:3000/arama',
          user_agent: 'Mozilla/5.0',
          body: {
            blockedURL: 'https://evil.example/y.js',
            effectiveDirective: 'script-src-elem',
            sourceFile: 'http://localhost:3000/assets/app.js',
            lineNumber: 7,
            disposition: 'enforce',
          },
        },
      ]),
      ip,
    );
    expect(res.statusCode).toBe(204);

    const rows = await eventsFrom(t, ip);
    expect(rows).toHaveLength(1);
    expect(rows[0].type).toBe('csp_violation');
    expect(rows[0].details).toEqual({
      blockedUri: 'https://evil.example/y.js',
      directive: 'script-src-elem',
      sourceFile: 'http://localhost:3000/assets/app.js',
      lineNumber: 7,
      documentUri: 'http://localhost:3000/arama',
    });
    expect(rows[0].createdAt.toISOString()).toBe(t.clock.now().toISOString());
  });

  it('ignores reports of other types in a Reporting API batch', async () => {
    const ip = freshIp();
    const res = await report(
      t,
      'application/reports+json',
      JSON.stringify([
        { type: 'deprecation', url: 'http://localhost:3000/', body: { id: 'x', message: 'old API' } },
        {
          type: 'csp-violation',
          url: 'http://localhost:3000/',
          body: { blockedURL: 'inline', effectiveDirective: 'style-src-attr' },
        },
        { type: 'intervention', url: 'http://localhost:3000/', body: { message: 'blocked' } },
      ]),
      ip,
    );
    expect(res.statusCode).toBe(204);
    const rows = await eventsFrom(t, ip);
    expect(rows.map((r) => r.details)).toEqual([
      {
        blockedUri: 'inline',
        directive: 'style-src-attr',
        sourceFile: null,
        lineNumber: null,
        documentUri: 'http://localhost:3000/',
      },
    ]);
  });

  it('accepts a batch without any CSP report and stores nothing', async () => {
    const ip = freshIp();
    const res = await report(
      t,
      'application/reports+json',
      JSON.stringify([{ type: 'deprecation', body: { id: 'x' } }]),
      ip,
    );
    expect(res.statusCode).toBe(204);
    expect(await eventsFrom(t, ip)).toHaveLength(0);
  });

  it.each(['application/csp-report', 'application/reports+json'])(
    'answers garbage sent as %s with 400 and stores nothing',
    async (contentType) => {
      const ip = freshIp();
      const res = await report(t, contentType, '{"csp-report": {"blocked-uri": ', ip);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'BAD_REQUEST', message: messages.errors.BAD_REQUEST } });
      expect(await eventsFrom(t, ip)).toHaveLength(0);
    },
  );

  it('answers well-formed JSON of the wrong shape with 400 VALIDATION_FAILED', async () => {
    const ip = freshIp();
    const res = await report(t, 'application/csp-report', JSON.stringify({ hello: 'world' }), ip);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(await eventsFrom(t, ip)).toHaveLength(0);
  });
});
