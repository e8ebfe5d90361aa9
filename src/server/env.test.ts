import { describe, expect, it } from 'vitest';
import { startServer } from '../../test/server-process.ts';
import { EnvError, parseEnv } from './env.ts';

/** Runs parseEnv and returns the EnvError it throws (failing the test if it does not throw one). */
function envErrorOf(source: Record<string, string>): EnvError {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return error as EnvError;
  }
  throw new Error(`parseEnv accepted ${JSON.stringify(source)}`);
}

describe('parseEnv', () => {
  it('falls back to port 3000, ./data and an APP_URL on that port when nothing is set', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe('./data');
    expect(env.APP_URL).toBe('http://localhost:3000');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SEED_DEMO_DATA).toBe(true);
    expect(env.PAYMENT_PROVIDER_ORIGINS).toEqual([]);
  });

  it('derives the default APP_URL from the configured PORT', () => {
    expect(parseEnv({ PORT: '8080' }).APP_URL).toBe('http://localhost:8080');
  });

  it('keeps an explicit APP_URL and splits the payment origins', () => {
    const env = parseEnv({
      APP_URL: 'https://optistok.example',
      PAYMENT_PROVIDER_ORIGINS: ' https://pay.example  https://3ds.pay.example ',
    });
    expect(env.APP_URL).toBe('https://optistok.example');
    expect(env.PAYMENT_PROVIDER_ORIGINS).toEqual(['https://pay.example', 'https://3ds.pay.example']);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['SMTP_URL', 'http://mail.example'],
    ['LOG_LEVEL', 'loud'],
    ['PAYMENT_PROVIDER_ORIGINS', 'not a url'],
    ['ADMIN_PASSWORD', 'password'],
    ['DEMO_PASSWORD', 'Demo1234'],
    ['AUTH_SECRET', 'too-short'],
  ])('rejects %s=%j with an EnvError naming the variable', (name, value) => {
    const error = envErrorOf({ [name]: value });
    expect(error.message).toContain(`${name}:`);
    // Only the bad variable is blamed.
    const others = ['PORT', 'DATABASE_URL', 'SMTP_URL', 'LOG_LEVEL', 'PAYMENT_PROVIDER_ORIGINS'].filter(
      (n) => n !== name,
    );
    for (const other of others) expect(error.message).not.toContain(`${other}:`);
  });

  it('takes the test clock offset outside production only', () => {
    expect(parseEnv({}).CLOCK_OFFSET_MS).toBe(0);
    expect(parseEnv({ NODE_ENV: 'test', CLOCK_OFFSET_MS: '864000000' }).CLOCK_OFFSET_MS).toBe(864_000_000);
    expect(envErrorOf({ NODE_ENV: 'production', CLOCK_OFFSET_MS: '864000000' }).message).toContain(
      'CLOCK_OFFSET_MS: is for tests only',
    );
    expect(parseEnv({ NODE_ENV: 'production', CLOCK_OFFSET_MS: '0' }).CLOCK_OFFSET_MS).toBe(0);
    expect(envErrorOf({ CLOCK_OFFSET_MS: '-1' }).message).toContain('CLOCK_OFFSET_MS:');
  });

  it('treats an empty variable as not set, so PORT= keeps port 3000', () => {
    const env = parseEnv({ PORT: '', DATA_DIR: '', APP_URL: '' });
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe('./data');
    expect(env.APP_URL).toBe('http://localhost:3000');
  });

  it('explains configuration errors in English for the operator', () => {
    expect(envErrorOf({ PORT: 'abc' }).message).toMatch(/PORT: Invalid input: expected number/);
  });

  it('names every bad variable in one message', () => {
    const error = envErrorOf({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', SMTP_URL: 'ftp://mail' });
    for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL', 'SMTP_URL']) expect(error.message).toContain(`${name}:`);
  });
});

describe('parseEnv payment provider', () => {
  it("defaults to the sandbox bank and to iyzico's sandbox address", () => {
    const env = parseEnv({});
    expect(env.PAYMENT_PROVIDER).toBe('sandbox');
    expect(env.IYZICO_BASE_URL).toBe('https://sandbox-api.iyzipay.com');
  });

  it('requires both iyzico keys when the provider is iyzico', () => {
    const error = envErrorOf({ PAYMENT_PROVIDER: 'iyzico', IYZICO_API_KEY: 'key' });
    expect(error.message).toContain('IYZICO_SECRET_KEY');
    expect(error.message).not.toContain('IYZICO_API_KEY');
    const env = parseEnv({ PAYMENT_PROVIDER: 'iyzico', IYZICO_API_KEY: 'key', IYZICO_SECRET_KEY: 'secret' });
    expect(env.IYZICO_SECRET_KEY).toBe('secret');
  });

  it('refuses an unknown provider and a base URL that is not http(s)', () => {
    expect(envErrorOf({ PAYMENT_PROVIDER: 'paypal' }).message).toContain('PAYMENT_PROVIDER');
    expect(envErrorOf({ IYZICO_BASE_URL: 'ftp://x.example' }).message).toContain('IYZICO_BASE_URL');
  });
});

describe('server start-up with a bad setting', () => {
  it('exits with code 1 and a message naming the variable', async () => {
    const server = startServer({ PORT: 'abc', LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false' });
    try {
      const { code } = await server.exited;
      expect(code).toBe(1);
      expect(server.stderr()).toContain('PORT');
      expect(server.stderr()).toContain('Invalid configuration');
      expect(server.stdout()).not.toContain('OptiStok is running');
    } finally {
      server.kill();
    }
  });
});
