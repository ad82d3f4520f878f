import type { Queryable } from '../db/Database';

/** One counted, active gym: identity, names, point and straight-line metres from the search point. */
export interface GymRow {
  id: string;
  denomination: string | null;
  enseigne: string | null;
  metres: number | null;
}

/** Counted, active establishments of the NAF codes, within a radius of a point when given, nearest (or by name) first. */
export async function selectGyms(
  database: Queryable,
  nafCodes: readonly string[],
  near: { coordinates: readonly [number, number]; radiusMetres: number } | undefined,
  name: string | undefined,
  limit: number,
): Promise<GymRow[]> {
  const [longitude, latitude] = near?.coordinates ?? [0, 0];
  const { rows } = await database.query<GymRow>(
    `SELECT * FROM (
       SELECT e.siret AS id, e.denomination, e.enseigne,
         CASE WHEN $4::boolean THEN ST_Distance(e.geometry::geography, ST_SetSRID(ST_MakePoint($2, $3), 4326)::geography) END AS metres
       FROM counted_establishments e
       WHERE (e.etat IS NULL OR e.etat = 'A') AND e.naf_code = ANY($1::text[])
         AND ($6::text IS NULL OR e.search_text LIKE '%' || lower(unaccent($6::text)) || '%')
         AND (NOT $4::boolean OR ST_DWithin(e.geometry::geography, ST_SetSRID(ST_MakePoint($2, $3), 4326)::geography, $5))) gyms
     ORDER BY metres NULLS LAST, coalesce(enseigne, denomination), id LIMIT $7`,
    [nafCodes, longitude, latitude, near !== undefined, near?.radiusMetres ?? 0, name ?? null, limit],
  );
  return rows.map((row) => ({ ...row, metres: row.metres === null ? null : Number(row.metres) }));
}
