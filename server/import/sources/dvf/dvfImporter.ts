import { summariseMutation } from '../../../real-estate/summariseMutation';
import { CopyBuffer } from '../../pipeline/copy/CopyBuffer';
import { forEachDelimitedRow } from '../../pipeline/csv/readDelimited';
import { RowError } from '../../pipeline/ImportError';
import type { DatasetPlan, Importer } from '../../pipeline/Importer';
import { departementLabel } from '../../pipeline/territoryLabel';
import { DVF_REQUIRED_COLUMNS, type DvfFile, findDvfFiles } from './dvfFiles';
import { DVF_TEXT_COLUMNS, type DvfRow, readDvfRow } from './dvfRowReader';
import { attachDvfIris, deleteDvf, DVF_INDEXES, nextDvfRowId } from './dvfRepository';

const IMPORTER_VERSION = 'dvf-2';

const ROW_COLUMNS = ['id', ...DVF_TEXT_COLUMNS, 'vintage', 'geometry'] as const;

const MUTATION_COLUMNS = [
  'id_mutation',
  'vintage',
  'primary_row_id',
  'date_mutation',
  'nature_mutation',
  'valeur_fonciere',
  'code_commune',
  'nom_commune',
  'code_departement',
  'code_postal',
  'adresse_numero',
  'adresse_suffixe',
  'adresse_nom_voie',
  'row_count',
  'lot_count',
  'type_local',
  'property_category',
  'single_type_local',
  'dependency_count',
  'surface_reelle_bati',
  'surface_terrain',
  'nombre_pieces_principales',
  'price_per_m2',
  'price_per_m2_bati',
  'price_per_m2_terrain',
  'longitude',
  'latitude',
  'geometry',
] as const;

type MutationRow = Omit<DvfRow, 'values'> & { id: number };

const point = (longitude: number | null, latitude: number | null) =>
  longitude === null || latitude === null ? null : `SRID=4326;POINT(${longitude} ${latitude})`;

/** Writes one mutation summary from its rows, in file order. */
async function addMutation(buffer: CopyBuffer, vintage: number, rows: readonly MutationRow[]): Promise<void> {
  const summary = summariseMutation(rows);
  const primary = rows[summary.primaryIndex] as MutationRow;
  const first = rows[0] as MutationRow;
  const located = rows.find((row) => row.longitude !== null && row.latitude !== null);
  const withAddress = rows.find((row) => row.adresse_nom_voie !== null) ?? first;
  await buffer.add([
    first.id_mutation,
    vintage,
    primary.id,
    first.date_mutation,
    first.nature_mutation,
    summary.valeur_fonciere_total,
    first.code_commune,
    first.nom_commune,
    first.code_departement,
    withAddress.code_postal,
    withAddress.adresse_numero,
    withAddress.adresse_suffixe,
    withAddress.adresse_nom_voie,
    rows.length,
    summary.lot_count,
    summary.type_local,
    summary.property_category,
    summary.single_type_local,
    summary.dependency_count,
    summary.total_surface,
    summary.surface_terrain,
    summary.total_rooms,
    summary.price_per_m2,
    summary.price_per_m2_bati,
    summary.price_per_m2_terrain,
    located?.longitude ?? null,
    located?.latitude ?? null,
    point(located?.longitude ?? null, located?.latitude ?? null),
  ]);
}

function dvfPlan(file: DvfFile): DatasetPlan {
  const { vintage, departement } = file;
  return {
    source: 'dvf',
    territory: departement,
    vintage: String(vintage),
    label: `DVF géolocalisé ${vintage} — ${departementLabel(departement)}`,
    files: [file.path],
    version: IMPORTER_VERSION,
    indexes: DVF_INDEXES,
    clear: (transaction) => deleteDvf(transaction, departement, vintage),
    async load(transaction, progress) {
      let id = await nextDvfRowId(transaction);
      const buffer = new CopyBuffer(transaction, 'dvf_rows', ROW_COLUMNS);
      const mutations = new Map<string, MutationRow[]>();
      await forEachDelimitedRow(
        file.path,
        {
          separator: ',',
          requiredColumns: DVF_REQUIRED_COLUMNS,
          onProgress: (bytes, total) => progress.update(buffer.rowCount + buffer.pendingCount, bytes / total),
        },
        async (row) => {
          const dvf = readDvfRow(row);
          if (dvf.code_departement !== departement) {
            throw new RowError(
              'code_departement',
              `département ${dvf.code_departement} dans un fichier du ${departement}`,
            );
          }
          const { values, ...fields } = dvf;
          const lot: MutationRow = { ...fields, id };
          const group = mutations.get(dvf.id_mutation);
          if (group) {
            if (group[0]?.date_mutation !== dvf.date_mutation) {
              throw new RowError('date_mutation', `mutation ${dvf.id_mutation} à deux dates`);
            }
            group.push(lot);
          } else mutations.set(dvf.id_mutation, [lot]);
          await buffer.add([id, ...values, vintage, point(dvf.longitude, dvf.latitude)]);
          id += 1;
        },
      );
      await buffer.flush();
      const mutationBuffer = new CopyBuffer(transaction, 'dvf_mutations', MUTATION_COLUMNS);
      for (const rows of mutations.values()) await addMutation(mutationBuffer, vintage, rows);
      await mutationBuffer.flush();
      await attachDvfIris(transaction, departement, vintage);
      progress.update(buffer.rowCount, 1);
      return buffer.rowCount;
    },
  };
}

/**
 * DVF géolocalisé (Etalab, Licence Ouverte): one dataset per file (a year × département), rows into
 * `dvf_rows` with their IRIS (spatial join), and one `dvf_mutations` row per mutation.
 */
export const dvfImporter: Importer = {
  source: 'dvf',
  async plan({ openDataDirectory, departements }) {
    const plans = new Map<string, DatasetPlan>();
    for (const file of await findDvfFiles(openDataDirectory)) {
      const key = `${file.departement}|${file.vintage}`;
      if (departements.includes(file.departement) && !plans.has(key)) plans.set(key, dvfPlan(file));
    }
    return [...plans.values()];
  },
};
