import { createHash } from 'node:crypto';
import { findBanFiles } from '../ban/banImporter';
import { findBpeFiles } from '../bpe/bpeImporter';
import type { DatasetPlan, Importer } from '../../pipeline/Importer';
import { sireneImporter } from '../sirene/sireneImporter';
import { ESTABLISHMENT_INDEXES } from '../establishments/establishmentIndexes';
import { departementLabel } from '../../pipeline/territoryLabel';
import { createBpeAddressPool } from './bpeAddressPoolRepository';
import { BPE_NAF_CODES } from './bpeNafCodes';
import {
  createBpeNafTable,
  deleteDemoEstablishments,
  hasSireneEstablishments,
  insertDemoEstablishments,
} from './demoEstablishmentsRepository';

/** Changes with the code and with the BPE → NAF table, so that the demo rows are rebuilt. */
const IMPORTER_VERSION = `demo-bpe-2-${createHash('sha256').update(JSON.stringify(BPE_NAF_CODES)).digest('hex').slice(0, 8)}`;

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
    clear: (transaction) => deleteDemoEstablishments(transaction, departement),
    async load(transaction, progress) {
      if (await hasSireneEstablishments(transaction, departement)) return 0;
      await createBpeNafTable(transaction, BPE_NAF_CODES);
      await createBpeAddressPool(transaction, departement);
      progress.update(0, 0.3);
      const inserted = await insertDemoEstablishments(transaction, departement, vintage);
      progress.update(inserted, 1);
      return inserted;
    },
  };
}

/**
 * Demo establishments for a département without a Sirene file (Paris here): one per equipment the BPE
 * counts in each IRIS (`bpe_equipment_counts`), placed at a real BAN address of that IRIS chosen by a
 * hash (same input, same places; see `bpeAddressPoolRepository.ts` for IRIS without addresses), named
 * after the equipment type, NAF code from {@link BPE_NAF_CODES}, `source = 'demo-bpe'` and `bpe_type` set so the UI says « établissements de démonstration (BPE 2019) ».
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
