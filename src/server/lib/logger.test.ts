import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../../test/server-process.ts';
import { redactUrl } from './logger.ts';

describe('redactUrl', () => {
  it.each([
    ['/api/auth/reset?token=abc123', '/api/auth/reset?token=%5Bredacted%5D'],
    ['/x?password=hunter2', '/x?password=%5Bredacted%5D'],
    ['/x?client_secret=s3', '/x?client_secret=%5Bredacted%5D'],
    ['/x?code=9999', '/x?code=%5Bredacted%5D'],
    ['/x?apiKey=k1', '/x?apiKey=%5Bredacted%5D'],
    ['/x?SESSION=abc', '/x?SESSION=%5Bredacted%5D'],
  ])('hides the value in %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it('keeps the path and harmless parameters as they are', () => {
    expect(redactUrl('/api/listings?page=2&q=ray-ban&token=t0k&sort=price')).toBe(
      '/api/listings?page=2&q=ray-ban&token=%5Bredacted%5D&sort=price',
    );
  });

  it('leaves a URL without a query alone', () => {
    expect(redactUrl('/api/health')).toBe('/api/health');
  });
});

function request(
  base: string,
  options: { method: string; path: string; headers?: Record<string, string>; body?: string },
) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      new URL(options.path, base),
      { method: options.method, headers: options.headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('request logs of the running server', () => {
  it('carry no tokens, cookies, authorization headers or passwords', { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'optistok-log-'));
    const server = startServer({
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      SEED_DEMO_DATA: 'false',
    });
    try {
      const [, base] = await server.waitForStdout(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
      const secrets = { Cookie: 'session=s3cr3t', Authorization: 'Bearer t0k3n' };

      const health = await request(base, { method: 'GET', path: '/api/health?token=abc123&x=1', headers: secrets });
      expect(health.status).toBe(200);

      const contact = await request(base, {
        method: 'POST',
        path: '/api/contact-messages',
        headers: { ...secrets, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          name: 'Ayşe',
          email: 'ayse@ornek.com',
          password: 'Hunter2!x',
          subject: 'Şifre',
          message: 'x',
        }),
      });
      expect(contact.status).toBe(400);

      // A body the JSON parser chokes on: its error message quotes the input.
      const malformed = await request(base, {
        method: 'POST',
        path: '/api/contact-messages',
        headers: { ...secrets, 'Content-Type': 'application/json' },
        body: '{"password":"Hunter2!x" oops',
      });
      expect(malformed.status).toBe(400);

      server.child.kill('SIGTERM');
      expect((await server.exited).code).toBe(0);

      const log = server.stdout() + server.stderr();
      // The requests were logged, so the absence of the secrets means something.
      expect(log).toContain('incoming request');
      expect(log).toMatch(/\/api\/health\?token=[^"&]*&x=1/);
      expect(log).toContain('/api/contact-messages');
      for (const secret of ['abc123', 's3cr3t', 't0k3n', 'Hunter2!x']) expect(log).not.toContain(secret);
    } finally {
      server.kill();
      await server.exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
