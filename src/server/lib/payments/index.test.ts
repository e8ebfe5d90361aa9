import { describe, expect, it } from 'vitest';
import { testEnv } from '../../../../test/app.ts';
import type { Db } from '../../db/client.ts';
import { createManualClock } from '../clock.ts';
import { createPaymentProvider } from './index.ts';

describe('createPaymentProvider', () => {
  // Choosing a provider touches neither the database nor the network.
  const deps = { db: {} as Db, clock: createManualClock() };

  it('uses the embedded sandbox bank by default', () => {
    expect(createPaymentProvider(testEnv(), deps).name).toBe('sandbox');
  });

  it('uses iyzico when PAYMENT_PROVIDER=iyzico', () => {
    const env = testEnv({ PAYMENT_PROVIDER: 'iyzico', IYZICO_API_KEY: 'k', IYZICO_SECRET_KEY: 's' });
    const provider = createPaymentProvider(env, deps);
    expect(provider.name).toBe('iyzico');
    expect(typeof provider.registerRoutes).toBe('function');
  });
});
