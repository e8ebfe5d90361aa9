import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time.ts';
import { unreadBadgeText } from './unread-badge.ts';

const now = new Date('2026-03-15T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('formatRelativeTime', () => {
  it('says "şimdi" under a minute, and for a time slightly in the future', () => {
    expect(formatRelativeTime(ago(0), now)).toBe('şimdi');
    expect(formatRelativeTime(ago(59_999), now)).toBe('şimdi');
    expect(formatRelativeTime(ago(-5_000), now)).toBe('şimdi');
  });

  it('counts whole minutes below an hour', () => {
    expect(formatRelativeTime(ago(60_000), now)).toBe('1 dakika önce');
    expect(formatRelativeTime(ago(59 * 60_000 + 59_000), now)).toBe('59 dakika önce');
  });

  it('counts whole hours below a day', () => {
    expect(formatRelativeTime(ago(3_600_000), now)).toBe('1 saat önce');
    expect(formatRelativeTime(ago(23 * 3_600_000 + 3_599_000), now)).toBe('23 saat önce');
  });

  it('counts whole days from a day on', () => {
    expect(formatRelativeTime(ago(86_400_000), now)).toBe('1 gün önce');
    expect(formatRelativeTime(new Date(now.getTime() - 40 * 86_400_000), now)).toBe('40 gün önce');
  });

  it('reads an unreadable timestamp as "şimdi" rather than "NaN gün önce"', () => {
    expect(formatRelativeTime('not a date', now)).toBe('şimdi');
  });
});

describe('unreadBadgeText', () => {
  it('hides the badge at 0, shows 1 to 9 as they are and 9+ above 9', () => {
    expect(unreadBadgeText(0)).toBeNull();
    expect(unreadBadgeText(1)).toBe('1');
    expect(unreadBadgeText(9)).toBe('9');
    expect(unreadBadgeText(10)).toBe('9+');
    expect(unreadBadgeText(250)).toBe('9+');
  });
});
