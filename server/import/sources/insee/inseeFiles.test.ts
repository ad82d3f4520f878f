import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDataDirectory } from '../../../../tests/support/testDatabase';
import { ImportError } from '../../pipeline/ImportError';
import { recogniseInseeFile, scopeOfSuffix } from './inseeFiles';

const FIXTURES = join(import.meta.dirname, '../../../../tests/fixtures/insee');
const OPENDATA = openDataDirectory();

function temporaryFile(name: string, text: string): string {
  const directory = mkdtempSync(join(tmpdir(), 'zonalyse-insee-'));
  writeFileSync(join(directory, name), text);
  return join(directory, name);
}

describe('recogniseInseeFile', () => {
  it('reads base and vintage of the official census file names', async () => {
    const file = await recogniseInseeFile(join(FIXTURES, 'base-ic-evol-struct-pop-2017.CSV'));
    expect(file).toMatchObject({ vintage: 2017, departements: undefined, irisColumn: 'IRIS', communeColumn: 'COM' });
    expect(file?.parts.map((part) => part.base)).toEqual(['evol-struct-pop']);
    expect(file?.parts[0]?.columns.map((column) => column.name)).toContain('C17_POP15P_CS3');
    expect(file?.parts[0]?.columns.map((column) => column.name)).not.toContain('LIBIRIS');
  });

  it('reads the official Filosofi names, déclarés and disponibles', async () => {
    const dec = await recogniseInseeFile(join(FIXTURES, 'BASE_TD_FILO_DEC_IRIS_2017.csv'));
    expect(dec?.parts.map((part) => part.base)).toEqual(['filosofi-dec']);
    expect(dec?.vintage).toBe(2017);
    const disp = await recogniseInseeFile(
      temporaryFile('BASE_TD_FILO_IRIS_2021_DISP.csv', 'IRIS;DISP_MED21;DISP_D121\n'),
    );
    expect(disp).toMatchObject({ vintage: 2021, parts: [{ base: 'filosofi-disp' }] });
  });

  it('splits INSEE’s Paris 2017 join into activité-résidents and Filosofi, keeping niveau_vie_median as DISP_MED17', async () => {
    const file = await recogniseInseeFile(join(OPENDATA, 'insee_iris/data_iris_paris_2017.csv'));
    expect(file?.departements).toEqual(['75']);
    const [activity, income] = file?.parts ?? [];
    expect(activity?.base).toBe('activite-residents');
    expect(activity?.columns.every((column) => /^[PC]17_/.test(column.name))).toBe(true);
    expect(income?.base).toBe('filosofi-disp');
    expect(income?.columns).toEqual([
      { column: 'DISP_TP6017', name: 'DISP_TP6017' },
      { column: 'DISP_Q117', name: 'DISP_Q117' },
      { column: 'niveau_vie_median', name: 'DISP_MED17' },
    ]);
    const stored = file?.parts.flatMap((part) => part.columns.map((column) => column.column)) ?? [];
    for (const derived of ['part_cadres', 'taux_chomage', 'arrondissement', 'categorie_part_cadres']) {
      expect(stored).not.toContain(derived);
    }
  });

  it('finds the vintage in the column prefixes and the scope in the name', async () => {
    const idf = await recogniseInseeFile(join(OPENDATA, 'insee_iris/base-ic-activite-residents-2016-idf.csv.gz'));
    expect(idf).toMatchObject({ vintage: 2016, departements: ['75', '77', '78', '91', '92', '93', '94', '95'] });
    const national = await recogniseInseeFile(join(OPENDATA, 'filosofi/BASE_TD_FILO_DISP_IRIS_2015-france.csv.gz'));
    expect(national).toMatchObject({ vintage: 2015, departements: undefined });
    expect(scopeOfSuffix('paris')).toEqual(['75']);
    expect(scopeOfSuffix('2a')).toEqual(['2A']);
    expect(scopeOfSuffix('v2')).toBeUndefined();
  });

  it('fails on line 1 when the name and the columns disagree on the vintage', async () => {
    const path = temporaryFile('base-ic-logement-2018.csv', 'IRIS;COM;P17_LOG\n751010101;75101;12\n');
    await expect(recogniseInseeFile(path)).rejects.toThrow(/base-ic-logement-2018\.csv:1 .*2018.*2017/);
  });

  it('fails when the IRIS column is missing', async () => {
    const path = temporaryFile('base-ic-logement-2017.csv', 'CODE;P17_LOG\n1;2\n');
    await expect(recogniseInseeFile(path)).rejects.toThrow(ImportError);
  });

  it('recognises the RP 2016 habitat-IRIS subsets: base, vintage, scope and IRIS types', async () => {
    const population = await recogniseInseeFile(
      join(OPENDATA, 'insee_iris/rp2016-iris-H-population-age-csp-france.csv.gz'),
    );
    expect(population).toMatchObject({ vintage: 2016, departements: undefined, irisTypes: ['H'], irisColumn: 'IRIS' });
    expect(population?.parts[0]?.base).toBe('evol-struct-pop');
    expect(population?.parts[0]?.columns.map((column) => column.name)).toEqual([
      'P16_POP0014',
      'P16_POP1529',
      'P16_POP3044',
      'P16_POP4559',
      'P16_POP6074',
      'P16_POP75P',
      ...[1, 2, 3, 4, 5, 6, 7, 8].map((group) => `C16_POP15P_CS${group}`),
    ]);
    const households = await recogniseInseeFile(join(OPENDATA, 'insee_iris/rp2016-iris-H-menages-pmen-paris.csv'));
    expect(households).toMatchObject({ departements: ['75'], parts: [{ base: 'couples-familles-menages' }] });
    const housing = await recogniseInseeFile(join(OPENDATA, 'insee_iris/rp2016-iris-H-logement-subset-paris.csv'));
    expect(housing?.parts[0]?.base).toBe('logement');
    const mislabelled = temporaryFile('rp2017-iris-H-logement-subset-paris.csv', ',IRIS,TYP_IRIS,P16_RPMAISON\n');
    await expect(recogniseInseeFile(mislabelled)).rejects.toThrow(/2017.*2016/);
  });

  it('ignores other files', async () => {
    expect(await recogniseInseeFile(join(OPENDATA, 'filosofi/filosofi_com_2016_france.csv.gz'))).toBeUndefined();
  });
});
