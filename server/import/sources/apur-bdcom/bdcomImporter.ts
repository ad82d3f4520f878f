import { basename } from 'node:path';
import { forEachDelimitedRow } from '../../pipeline/csv/readDelimited';
import { RowError } from '../../pipeline/ImportError';
import type { DatasetPlan, Importer } from '../../pipeline/Importer';
import { listDataFiles } from '../../pipeline/listDataFiles';
import { departementLabel } from '../../pipeline/territoryLabel';
import { ESTABLISHMENT_INDEXES } from '../establishments/establishmentIndexes';
import {
  clearSourceEstablishments,
  insertStagedEstablishments,
  recordFamilyCoverage,
  StagedEstablishments,
} from '../establishments/establishmentsRepository';
import { BDCOM_COVERED_NAF_CODES } from './bdcomNafCodes';
import { bdcomShop } from './bdcomShop';

const IMPORTER_VERSION = 'apur-bdcom-1';

/** `apur-bdcom-<layer>-paris[-YYYY].csv`: an APUR BDCOM layer of Paris (`;`, APUR column names). */
const FILE_PATTERN = /^apur-bdcom-[a-z-]*paris(?:-(\d{4}))?\.csv(\.gz)?$/;

/** The staged layer states no vintage; it was published before December 2020 (BDCOM 2017 or earlier). */
const DEFAULT_VINTAGE = '2020';

export function findBdcomFiles(openDataDirectory: string): { path: string; vintage: string }[] {
  return listDataFiles(openDataDirectory, ['commerces'], FILE_PATTERN).map((path) => ({
    path,
    vintage: FILE_PATTERN.exec(basename(path))?.[1] ?? DEFAULT_VINTAGE,
  }));
}

function bdcomPlan(path: string, vintage: string): DatasetPlan {
  const departement = '75';
  return {
    source: 'establishments-apur-bdcom',
    territory: departement,
    vintage,
    label: `Commerces alimentaires BDCOM (APUR, relevé antérieur à ${vintage === DEFAULT_VINTAGE ? 'déc. 2020' : vintage}) — ${departementLabel(departement)}`,
    files: [path],
    version: IMPORTER_VERSION,
    indexes: ESTABLISHMENT_INDEXES,
    clear: (transaction) => clearSourceEstablishments(transaction, 'apur-bdcom', departement),
    async load(transaction, progress) {
      const staged = await StagedEstablishments.create(transaction);
      const seen = new Set<string>();
      let count = 0;
      await forEachDelimitedRow(
        path,
        {
          separator: ';',
          requiredColumns: [
            'X',
            'Y',
            'OBJECTID',
            'ARRO',
            'IRIS',
            'NUM',
            'LET',
            'TYP_VOIE',
            'LIB_VOIE',
            'LIBACT',
            'CODACT',
          ],
          onProgress: (bytes, total) => progress.update(count, (0.7 * bytes) / total),
        },
        async (row) => {
          const shop = bdcomShop(row);
          if (seen.has(shop.id)) throw new RowError('OBJECTID', `OBJECTID en double « ${shop.id} »`);
          seen.add(shop.id);
          count += 1;
          await staged.add(shop);
        },
      );
      await staged.flush();
      const label = `APUR BDCOM ${vintage === DEFAULT_VINTAGE ? '(avant déc. 2020)' : vintage}`;
      const loaded = await insertStagedEstablishments(transaction, 'apur-bdcom', departement, label);
      await recordFamilyCoverage(transaction, 'apur-bdcom', departement, BDCOM_COVERED_NAF_CODES);
      progress.update(loaded, 1);
      return loaded;
    },
  };
}

/**
 * APUR BDCOM (Apur, Ville de Paris, CCIP): every food shop front of Paris with its activity code, address,
 * IRIS and Lambert-93 point — no name, no SIRET. Planned with Paris (75).
 */
export const bdcomImporter: Importer = {
  source: 'establishments-apur-bdcom',
  plan({ openDataDirectory, departements }) {
    if (!departements.includes('75')) return [];
    return findBdcomFiles(openDataDirectory).map((file) => bdcomPlan(file.path, file.vintage));
  },
};
