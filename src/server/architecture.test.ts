import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const featuresDir = path.join(import.meta.dirname, 'features');

/** Which features each feature's source (tests aside) imports, read from the files themselves. */
function featureGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const feature of readdirSync(featuresDir)) {
    const uses = new Set<string>();
    for (const file of readdirSync(path.join(featuresDir, feature))) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      const source = readFileSync(path.join(featuresDir, feature, file), 'utf8');
      for (const match of source.matchAll(/from '\.\.\/([a-z-]+)\//g)) if (match[1] !== feature) uses.add(match[1]);
    }
    graph.set(feature, uses);
  }
  return graph;
}

/** Every cycle's path, found by depth-first search (empty when the features form a hierarchy). */
function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const cycles: string[][] = [];
  const visit = (node: string, trail: string[]) => {
    state.set(node, 'open');
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...trail.slice(trail.indexOf(next)), next]);
      else if (!state.has(next)) visit(next, [...trail, next]);
    }
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node, [node]);
  return cycles;
}

describe('server architecture', () => {
  it('features depend on each other without a loop (what several need lives in lib/)', () => {
    expect(cyclesOf(featureGraph())).toEqual([]);
  });

  it('sees a loop when there is one', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c', 'a']]);
  });
});
