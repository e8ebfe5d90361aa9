import { afterEach, describe, expect, it } from 'vitest';
import { appNow, followServerDate } from './app-clock.ts';

describe('the app clock on the device', () => {
  afterEach(() => followServerDate(new Date().toUTCString()));

  it('follows a server whose clock runs 16 days ahead of the device', () => {
    const receivedAt = Date.now();
    followServerDate(new Date(receivedAt + 16 * 86_400_000).toUTCString(), receivedAt);
    const skew = appNow().getTime() - Date.now();
    expect(skew).toBeGreaterThan(16 * 86_400_000 - 2_000);
    expect(skew).toBeLessThan(16 * 86_400_000 + 1_000);
  });

  it('takes a gap of a second or so for rounding, not for a skewed clock', () => {
    const receivedAt = Date.now();
    followServerDate(new Date(receivedAt - 1_500).toUTCString(), receivedAt);
    expect(Math.abs(appNow().getTime() - Date.now())).toBeLessThan(50);
  });

  it('ignores a missing or unreadable Date header', () => {
    const receivedAt = Date.now();
    followServerDate(new Date(receivedAt + 86_400_000).toUTCString(), receivedAt);
    followServerDate(null);
    followServerDate('dün');
    expect(appNow().getTime() - Date.now()).toBeGreaterThan(86_400_000 - 2_000);
  });
});
