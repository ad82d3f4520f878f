import { describe, expect, it } from 'vitest';
import { normaliseAddressQuery, simplifyText } from './normaliseAddressQuery';

describe('normaliseAddressQuery', () => {
  it('expands the usual abbreviations and drops accents and apostrophes', () => {
    expect(normaliseAddressQuery('12 r de Rivoli')).toEqual({
      text: '12 rue de rivoli',
      keywords: 'rivoli',
      numero: 12,
      postcode: undefined,
    });
    expect(normaliseAddressQuery("place d'Italie").text).toBe('place d italie');
    expect(normaliseAddressQuery('Bd St-Michel').text).toBe('boulevard saint michel');
    expect(normaliseAddressQuery('3 av. des Champs-Élysées 75008')).toEqual({
      text: '3 avenue des champs elysees 75008',
      keywords: 'champs elysees',
      numero: 3,
      postcode: '75008',
    });
    expect(normaliseAddressQuery('75011')).toEqual({
      text: '75011',
      keywords: '75011',
      numero: undefined,
      postcode: '75011',
    });
    expect(normaliseAddressQuery('Fbg Saint-Antoine').text).toBe('faubourg saint antoine');
  });

  it('simplifies like lower(unaccent()) with punctuation as spaces', () => {
    expect(simplifyText('Cœur  de  Rivoli — Hôtel-de-Ville')).toBe('coeur de rivoli hotel de ville');
  });
});
