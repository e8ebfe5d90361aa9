import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/db.ts';
import { useTestApp, type TestAppHandle } from '../../../test/app.ts';

/** The Content-Security-Policy header as directive → sources. */
function cspOf(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header).toBe('string');
  const directives = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  return directives;
}

async function health(t: TestAppHandle, remoteAddress = '127.0.0.1') {
  const res = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress });
  expect(res.statusCode).toBe(200);
  return res;
}

describeEachDatabase('security headers', (kind) => {
  describe('over http', () => {
    const t = useTestApp(kind);

    it('send a strict Content-Security-Policy that reports violations', async () => {
      const res = await health(t);
      const header = String(res.headers['content-security-policy']);
      expect(header).toContain("default-src 'self'");
      expect(header).toContain("frame-ancestors 'none'");
      expect(header).toContain("object-src 'none'");
      expect(header).toContain('report-uri /api/csp-report');
      const csp = cspOf(res.headers['content-security-policy']);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('frame-src')).toEqual(["'none'"]);
      expect(csp.get('report-to')).toEqual(['csp']);
    });

    it('send the other protective headers', async () => {
      const res = await health(t);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['reporting-endpoints']).toBe('csp="/api/csp-report"');
      expect(res.headers['permissions-policy']).toContain('camera=()');
      expect(res.headers['x-powered-by']).toBeUndefined();
    });

    it('neither pin https nor upgrade requests when the app is served over http', async () => {
      const res = await health(t);
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(cspOf(res.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(false);
    });

    it('are also sent with error responses', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/whatever' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    });
  });

  describe('over https', () => {
    const t = useTestApp(kind, { env: { APP_URL: 'https://optistok.example' } });

    it('pin https and upgrade insecure requests', async () => {
      const res = await health(t);
      expect(res.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
      expect(cspOf(res.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
    });
  });

  describe('with a payment provider', () => {
    const t = useTestApp(kind, { env: { PAYMENT_PROVIDER_ORIGINS: 'https://pay.example' } });

    it('allow its origin for scripts, frames, requests and form posts, and nowhere else', async () => {
      const csp = cspOf((await health(t)).headers['content-security-policy']);
      for (const directive of ['script-src', 'frame-src', 'connect-src', 'form-action']) {
        expect(csp.get(directive), directive).toContain('https://pay.example');
      }
      for (const directive of ['default-src', 'img-src', 'style-src', 'frame-ancestors', 'object-src']) {
        expect(csp.get(directive), directive).not.toContain('https://pay.example');
      }
    });
  });
});

describeEachDatabase('global rate limit', (kind) => {
  const t = useTestApp(kind, { env: { RATE_LIMIT_MAX: '3' } });

  it('refuses the 4th request from one address within a minute while another address is still served', async () => {
    for (let i = 1; i <= 3; i++) await health(t, '198.51.100.7');
    const limited = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '198.51.100.7' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    expect(limited.json().error.message).toMatch(/bekleyin/);

    await health(t, '198.51.100.8');
  });

  it('counts unknown paths and the API documentation against the same limit', async () => {
    const ip = '198.51.100.9';
    for (const url of ['/api/nope', '/api/openapi.json', '/api/still-nope']) {
      const res = await t.app.inject({ method: 'GET', url, remoteAddress: ip });
      expect(res.statusCode, url).not.toBe(429);
    }
    const limited = await t.app.inject({ method: 'GET', url: '/api/nope', remoteAddress: ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
  });
});

describeEachDatabase('global rate limit and encoded paths', (kind) => {
  const t = useTestApp(kind, { env: { RATE_LIMIT_MAX: '3' } });

  it('keeps refusing an address over the limit however the API path is percent-encoded', async () => {
    const ip = '198.51.100.30';
    for (let i = 1; i <= 3; i++) await health(t, ip);
    // The router decodes these to /api/... routes (or unknown /api paths): the guard must too.
    for (const url of ['/%61pi/health', '/api/%68ealth', '/%61%70%69/health?x=1', '/%61pi/nothing']) {
      const res = await t.app.inject({ method: 'GET', url, remoteAddress: ip });
      expect(res.statusCode, url).toBe(429);
      expect(res.json(), url).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    }
    await health(t, '198.51.100.31');
  });
});

describeEachDatabase('global rate limit and the web app', (kind) => {
  const t = useTestApp(kind, { env: { RATE_LIMIT_MAX: '2' } });

  it('does not count requests outside the API', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: 'GET', url: `/some/page-${i}`, remoteAddress: '198.51.100.20' });
      expect(res.statusCode).not.toBe(429);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '198.51.100.20' })).statusCode).toBe(
      200,
    );
  });

  it('does not count listing images, which a product grid loads by the dozen', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/listing-images/${'0'.repeat(31)}${i}`,
        remoteAddress: '198.51.100.21',
      });
      expect(res.statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '198.51.100.21' })).statusCode).toBe(
      200,
    );
  });
});
