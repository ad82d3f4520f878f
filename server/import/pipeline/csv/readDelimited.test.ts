import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDecimal } from '../fields';
import { ImportError, RowError } from '../ImportError';
import { forEachDelimitedRow, readDelimited } from './readDelimited';

const FIXTURES = join(import.meta.dirname, '../../../../tests/fixtures/csv');

describe('readDelimited', () => {
  it.each(['sample-semicolon.csv', 'sample-semicolon.csv.gz'])(
    'reads %s with quotes, BOM and multi-line fields',
    async (file) => {
      const rows = [];
      for await (const row of readDelimited(join(FIXTURES, file), { separator: 'auto' })) {
        rows.push({
          line: row.lineNumber,
          iris: row.get('IRIS'),
          name: row.get('LIBIRIS'),
          population: row.get('P17_POP'),
        });
      }
      expect(rows).toEqual([
        { line: 2, iris: '751010101', name: "Saint-Germain; l'Auxerrois", population: '1200,5' },
        { line: 3, iris: '751010102', name: 'Les "Halles"\nnord', population: '300' },
        { line: 6, iris: '751010103', name: 'Palais Royal', population: '' },
      ]);
    },
  );

  it('fails on line 1 when a required column is missing', async () => {
    const reading = forEachDelimitedRow(
      join(FIXTURES, 'sample-semicolon.csv'),
      { requiredColumns: ['CODE_IRIS'] },
      () => undefined,
    );
    await expect(reading).rejects.toThrow(ImportError);
    await expect(reading).rejects.toThrow(/sample-semicolon\.csv:1, colonne « CODE_IRIS »/);
  });

  it('names file, line and column of a bad value', async () => {
    const reading = forEachDelimitedRow(join(FIXTURES, 'sample-semicolon.csv'), {}, (row) => {
      if (row.get('IRIS') === '751010103') throw new RowError('LIBIRIS', 'refusé');
      readDecimal(row, 'P17_POP');
    });
    await expect(reading).rejects.toThrow('sample-semicolon.csv:6, colonne « LIBIRIS » : refusé');
  });
});
