import { describe, expect, it } from 'vitest';
import { chainOf, normaliseName } from './gymChains';

describe('chainOf', () => {
  it('recognises chains whatever the case, accents and punctuation', () => {
    expect(chainOf('BASIC-FIT II')?.key).toBe('basic-fit');
    expect(chainOf('SAS FITNESS PARK PARIS 11')?.key).toBe('fitness-park');
    expect(chainOf("L'ORANGE BLEUE MON COACH FITNESS")?.key).toBe('orange-bleue');
    expect(chainOf('Vita Liberté Nation')?.key).toBe('vita-liberte');
    expect(chainOf('Club Med Gym Bastille')?.key).toBe('cmg');
  });

  it('reads the sign when the legal name says nothing', () => {
    expect(chainOf('SARL BTS INVEST', 'Keep Cool')?.key).toBe('keep-cool');
  });

  it('leaves an independent gym without chain, and does not match inside words', () => {
    expect(chainOf('Salle de boxe du Marais')).toBeNull();
    expect(chainOf('MOVINGSTONE')).toBeNull();
    expect(chainOf(null, undefined)).toBeNull();
  });

  it('normalises names', () => {
    expect(normaliseName("  L'Orange-Bleue  ÉTÉ ")).toBe('l orange bleue ete');
  });
});
