import { describe, expect, it } from 'vitest';
import { RowError } from '../../pipeline/ImportError';
import { inseeValueLiteral } from './inseeValues';

describe('inseeValueLiteral', () => {
  it.each([
    ['1556.52529159887', '1556.52529159887'],
    ['22,6', '22.6'],
    ['-13,9', '-13.9'],
    ['0', '0'],
    ['17570', '17570'],
    ['00851', '851'],
    [',5', '0.5'],
    ['1e3', '1e3'],
  ])('keeps the published digits of %s', (input, literal) => {
    expect(inseeValueLiteral(input, 'P17_POP')).toBe(literal);
  });

  it.each(['', '  ', 's', 'nd', 'ns', 'so'])('stores « %s » (not published) as null', (input) => {
    expect(inseeValueLiteral(input, 'P17_POP')).toBe('null');
  });

  it.each(['abc', '12 %', '1.2.3', 'NA'])('rejects « %s » naming the column', (input) => {
    expect(() => inseeValueLiteral(input, 'P17_POP')).toThrow(RowError);
    try {
      inseeValueLiteral(input, 'P17_POP');
    } catch (error) {
      expect((error as RowError).column).toBe('P17_POP');
    }
  });
});
