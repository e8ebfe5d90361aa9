import { describe, expect, it } from 'vitest';
import { turkishStems } from './turkish-search.ts';

describe('turkishStems', () => {
  it('takes one common suffix off a folded word', () => {
    expect(turkishStems('lenslerinden')).toContain('lens');
    expect(turkishStems('cerceveleri')).toContain('cerceve');
    expect(turkishStems('kutulari')).toEqual(expect.arrayContaining(['kutu', 'kutular']));
  });

  it('adds the possessive form after a softened final consonant (gözlük → gözlüğü)', () => {
    expect(turkishStems('gozluk')).toEqual(['gozlugi', 'gozlugu']);
    expect(turkishStems('gozlukleri')).toEqual(expect.arrayContaining(['gozluk', 'gozlugu']));
  });

  it('keeps stems of at least three letters and never returns the word itself', () => {
    expect(turkishStems('ler')).toEqual([]);
    expect(turkishStems('dali')).toEqual(['dal']);
    expect(turkishStems('oakley')).toEqual([]);
    expect(turkishStems('rayban')).not.toContain('rayban');
  });
});
