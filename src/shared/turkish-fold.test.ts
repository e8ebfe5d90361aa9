import { describe, expect, it } from 'vitest';
import { foldTurkish } from './turkish-fold.ts';

describe('foldTurkish', () => {
  it('folds Turkish letters of either case to their lower-case ASCII base', () => {
    expect(foldTurkish('ŞULE Işık ÖZTÜRK Çağ')).toBe('sule isik ozturk cag');
    expect(foldTurkish('İSTANBUL')).toBe(foldTurkish('istanbul'));
    expect(foldTurkish('IŞIK')).toBe(foldTurkish('ışık'));
  });

  it('folds the circumflex vowels and leaves other text as lower case', () => {
    expect(foldTurkish('Âdem Îmar Ûmit')).toBe('adem imar umit');
    expect(foldTurkish('Ray-Ban RB2140')).toBe('ray-ban rb2140');
  });
});
