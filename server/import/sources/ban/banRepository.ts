import type { Queryable } from '../../../db/Database';

/** The temporary table the validated rows are copied into. */
export const BAN_STAGING_TABLE = 'staging_ban_addresses';

/** Indexes of `ban_addresses`, dropped before the load and built after it. */
export const BAN_ADDRESS_INDEXES = {
  ban_addresses_departement_index: 'CREATE INDEX ban_addresses_departement_index ON ban_addresses (departement_code)',
  ban_addresses_code_insee_index: 'CREATE INDEX ban_addresses_code_insee_index ON ban_addresses (code_insee)',
  ban_addresses_geometry_index: 'CREATE INDEX ban_addresses_geometry_index ON ban_addresses USING gist (geometry)',
  ban_addresses_search_text_index:
    'CREATE INDEX ban_addresses_search_text_index ON ban_addresses USING gin (search_text gin_trgm_ops)',
};

/**
 * How far (in degrees, ≈ 200–300 m in France) a point may lie outside the (simplified) IRIS contours of its
 * own commune and still get the nearest of them: 185 of Paris's 158,048 addresses lie outside every IRIS
 * (bois, boundary) and ≈ 1,400 just across an arrondissement boundary, all within ≈ 150 m.
 */
const OUTSIDE_TOLERANCE_DEGREES = 0.003;

/**
 * From the staging rows to the gazetteer: the point, the normalised search text and the IRIS containing
 * the point (that of the address's own commune first, then the lowest code, when contours touch).
 */
const INSERT_ADDRESSES = `INSERT INTO ban_addresses
    (id, numero, rep, nom_voie, code_postal, code_insee, nom_commune, departement_code, label, search_text,
     iris_code, geometry)
  SELECT staged.id, staged.numero, staged.rep, staged.nom_voie, staged.code_postal, staged.code_insee,
    staged.nom_commune, staged.departement_code, staged.label, lower(unaccent(staged.label)),
    (SELECT iris.code FROM iris WHERE ST_Intersects(iris.geometry, staged.point)
      ORDER BY iris.commune_code = staged.code_insee DESC, iris.code LIMIT 1),
    staged.point
  FROM (SELECT *, ST_SetSRID(ST_MakePoint(longitude, latitude), 4326) AS point FROM ${BAN_STAGING_TABLE}) staged`;

/** A point outside every IRIS of its commune gets the nearest one within the tolerance. */
const ATTACH_OUTSIDE_POINTS = `UPDATE ban_addresses address SET iris_code = COALESCE(
    (SELECT iris.code FROM iris
      WHERE iris.commune_code = address.code_insee
        AND ST_DWithin(iris.geometry, address.geometry, ${OUTSIDE_TOLERANCE_DEGREES})
      ORDER BY ST_Distance(iris.geometry, address.geometry), iris.code LIMIT 1),
    address.iris_code)
  WHERE address.departement_code = $1
    AND (address.iris_code IS NULL OR left(address.iris_code, length(address.code_insee)) <> address.code_insee)`;

/** Creates the staging table (dropped at commit). */
export async function createBanStaging(transaction: Queryable): Promise<void> {
  await transaction.exec(`CREATE TEMP TABLE ${BAN_STAGING_TABLE} (
  id text NOT NULL, numero integer, rep text, nom_voie text NOT NULL, code_postal text, code_insee text NOT NULL,
  nom_commune text, departement_code text NOT NULL, label text NOT NULL, longitude float8 NOT NULL,
  latitude float8 NOT NULL
) ON COMMIT DROP`);
}

/** Removes a département's addresses before its dataset is loaded again. */
export async function deleteBanAddresses(transaction: Queryable, departement: string): Promise<void> {
  await transaction.query('DELETE FROM ban_addresses WHERE departement_code = $1', [departement]);
}

/** Staged rows → `ban_addresses` (point, search text, IRIS); returns the rows inserted. */
export async function insertStagedBanAddresses(transaction: Queryable): Promise<number> {
  const { affectedRows } = await transaction.query(INSERT_ADDRESSES);
  return affectedRows;
}

/** Gives the points outside every IRIS of their commune the nearest one within the tolerance. */
export async function attachOutsidePoints(transaction: Queryable, departement: string): Promise<void> {
  await transaction.query(ATTACH_OUTSIDE_POINTS, [departement]);
}
