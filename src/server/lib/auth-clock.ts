import type { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Clock } from './clock.ts';

type AdapterFactory = ReturnType<typeof drizzleAdapter>;

/**
 * better-auth judges sessions and tokens by the wall clock (`new Date()` inside the library), while
 * everything else judges time by the app's clock. To keep one time source, the library's database
 * adapter translates between the two: what better-auth writes is stored in app time, and what it
 * reads comes back in its own (wall) time. Every comparison it makes, `expiresAt < new Date()`, is
 * then the same as `stored expiresAt < clock.now()`. With the system clock the offset is zero and
 * nothing is touched.
 */
export function withAppClock(factory: AdapterFactory, clock: Clock): AdapterFactory {
  return (options) => wrapAdapter(factory(options), clock);
}

/** A time better-auth handed out (its wall time) seen on the app's clock. */
export function toAppTime(libraryTime: Date, clock: Clock): Date {
  return new Date(libraryTime.getTime() + offsetMs(clock));
}

function offsetMs(clock: Clock): number {
  return clock.now().getTime() - Date.now();
}

function wrapAdapter<A extends object>(adapter: A, clock: Clock): A {
  return new Proxy(adapter, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      if (property === 'transaction') {
        return (callback: (trx: object) => Promise<unknown>) =>
          (value as (cb: typeof callback) => Promise<unknown>).call(target, (trx) => callback(wrapAdapter(trx, clock)));
      }
      return async (...args: unknown[]) => {
        const offset = offsetMs(clock);
        if (offset === 0) return (value as (...a: unknown[]) => unknown).apply(target, args);
        const result = await (value as (...a: unknown[]) => unknown).apply(
          target,
          args.map((arg) => shiftDates(arg, offset)),
        );
        return shiftDates(result, -offset);
      };
    },
  });
}

/** Copies plain objects and arrays, moving every Date in them by `ms`. */
function shiftDates(value: unknown, ms: number): unknown {
  if (value instanceof Date) return new Date(value.getTime() + ms);
  if (Array.isArray(value)) return value.map((item) => shiftDates(item, ms));
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shiftDates(item, ms)]));
  }
  return value;
}
