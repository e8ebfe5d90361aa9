/**
 * mulberry32: a tiny seeded generator. The same seed gives the same sequence, so generated data
 * is the same on every run and a failing random test replays from its seed. Not for secrets.
 */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  /** An integer in [min, max], both included. */
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}

export type Random = ReturnType<typeof createRandom>;
