import { DEPARTEMENT_CODE_SOURCE } from '../../../../kernel/territory/territoryCodes';
import { basename } from 'node:path';
import { COMMUNE_CODE_PATTERN, departementOfCode, normaliseIrisCode } from '../../../../kernel/territory/irisCode';
import { CopyBuffer } from '../../pipeline/copy/CopyBuffer';
import { forEachDelimitedRow } from '../../pipeline/csv/readDelimited';
import { readInteger } from '../../pipeline/fields';
import { RowError } from '../../pipeline/ImportError';
import type { DatasetPlan, Importer } from '../../pipeline/Importer';
import { listDataFiles } from '../../pipeline/listDataFiles';
import { departementLabel } from '../../pipeline/territoryLabel';
import { BPE_2019_TYPES_FILE, readBpeEquipmentTypes } from './bpeEquipmentTypes';
import { BPE_COUNT_INDEXES, deleteBpeCounts, deleteBpeEquipmentTypes } from './bpeRepository';

const IMPORTER_VERSION = 'bpe-1';

/** `bpe19_ensemble.csv` (official national), `bpe19_ensemble_france.csv.gz`, `bpe19_ensemble_75.csv`. */
const BPE_FILE = new RegExp(`^bpe(\\d{2})_ensemble(?:_(france|${DEPARTEMENT_CODE_SOURCE}))?\\.csv(\\.gz)?$`, 'i');

interface BpeFile {
  path: string;
  vintage: number;
  departement: string | undefined;
}

/** The BPE "ensemble" files of `bpe/`: per-département files first (faster), then national ones. */
export function findBpeFiles(directory: string): BpeFile[] {
  return listDataFiles(directory, ['bpe'], BPE_FILE)
    .map((path) => {
      const match = BPE_FILE.exec(basename(path));
      const scope = match?.[2]?.toUpperCase();
      return {
        path,
        vintage: 2000 + Number(match?.[1]),
        departement: scope === undefined || scope === 'FRANCE' ? undefined : scope,
      };
    })
    .sort((a, b) => Number(a.departement === undefined) - Number(b.departement === undefined));
}

const COLUMNS = ['vintage', 'iris_code', 'commune_code', 'departement_code', 'equipment_type', 'count'] as const;

function countsPlan(file: BpeFile, departement: string): DatasetPlan {
  return {
    source: 'bpe',
    territory: departement,
    vintage: String(file.vintage),
    label: `Base permanente des équipements ${file.vintage} (INSEE) — ${departementLabel(departement)}`,
    files: [file.path],
    version: IMPORTER_VERSION,
    indexes: BPE_COUNT_INDEXES,
    clear: (transaction) => deleteBpeCounts(transaction, file.vintage, departement),
    async load(transaction, progress) {
      const buffer = new CopyBuffer(transaction, 'bpe_equipment_counts', COLUMNS);
      const seen = new Set<string>();
      await forEachDelimitedRow(
        file.path,
        {
          separator: 'auto',
          requiredColumns: ['DEP', 'DEPCOM', 'DCIRIS', 'AN', 'TYPEQU', 'NB_EQUIP'],
          onProgress: (bytes, total) => progress.update(buffer.rowCount + buffer.pendingCount, bytes / total),
        },
        async (row) => {
          if (row.get('DEP') !== departement) return;
          const communeCode = row.get('DEPCOM');
          if (!COMMUNE_CODE_PATTERN.test(communeCode) || departementOfCode(communeCode) !== departement) {
            throw new RowError('DEPCOM', `code commune invalide « ${communeCode} » pour le département ${departement}`);
          }
          const rawIris = row.get('DCIRIS');
          const irisCode = normaliseIrisCode(rawIris);
          if (!irisCode || !irisCode.startsWith(communeCode)) {
            throw new RowError('DCIRIS', `code IRIS invalide « ${rawIris} » pour la commune ${communeCode}`);
          }
          if (row.get('AN') !== String(file.vintage)) {
            throw new RowError('AN', `année ${file.vintage} attendue (nom du fichier), reçu « ${row.get('AN')} »`);
          }
          const type = row.get('TYPEQU');
          if (!/^[A-G]\d{3}$/.test(type)) throw new RowError('TYPEQU', `type d’équipement invalide « ${type} »`);
          const count = readInteger(row, 'NB_EQUIP', true) as number;
          if (count < 0) throw new RowError('NB_EQUIP', `nombre négatif « ${count} »`);
          const key = `${irisCode}${type}`;
          if (seen.has(key)) throw new RowError('TYPEQU', `${type} en double pour l’IRIS ${irisCode}`);
          seen.add(key);
          await buffer.add([file.vintage, irisCode, communeCode, departement, type, count]);
        },
      );
      await buffer.flush();
      progress.update(buffer.rowCount, 1);
      return buffer.rowCount;
    },
  };
}

function typesPlan(): DatasetPlan {
  return {
    source: 'bpe-types',
    territory: 'FR',
    vintage: '2019',
    label: 'Nomenclature des équipements BPE 2019 (INSEE)',
    files: [BPE_2019_TYPES_FILE],
    version: IMPORTER_VERSION,
    clear: (transaction) => deleteBpeEquipmentTypes(transaction),
    async load(transaction, progress) {
      const types = readBpeEquipmentTypes();
      const buffer = new CopyBuffer(transaction, 'bpe_equipment_types', [
        'code',
        'label',
        'domain',
        'domain_label',
        'subdomain',
        'subdomain_label',
      ]);
      for (const type of types) {
        await buffer.add([type.code, type.label, type.domain, type.domainLabel, type.subdomain, type.subdomainLabel]);
      }
      await buffer.flush();
      progress.update(buffer.rowCount, 1);
      return buffer.rowCount;
    },
  };
}

/**
 * BPE counts per IRIS × equipment type (INSEE `bpe19_ensemble`: REG;DEP;DEPCOM;DCIRIS;AN;TYPEQU;NB_EQUIP),
 * one dataset per département (a per-département file is preferred to the national one), and the BPE
 * nomenclature (types, domaines, sous-domaines) from the reference file kept in the repository.
 */
export const bpeImporter: Importer = {
  source: 'bpe',
  plan({ openDataDirectory, departements }) {
    const files = findBpeFiles(openDataDirectory);
    const plans: DatasetPlan[] = [typesPlan()];
    const planned = new Set<string>();
    for (const departement of departements) {
      for (const file of files) {
        const key = `${file.vintage}|${departement}`;
        if (planned.has(key) || (file.departement !== undefined && file.departement !== departement)) continue;
        planned.add(key);
        plans.push(countsPlan(file, departement));
      }
    }
    return plans;
  },
};
