import { afterEach, describe, expect, it } from 'vitest';
import { appNow, followServerDate } from './app-clock.ts';

/** A device time on a whole second, so the Date header (whole seconds) carries the exact gap. */
const receivedAt = Date.UTC(2026, 5, 10, 9, 0, 0);
const DAY_MS = 86_400_000;

/** How far appNow() runs ahead of the device's clock. */
const skew = () => appNow().getTime() - Date.now();

describe('the app clock on the device', () => {
  afterEach(() => followServerDate(new Date(receivedAt).toUTCString(), receivedAt));

  it('follows a server whose clock runs 16 days ahead of the device', () => {
    followServerDate(new Date(receivedAt + 16 * DAY_MS).toUTCString(), receivedAt);
    expect(Math.abs(skew() - 16 * DAY_MS)).toBeLessThan(100);
  });

  it('takes a gap of a second or so for rounding, not for a skewed clock', () => {
    followServerDate(new Date(receivedAt - 1_000).toUTCString(), receivedAt);
    expect(Math.abs(skew())).toBeLessThan(100);
  });

  it('ignores a missing or unreadable Date header', () => {
    followServerDate(new Date(receivedAt + DAY_MS).toUTCString(), receivedAt);
    followServerDate(null);
    followServerDate('dün');
    expect(Math.abs(skew() - DAY_MS)).toBeLessThan(100);
  });
});
