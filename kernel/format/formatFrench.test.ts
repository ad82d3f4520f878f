import { describe, expect, it } from 'vitest';
import {
  formatEuros,
  formatEurosPerSquareMetre,
  formatNumber,
  formatPercent,
  formatShortDate,
  formatSquareKilometres,
} from './formatFrench';

const normalise = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('French formats', () => {
  it('formats numbers, euros and percentages the French way', () => {
    expect(normalise(formatNumber(1234567))).toBe('1 234 567');
    expect(normalise(formatNumber(12.345, 2))).toBe('12,35');
    expect(normalise(formatEuros(447000))).toBe('447 000 €');
    expect(normalise(formatEurosPerSquareMetre(10250.4))).toBe('10 250 €/m²');
    expect(normalise(formatPercent(12.5))).toBe('12,5 %');
    expect(normalise(formatSquareKilometres(1.2))).toBe('1,20 km²');
  });

  it('shows a placeholder for missing values, never zero', () => {
    expect(formatNumber(null)).toBe('—');
    expect(formatEuros(Number.NaN)).toBe('—');
    expect(formatPercent(undefined, 1, 'N/A')).toBe('N/A');
  });

  it('formats ISO dates without time-zone shift', () => {
    expect(formatShortDate('2024-01-03')).toBe('03/01/2024');
    expect(formatShortDate('not a date')).toBe('—');
  });
});
