import { createHash } from 'node:crypto';
import { findBanFiles } from '../ban/banImporter';
import { findBpeFiles } from '../bpe/bpeImporter';
import { CopyBuffer } from '../../pipeline/copy/CopyBuffer';
import type { DatasetPlan, Importer } from '../../pipeline/Importer';
import { sireneImporter } from '../sirene/sireneImporter';
import { ESTABLISHMENT_INDEXES } from '../establishments/establishmentIndexes';
import { departementLabel } from '../../pipeline/territoryLabel';
import { BPE_PLACEMENT, bpeUnits, createBpeAddressPool } from './bpeAddressPoolRepository';
import { BPE_NAF_CODES } from './bpeNafCodes';

/** Changes with the code and with the BPE → NAF table, so that the demo rows are rebuilt. */
const IMPORTER_VERSION = `demo-bpe-2-${createHash('sha256').update(JSON.stringify(BPE_NAF_CODES)).digest('hex').slice(0, 8)}`;

/** One row per equipment counted by the BPE in the département, placed by {@link BPE_PLACEMENT}. */
const INSERT_DEMO_ESTABLISHMENTS = `INSERT INTO establishments
    (siret, denomination, adresse, code_postal, commune_code, departement_code, naf_code, etat, longitude, latitude,
     geometry, iris_code, source, bpe_type, source_vintage, source_activity)
  SELECT 'DEMO-' || unit.iris_code || '-' || unit.equipment_type || '-' || unit.n,
    coalesce(types.label, unit.equipment_type) || ' (établissement de démonstration)',
    pool.address, pool.code_postal, unit.commune_code, unit.departement_code, naf.naf_code, 'A',
    ST_X(placed.placed_geometry), ST_Y(placed.placed_geometry), placed.placed_geometry, placed.placed_iris_code,
    'demo-bpe', unit.equipment_type, 'BPE ' || $2::integer, 'BPE ' || unit.equipment_type || coalesce(' ' || types.label, '')
  FROM ${bpeUnits()}
  ${BPE_PLACEMENT}
  LEFT JOIN bpe_equipment_types types ON types.code = unit.equipment_type
  LEFT JOIN demo_bpe_naf naf ON naf.bpe_type = unit.equipment_type`;

function demoPlan(departement: string, vintage: number, files: string[]): DatasetPlan {
  return {
    source: 'demo-bpe',
    territory: departement,
    vintage: String(vintage),
    label: `Établissements de démonstration (BPE ${vintage}, adresses BAN) — ${departementLabel(departement)}`,
    files,
    version: IMPORTER_VERSION,
    demo: true,
    indexes: ESTABLISHMENT_INDEXES,
    async clear(transaction) {
      await transaction.query(`DELETE FROM establishments WHERE departement_code = $1 AND source = 'demo-bpe'`, [
        departement,
      ]);
    },
    async load(transaction, progress) {
      const { rows } = await transaction.query<{ real: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM establishments WHERE departement_code = $1 AND source = 'sirene') AS real`,
        [departement],
      );
      if (rows[0]?.real) return 0;
      await transaction.exec(
        'CREATE TEMP TABLE demo_bpe_naf (bpe_type text PRIMARY KEY, naf_code text) ON COMMIT DROP',
      );
      const mapping = new CopyBuffer(transaction, 'demo_bpe_naf', ['bpe_type', 'naf_code']);
      for (const [type, naf] of Object.entries(BPE_NAF_CODES)) await mapping.add([type, naf]);
      await mapping.flush();
      await createBpeAddressPool(transaction, departement);
      progress.update(0, 0.3);
      const { affectedRows } = await transaction.query(INSERT_DEMO_ESTABLISHMENTS, [departement, vintage]);
      progress.update(affectedRows, 1);
      return affectedRows;
    },
  };
}

/**
 * Demo establishments for a département without a Sirene file (Paris here): one per equipment the BPE
 * counts in each IRIS (`bpe_equipment_counts`), placed at a real BAN address of that IRIS chosen by a
 * hash (same input, same places; see `bpeAddressPool.ts` for IRIS without addresses), named after the equipment type, NAF code from {@link BPE_NAF_CODES},
 * `source = 'demo-bpe'` and `bpe_type` set so the UI says « établissements de démonstration (BPE 2019) ».
 * Runs after `ban` and `bpe`; skipped where Sirene is available (its import deletes the demo rows).
 */
export const demoEstablishmentsImporter: Importer = {
  source: 'demo-establishments',
  async plan(context) {
    const banFiles = findBanFiles(context.openDataDirectory);
    const bpeFiles = findBpeFiles(context.openDataDirectory);
    const sirene = new Set((await sireneImporter.plan(context)).map((plan) => plan.territory));
    const plans: DatasetPlan[] = [];
    for (const departement of context.departements) {
      if (sirene.has(departement)) continue;
      const ban = banFiles.find((file) => file.departement === undefined || file.departement === departement);
      const bpe = bpeFiles.find((file) => file.departement === undefined || file.departement === departement);
      if (ban && bpe) plans.push(demoPlan(departement, bpe.vintage, [ban.path, bpe.path]));
    }
    return plans;
  },
};
