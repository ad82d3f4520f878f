import { summariseMutation } from '../../../real-estate/summariseMutation';
import { CopyBuffer } from '../../pipeline/copy/CopyBuffer';
import { forEachDelimitedRow } from '../../pipeline/csv/readDelimited';
import { RowError } from '../../pipeline/ImportError';
import type { DatasetPlan, Importer } from '../../pipeline/Importer';
import { departementLabel } from '../../pipeline/territoryLabel';
import { DVF_REQUIRED_COLUMNS, type DvfFile, findDvfFiles } from './dvfFiles';
import { DVF_TEXT_COLUMNS, type DvfRow, readDvfRow } from './dvfRowReader';

const IMPORTER_VERSION = 'dvf-1';

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

/** Built after the load (dropped before it), for every DVF dataset. */
export const DVF_INDEXES = {
  dvf_rows_mutation_index: 'CREATE INDEX dvf_rows_mutation_index ON dvf_rows (id_mutation)',
  dvf_rows_commune_index: 'CREATE INDEX dvf_rows_commune_index ON dvf_rows (code_commune, date_mutation)',
  dvf_rows_iris_index: 'CREATE INDEX dvf_rows_iris_index ON dvf_rows (iris_code)',
  dvf_rows_geometry_index: 'CREATE INDEX dvf_rows_geometry_index ON dvf_rows USING gist (geometry)',
  dvf_mutations_commune_index:
    'CREATE INDEX dvf_mutations_commune_index ON dvf_mutations (code_commune, date_mutation)',
  dvf_mutations_departement_index:
    'CREATE INDEX dvf_mutations_departement_index ON dvf_mutations (code_departement, date_mutation)',
  dvf_mutations_iris_index: 'CREATE INDEX dvf_mutations_iris_index ON dvf_mutations (iris_code)',
  dvf_mutations_date_index: 'CREATE INDEX dvf_mutations_date_index ON dvf_mutations (date_mutation DESC)',
  dvf_mutations_geometry_index: 'CREATE INDEX dvf_mutations_geometry_index ON dvf_mutations USING gist (geometry)',
};

type MutationRow = Omit<DvfRow, 'values'> & { id: number };

const point = (longitude: number | null, latitude: number | null) =>
  longitude === null || latitude === null ? null : `SRID=4326;POINT(${longitude} ${latitude})`;

/** Writes one mutation summary (spec §4 group) from its rows, in file order. */
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
    async clear(transaction) {
      await transaction.query('DELETE FROM dvf_rows WHERE code_departement = $1 AND vintage = $2', [
        departement,
        vintage,
      ]);
      await transaction.query('DELETE FROM dvf_mutations WHERE code_departement = $1 AND vintage = $2', [
        departement,
        vintage,
      ]);
    },
    async load(transaction, progress) {
      const { rows: next } = await transaction.query<{ id: string }>(
        'SELECT coalesce(max(id), 0) + 1 AS id FROM dvf_rows',
      );
      let id = Number(next[0]?.id ?? 1);
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
            throw new RowError('code_departement', `département ${dvf.code_departement} dans un fichier du ${departement}`);
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
      // IRIS of each located row: spatial join on the IRIS contours (gist index of `iris`).
      await transaction.query(
        `UPDATE dvf_rows r SET iris_code = i.code FROM iris i
         WHERE r.code_departement = $1 AND r.vintage = $2 AND r.geometry IS NOT NULL
           AND i.departement_code = $1 AND ST_Intersects(i.geometry, r.geometry)`,
        [departement, vintage],
      );
      await transaction.query(
        `UPDATE dvf_mutations m SET iris_code = r.iris_code FROM dvf_rows r
         WHERE m.code_departement = $1 AND m.vintage = $2 AND r.id = m.primary_row_id`,
        [departement, vintage],
      );
      await transaction.query(
        `UPDATE dvf_mutations m SET iris_code = r.iris_code FROM dvf_rows r
         WHERE m.code_departement = $1 AND m.vintage = $2 AND m.iris_code IS NULL
           AND r.vintage = m.vintage AND r.id_mutation = m.id_mutation AND r.iris_code IS NOT NULL`,
        [departement, vintage],
      );
      progress.update(buffer.rowCount, 1);
      return buffer.rowCount;
    },
  };
}

/**
 * DVF géolocalisé (Etalab, Licence Ouverte): one dataset per file (a year × département), rows into
 * `dvf_rows` with their IRIS (spatial join), and one `dvf_mutations` row per mutation (spec §4 group).
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
