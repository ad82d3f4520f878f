import { describe, expect, it } from 'vitest';
import { coverageOf } from './priceCoverage';

describe('coverageOf', () => {
  it('names the count and the dates of the first and last sale', () => {
    expect(coverageOf({ count: 70, first_date: '2025-04-02', last_date: '2025-06-27' })).toBe(
      '70 ventes, du 02/04/2025 au 27/06/2025',
    );
  });

  it('says the count alone when there is no sale', () => {
    expect(coverageOf({ count: 0, first_date: null, last_date: null })).toBe('0 vente');
  });
});
