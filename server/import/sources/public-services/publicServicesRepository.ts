import type { Queryable } from '../../../db/Database';
import { BPE_PLACEMENT, bpeUnits } from '../demo-establishments/bpeAddressPoolRepository';

/** Temporary tables of a load (dropped at commit). */
export const PUBLIC_SERVICE_STAGING_TABLE = 'staging_public_services';
export const BPE_SERVICE_FAMILIES_TABLE = 'bpe_service_families';

/** Indexes of `public_services`, dropped before a load and built after it. */
export const PUBLIC_SERVICE_INDEXES = {
  public_services_departement_index:
    'CREATE INDEX public_services_departement_index ON public_services (departement_code, family)',
  public_services_geometry_index:
    'CREATE INDEX public_services_geometry_index ON public_services USING gist (geometry)',
};

/** The point and the IRIS containing it (that of the service's commune first). */
const INSERT_STAGED = `INSERT INTO public_services (id, name, family, type_code, type_label, address, code_postal,
    commune_code, departement_code, iris_code, geometry, source, details)
  SELECT id, name, family, type_code, type_label, address, code_postal, commune_code, departement_code,
    CASE WHEN point IS NOT NULL THEN (SELECT iris.code FROM iris WHERE ST_Intersects(iris.geometry, point)
      ORDER BY iris.commune_code = staged.commune_code DESC, iris.code LIMIT 1) END,
    point, source, details
  FROM (SELECT *, CASE WHEN longitude IS NOT NULL THEN ST_SetSRID(ST_MakePoint(longitude, latitude), 4326) END AS point
        FROM ${PUBLIC_SERVICE_STAGING_TABLE}) staged`;

export async function createPublicServiceStaging(transaction: Queryable): Promise<void> {
  await transaction.exec(`CREATE TEMP TABLE ${PUBLIC_SERVICE_STAGING_TABLE} (
  id text NOT NULL, name text NOT NULL, family text NOT NULL, type_code text, type_label text, address text,
  code_postal text, commune_code text, departement_code text NOT NULL, longitude float8, latitude float8,
  source text NOT NULL, details jsonb
) ON COMMIT DROP`);
}

/** Staged rows → `public_services`; returns the rows inserted. */
export async function insertStagedPublicServices(transaction: Queryable): Promise<number> {
  return (await transaction.query(INSERT_STAGED)).affectedRows;
}

/** Removes one source's services of a département before they are loaded again. */
export async function deletePublicServices(
  transaction: Queryable,
  departement: string,
  source: 'annuaire' | 'bpe' | 'ecoles',
): Promise<void> {
  await transaction.query('DELETE FROM public_services WHERE departement_code = $1 AND source = $2', [
    departement,
    source,
  ]);
}

/** BPE type → public-service family, copied in for {@link insertBpePublicServices}. */
export async function createBpeServiceFamilies(transaction: Queryable): Promise<void> {
  await transaction.exec(
    `CREATE TEMP TABLE ${BPE_SERVICE_FAMILIES_TABLE} (code text PRIMARY KEY, family text) ON COMMIT DROP`,
  );
}

/**
 * One row per BPE equipment of a public-service family, placed at a BAN address of its IRIS like the
 * demo establishments (needs the address pool); returns the rows inserted.
 */
export async function insertBpePublicServices(
  transaction: Queryable,
  departement: string,
  vintage: number,
): Promise<number> {
  const { affectedRows } = await transaction.query(
    `INSERT INTO public_services (id, name, family, type_code, type_label, address, code_postal, commune_code,
        departement_code, iris_code, geometry, source, details)
      SELECT 'bpe-' || unit.iris_code || '-' || unit.equipment_type || '-' || unit.n,
        coalesce(types.label, unit.equipment_type) || ' (position de démonstration)', families.family,
        unit.equipment_type, types.label, pool.address, pool.code_postal, unit.commune_code,
        unit.departement_code, placed.placed_iris_code, placed.placed_geometry, 'bpe',
        jsonb_build_object('bpe_vintage', unit.vintage, 'demo_position', true)
      FROM ${bpeUnits(`counts.equipment_type IN (SELECT code FROM ${BPE_SERVICE_FAMILIES_TABLE})`)}
      JOIN ${BPE_SERVICE_FAMILIES_TABLE} families ON families.code = unit.equipment_type
      ${BPE_PLACEMENT}
      LEFT JOIN bpe_equipment_types types ON types.code = unit.equipment_type`,
    [departement, vintage],
  );
  return affectedRows;
}
