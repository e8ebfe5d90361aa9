import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { messages } from '#shared/messages.tr.ts';
import { contactPageMessages } from '#shared/messages/contact.tr.ts';
import { describeEachDatabase } from '../../../test/db.ts';
import { testEnv, useTestApp } from '../../../test/app.ts';
import { buildApp } from '../app.ts';
import { AppError } from '../lib/app-error.ts';
import { MissingAccessRuleError } from './access.ts';

const turkishLetters = /[çğıöşüÇĞİÖŞÜ]/;

function extraRoutes(app: FastifyInstance) {
  app.get('/api/test/crash', { config: { access: 'public' } }, async () => {
    throw new Error('secret internal detail at /srv/db');
  });
  app.get('/api/test/conflict', { config: { access: 'public' } }, async () => {
    throw new AppError('CONFLICT');
  });
  app.get('/api/test/unprocessable', { config: { access: 'public' } }, async () => {
    throw Object.assign(new Error('upstream said 422'), { statusCode: 422 });
  });
  // A text with a NUL character that no schema refused, reaching the database.
  app.get('/api/test/nul-text', { config: { access: 'public' } }, async () => {
    await app.db.execute(sql`select ${'a\u0000b'}::text as value`);
    return { ok: true };
  });
}

describeEachDatabase('API error responses', (kind) => {
  const t = useTestApp(kind, { extraRoutes });
  let nextIp = 1;
  /** Each request from its own address, so the contact form's strict limit never interferes. */
  const ip = () => `198.51.100.${nextIp++}`;

  it('answers text the database cannot store (a NUL character) with 400, not 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/nul-text', remoteAddress: ip() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: messages.common.invalidCharacters } });
  });

  it.each(['GET', 'POST'] as const)(
    'answers an unknown API path (%s) with 404 NOT_FOUND in Turkish',
    async (method) => {
      const res = await t.app.inject({ method, url: '/api/whatever', remoteAddress: ip() });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: messages.errors.NOT_FOUND } });
      expect(res.json().error.message).toMatch(turkishLetters);
    },
  );

  it('hides the details of an unexpected error behind a generic 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/crash', remoteAddress: ip() });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: { code: 'INTERNAL_ERROR', message: 'Beklenmeyen bir hata oluştu. Lütfen tekrar deneyin.' },
    });
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('/srv/db');
    expect(res.body).not.toContain('stack');
  });

  it('turns an AppError into its own status and code', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/conflict', remoteAddress: ip() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'CONFLICT', message: messages.errors.CONFLICT } });
  });

  it('maps a client error status without a code of its own to 400 BAD_REQUEST, not 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/unprocessable', remoteAddress: ip() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'BAD_REQUEST', message: messages.errors.BAD_REQUEST } });
  });

  it('answers malformed JSON with 400 BAD_REQUEST in the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact-messages',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Ayşe", ',
      remoteAddress: ip(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'BAD_REQUEST', message: messages.errors.BAD_REQUEST } });
  });

  it.each(['application/xml', 'application/x-www-form-urlencoded', 'text/plain'])(
    'answers a body of an unsupported content type (%s) with 415',
    async (contentType) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact-messages',
        headers: { 'content-type': contentType },
        payload: 'Merhaba, bir sorum var.',
        remoteAddress: ip(),
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({
        error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: messages.errors.UNSUPPORTED_MEDIA_TYPE },
      });
    },
  );

  it('answers an invalid body with 400 VALIDATION_FAILED and a Turkish message per field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact-messages',
      payload: { name: 'A', email: 'not-an-email', subject: 'ab', message: 'kısa' },
      remoteAddress: ip(),
    });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields).toEqual({
      name: contactPageMessages.nameMin,
      email: contactPageMessages.emailInvalid,
      subject: contactPageMessages.subjectMin,
      message: contactPageMessages.messageMin,
    });
    // The headline is one of the field messages, so a form can show it as is.
    expect(Object.values(error.fields)).toContain(error.message);
    expect(error.message).toMatch(turkishLetters);
  });

  it('refuses to start when an API route declares no access rule', async () => {
    await expect(
      buildApp({
        database: t.database,
        env: testEnv(),
        webRoot: null,
        extraRoutes: (app) => {
          app.get('/api/test/forgotten', async () => ({ ok: true }));
        },
      }),
    ).rejects.toBeInstanceOf(MissingAccessRuleError);
  });
});

describeEachDatabase('the not-found handler with the web app served', (kind) => {
  const webRoot = mkdtempSync(path.join(os.tmpdir(), 'optistok-web-'));
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>OptiStok</title>');
  const t = useTestApp(kind, { webRoot });

  it('answers an unknown page with the web app, and an unknown API path with JSON, percent-encoded or not', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/boyle-bir-sayfa-yok' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    for (const url of ['/api/nothing', '/%61pi/nothing', '/%61%70%69/nothing?x=1', '/api']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ error: { code: 'NOT_FOUND', message: messages.errors.NOT_FOUND } });
    }
  });
});
