import { describe, expect, it } from 'vitest';
import { choosePopulationKeys } from './populationKeys';

describe('choosePopulationKeys', () => {
  it('prefers the census total, then the age bands, then the 15–64 year olds', () => {
    const bands = ['P16_POP0014', 'P16_POP1529', 'P16_POP3044', 'P16_POP4559', 'P16_POP6074', 'P16_POP75P'];
    const fifteenToSixtyFour = { vintage: 2017, key: 'P17_POP1564' };
    expect(choosePopulationKeys([fifteenToSixtyFour])).toMatchObject({ vintage: 2017, keys: ['P17_POP1564'], total: false });
    expect(
      choosePopulationKeys([fifteenToSixtyFour, ...bands.map((key) => ({ vintage: 2016, key }))]),
    ).toMatchObject({ vintage: 2016, keys: bands, total: true });
    expect(
      choosePopulationKeys([fifteenToSixtyFour, { vintage: 2016, key: 'P16_POP' }, { vintage: 2016, key: 'P16_POP0014' }]),
    ).toMatchObject({ vintage: 2016, keys: ['P16_POP'], total: true });
    // Incomplete age bands are not a total.
    expect(choosePopulationKeys([{ vintage: 2016, key: 'P16_POP0014' }])).toBeUndefined();
  });
});
