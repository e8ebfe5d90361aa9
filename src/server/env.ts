import { z } from 'zod';
import { unmetPasswordRules } from '#shared/password-policy.ts';

/** The only reader of process.env: every setting is validated here and the process fails fast. */
const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalUrl = (protocols: RegExp, hint: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || (URL.canParse(v) && protocols.test(new URL(v).protocol)), hint);

const meetsPasswordRules = (value: string) => unmetPasswordRules(value).length === 0;
const passwordRulesHint =
  'must meet the password rules: 8+ characters, upper and lower case, a digit and one of !@#$%^&*(),.?":{}|<>';

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  /** Private upload storage (application documents); default DATA_DIR/uploads. */
  UPLOADS_DIR: z.string().trim().min(1).optional(),
  /** The built web app to serve; default dist/web in the package. */
  WEB_DIST_DIR: z.string().trim().min(1).optional(),
  DATABASE_URL: optionalUrl(/^postgres(ql)?:$/, 'must be a postgres:// or postgresql:// URL'),
  APP_URL: z
    .string()
    .trim()
    .optional()
    .refine(
      (v) => v === undefined || v === '' || URL.canParse(v),
      'must be an absolute URL such as https://optistok.example',
    ),
  SMTP_URL: optionalUrl(/^smtps?:$/, 'must be an smtp:// or smtps:// URL'),
  MAIL_FROM: z.string().trim().default('OptiStok <no-reply@optistok.local>'),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  /** Trust X-Forwarded-* from the load balancer in front: true, false, or its addresses/CIDRs, comma-separated. */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((v): boolean | string => (v === 'true' ? true : v === 'false' ? false : v)),
  /** Space-separated origins of the card payment provider, allowed by the Content-Security-Policy. */
  PAYMENT_PROVIDER_ORIGINS: z
    .string()
    .trim()
    .default('')
    .transform((v) => v.split(/\s+/).filter(Boolean))
    .refine(
      (list) => list.every((o) => URL.canParse(o) && new URL(o).origin === o),
      'must be space-separated origins such as https://pay.example',
    ),
  /** Card payments: the embedded sandbox bank (no account needed) or iyzico. */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'iyzico']).default('sandbox'),
  /** iyzico merchant API key and secret key; required when PAYMENT_PROVIDER=iyzico. */
  IYZICO_API_KEY: z.string().trim().min(1).optional(),
  IYZICO_SECRET_KEY: z.string().trim().min(1).optional(),
  IYZICO_BASE_URL: z
    .string()
    .trim()
    .default('https://sandbox-api.iyzipay.com')
    .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), 'must be an http(s) URL'),
  /** Signs session cookies; at least 32 characters. Without it one is generated and kept in the database. */
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The first admin, created at start when the database has none. */
  ADMIN_EMAIL: z.email('must be an e-mail address').optional(),
  ADMIN_PASSWORD: z.string().refine(meetsPasswordRules, passwordRulesHint).optional(),
  /** Password of the demo accounts (and of the demo admin when ADMIN_* are not set); generated and printed once otherwise. */
  DEMO_PASSWORD: z.string().refine(meetsPasswordRules, passwordRulesHint).optional(),
  /**
   * Bearer token for GET /metrics from other hosts (a Prometheus scraper). Without it the figures
   * answer only to the machine itself (loopback).
   */
  METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  /** Requests per minute per client address across the whole API (abuse guard). */
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(300),
  /**
   * Test-only: the server's clock runs this many milliseconds ahead of the wall clock (864000000 =
   * 10 days), so a browser journey can restart a server on its data and watch the sweeps act on a
   * deadline that has passed. Read once at start-up, never over HTTP; refused with NODE_ENV=production.
   */
  CLOCK_OFFSET_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(366 * 24 * 3_600_000)
    .default(0),
  /** Seed demo data into an empty database on start. */
  SEED_DEMO_DATA: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

export type Env = z.infer<typeof envSchema> & { APP_URL: string };

export class EnvError extends Error {}

/** Parses the given environment; throws EnvError naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty variable means "not set" (PORT= must not become port 0), and operator-facing
  // messages stay in English even though the app's zod speaks Turkish.
  const defined = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(defined, { error: z.locales.en().localeError });
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  if (env.PAYMENT_PROVIDER === 'iyzico') {
    const missing = (['IYZICO_API_KEY', 'IYZICO_SECRET_KEY'] as const).filter((key) => !env[key]);
    if (missing.length) {
      const lines = missing.map((key) => `  ${key}: required when PAYMENT_PROVIDER=iyzico`);
      throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
    }
  }
  if (env.NODE_ENV === 'production' && env.CLOCK_OFFSET_MS !== 0) {
    throw new EnvError(
      'Invalid configuration:\n  CLOCK_OFFSET_MS: is for tests only and refused when NODE_ENV=production',
    );
  }
  return { ...env, APP_URL: env.APP_URL || `http://localhost:${env.PORT}` };
}

export function loadEnv(): Env {
  return parseEnv(process.env);
}
