import { describe, expect, it } from 'vitest';
import { departementOfCode, normaliseIrisCode } from './irisCode';

describe('normaliseIrisCode', () => {
  it.each([
    ['751010101', '751010101'],
    ['75101_0101', '751010101'],
    [' 2A004_0101 ', '2A0040101'],
    ['01001', '010010000'],
    ['2b033', '2B0330000'],
  ])('%s → %s', (input, expected) => {
    expect(normaliseIrisCode(input)).toBe(expected);
  });

  it.each(['', '7510101', '75101-0101', '75101_01010', 'ABCDEFGHI', '7510101011'])('rejects « %s »', (input) => {
    expect(normaliseIrisCode(input)).toBeUndefined();
  });
});

describe('departementOfCode', () => {
  it('takes three characters overseas and two elsewhere', () => {
    expect(departementOfCode('751110101')).toBe('75');
    expect(departementOfCode('97411')).toBe('974');
    expect(departementOfCode('2A004')).toBe('2A');
  });
});
