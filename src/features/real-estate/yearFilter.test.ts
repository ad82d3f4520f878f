import { describe, expect, it } from 'vitest';
import { lastTenYears, yearOf, yearRange } from './yearFilter';

describe('year filter of the real-estate search', () => {
  it('offers the current year and the nine before it, newest first', () => {
    expect(lastTenYears(2026)).toEqual([2026, 2025, 2024, 2023, 2022, 2021, 2020, 2019, 2018, 2017]);
  });

  it('turns a year into 1 January – 31 December, and no year into no dates', () => {
    expect(yearRange('2024')).toEqual({ date_from: '2024-01-01', date_to: '2024-12-31' });
    expect(yearRange('')).toEqual({ date_from: undefined, date_to: undefined });
  });

  it('recognises a whole calendar year only', () => {
    expect(yearOf({ date_from: '2025-01-01', date_to: '2025-12-31' })).toBe('2025');
    expect(yearOf({ date_from: '2025-01-01', date_to: '2025-06-30' })).toBeUndefined();
    expect(yearOf({})).toBeUndefined();
  });
});
