import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { extractZipEntry } from './extractZipEntry';

describe('extractZipEntry', () => {
  const directory = mkdtempSync(join(tmpdir(), 'zonalyse-zip-'));
  const zip = join(directory, 'base-ic-logement-2017.zip');
  writeFileSync(
    zip,
    zipSync({
      'base-ic-logement-2017.CSV': strToU8('IRIS;P17_LOG\n751010101;12\n'),
      'meta_base-ic-logement-2017.CSV': strToU8('COD_VAR;LIB_VAR\n'),
    }),
  );

  it('writes the matching entry of an INSEE zip', () => {
    const target = join(directory, 'insee_iris/base-ic-logement-2017.csv');
    extractZipEntry(zip, /^base-ic-logement-2017\.csv$/i, target);
    expect(readFileSync(target, 'utf8')).toBe('IRIS;P17_LOG\n751010101;12\n');
  });

  it('fails when no entry matches', () => {
    expect(() => extractZipEntry(zip, /^absent\.csv$/, join(directory, 'x.csv'))).toThrow(/trouvé 0/);
  });
});
