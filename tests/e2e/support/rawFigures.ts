import { join } from 'node:path';
import { defaultOpenDataDirectory } from '../../../server/config';
import { readRawCsv } from '../../support/rawCsv';

const OPEN_DATA = process.env.OPENDATA_DIR ?? defaultOpenDataDirectory() ?? '';

/** RP 2016 population of a Paris arrondissement: the six age bands of its IRIS in INSEE's raw file. */
export function arrondissementPopulation2016(code: string): number {
  const { rows } = readRawCsv(join(OPEN_DATA, 'insee_iris/rp2016-iris-H-population-age-csp-paris.csv'), ',');
  const bands = ['P16_POP0014', 'P16_POP1529', 'P16_POP3044', 'P16_POP4559', 'P16_POP6074', 'P16_POP75P'];
  return rows
    .filter((row) => row.IRIS?.startsWith(code))
    .reduce((sum, row) => sum + bands.reduce((total, band) => total + Number(row[band]), 0), 0);
}
