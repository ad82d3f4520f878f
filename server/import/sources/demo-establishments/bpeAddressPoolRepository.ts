import { DEPARTEMENT_CODE_PATTERN } from '../../../../kernel/territory/irisCode';
import type { Queryable } from '../../../db/Database';

/**
 * Creates the temporary tables `bpe_address_pool` (the BAN addresses of the département, ranked per IRIS
 * by BAN id) and `bpe_address_totals` (addresses per IRIS), from which BPE equipments get a real address
 * with {@link bpeUnits} and {@link BPE_PLACEMENT}.
 */
export async function createBpeAddressPool(transaction: Queryable, departement: string): Promise<void> {
  if (!DEPARTEMENT_CODE_PATTERN.test(departement)) throw new Error(`département invalide « ${departement} »`);
  await transaction.exec(`CREATE TEMP TABLE bpe_address_pool (
      place text NOT NULL, rank integer NOT NULL, address text NOT NULL, code_postal text,
      geometry geometry(Point, 4326) NOT NULL) ON COMMIT DROP;
    CREATE TEMP TABLE bpe_address_totals (place text PRIMARY KEY, total integer NOT NULL) ON COMMIT DROP`);
  await transaction.query(
    `INSERT INTO bpe_address_pool (place, rank, address, code_postal, geometry)
     SELECT iris_code, (row_number() OVER (PARTITION BY iris_code ORDER BY id) - 1)::int,
       concat_ws(' ', numero::text, rep, nom_voie), code_postal, geometry
     FROM ban_addresses WHERE departement_code = $1 AND iris_code IS NOT NULL`,
    [departement],
  );
  await transaction.exec(`CREATE INDEX bpe_address_pool_index ON bpe_address_pool (place, rank);
    INSERT INTO bpe_address_totals SELECT place, count(*) FROM bpe_address_pool GROUP BY place;
    ANALYZE bpe_address_pool; ANALYZE bpe_address_totals`);
}

/**
 * The equipments counted by the BPE in the département (`unit`: one row per equipment, `n` = 1…count) and
 * the IRIS (`place`) whose addresses they are drawn from: their own IRIS when it has addresses; none for a
 * real IRIS without any address (bois, cemeteries: the IRIS's point-on-surface is used); for a code that is
 * not an IRIS (INSEE's `DEPCOM0000` for equipments not located at IRIS level), an IRIS of the commune
 * chosen by hash. Parameters: $1 département, $2 BPE vintage; `typeFilter` is an SQL condition on `counts`.
 */
export function bpeUnits(typeFilter = 'true'): string {
  return `(SELECT counts.*, n, CASE
        WHEN EXISTS (SELECT 1 FROM bpe_address_totals t WHERE t.place = counts.iris_code) THEN counts.iris_code
        WHEN EXISTS (SELECT 1 FROM iris WHERE iris.code = counts.iris_code) THEN NULL
        ELSE (SELECT t.place FROM bpe_address_totals t WHERE left(t.place, 5) = counts.commune_code
              ORDER BY md5(t.place || counts.equipment_type) LIMIT 1)
      END AS place
    FROM bpe_equipment_counts counts, generate_series(1, counts.count) n
    WHERE counts.departement_code = $1 AND counts.vintage = $2 AND ${typeFilter}) unit`;
}

/**
 * Equipment `n` of type `equipment_type` gets the address of its place ranked (hash(place, type) + n − 1)
 * mod total: deterministic, and the equipments of one type in one IRIS land at distinct addresses while
 * there are enough. Gives `pool` (the address, NULL without place), `iris` (the real IRIS of the BPE code,
 * if any), and the columns `placed_geometry` and `placed_iris_code` to store.
 */
export const BPE_PLACEMENT = `LEFT JOIN bpe_address_totals totals ON totals.place = unit.place
  LEFT JOIN bpe_address_pool pool ON pool.place = unit.place
    AND pool.rank = ((('x' || substr(md5(unit.place || unit.equipment_type), 1, 7))::bit(28)::int + unit.n - 1)
      % totals.total)
  LEFT JOIN iris ON iris.code = unit.iris_code
  CROSS JOIN LATERAL (SELECT coalesce(pool.geometry, iris.centroid) AS placed_geometry,
    CASE WHEN iris.code IS NOT NULL THEN unit.iris_code ELSE unit.place END AS placed_iris_code) placed`;
