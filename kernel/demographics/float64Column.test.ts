import { Float64, Table, tableToIPC, vectorFromArray } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { float64Column } from './float64Column';

/** The same column through Arrow's generic builder, the reference the direct construction must match. */
const built = (values: (number | null)[]) => vectorFromArray(values, new Float64());
const stream = (column: ReturnType<typeof built>) => tableToIPC(new Table({ column }), 'stream');

describe('float64Column', () => {
  const cases: Record<string, (number | null)[]> = {
    'no null': [1.5, -2, 0, 1e12, 3.25],
    'nulls across two bitmap bytes': [null, 1, 2, null, 4, 5, 6, 7, 8, null, 10.5],
    'only nulls': [null, null, null],
    empty: [],
  };

  for (const [label, values] of Object.entries(cases)) {
    it(`encodes ${label} as Arrow's builder does, byte for byte`, () => {
      const column = float64Column(values.length, (index) => values[index]);
      expect(column.nullCount).toBe(values.filter((value) => value === null).length);
      expect([...column]).toEqual(values);
      expect(stream(column)).toEqual(stream(built(values)));
    });
  }

  it('takes an undefined value as null', () => {
    const values = [1, undefined, 3];
    const column = float64Column(values.length, (index) => values[index]);
    expect([...column]).toEqual([1, null, 3]);
  });
});
