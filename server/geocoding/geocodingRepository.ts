import type { Queryable } from '../db/Database';

export interface AddressRow {
  id: string;
  label: string;
  numero: number | null;
  rep: string | null;
  nom_voie: string;
  code_postal: string | null;
  code_insee: string;
  nom_commune: string | null;
  longitude: number;
  latitude: number;
  score: number;
}

export interface CommuneRow {
  code: string;
  name: string;
  kind: string;
  departement_code: string;
  postcodes: string[];
  longitude: number;
  latitude: number;
}

export type Bbox = readonly [number, number, number, number];

const ADDRESS_COLUMNS = `id, label, numero, rep, nom_voie, code_postal, code_insee, nom_commune,
  ST_X(geometry) AS longitude, ST_Y(geometry) AS latitude`;

async function tableExists(database: Queryable, table: string): Promise<boolean> {
  const { rows } = await database.query<{ present: boolean }>('SELECT to_regclass($1) IS NOT NULL AS present', [table]);
  return rows[0]?.present ?? false;
}

/**
 * BAN addresses whose `search_text` holds the query's distinctive words (pg_trgm word similarity
 * through the trigram index: common words like "rue", "de" would make it read most of the index),
 * ranked by the word similarity of the whole query, best first: closest text, then the asked house number, then the shortest label.
 */
export async function searchAddresses(
  database: Queryable,
  query: { text: string; keywords: string; numero: number | undefined },
  options: { bbox?: Bbox | undefined; limit: number },
): Promise<AddressRow[]> {
  if (!(await tableExists(database, 'ban_addresses'))) return [];
  const parameters: unknown[] = [query.text, query.numero ?? null, options.limit, query.keywords];
  let bboxFilter = '';
  if (options.bbox) {
    parameters.push(...options.bbox);
    bboxFilter = 'AND geometry && ST_MakeEnvelope($5, $6, $7, $8, 4326)';
  }
  const { rows } = await database.query<AddressRow>(
    `SELECT ${ADDRESS_COLUMNS}, word_similarity($1, search_text) AS score
     FROM ban_addresses
     WHERE $4 <% search_text ${bboxFilter}
     ORDER BY score DESC, (numero IS NOT DISTINCT FROM $2::integer) DESC, length(label), numero
     LIMIT $3`,
    parameters,
  );
  return rows;
}

/** The BAN address nearest to a point within `radiusMetres`, if any. */
export async function nearestAddress(
  database: Queryable,
  longitude: number,
  latitude: number,
  radiusMetres: number,
): Promise<(AddressRow & { distance: number }) | undefined> {
  if (!(await tableExists(database, 'ban_addresses'))) return undefined;
  // A box in degrees holding the radius (a degree of longitude shrinks with the latitude): it lets the
  // spatial index pick the candidates, the exact distance on the sphere then filters them.
  const boxDegrees = radiusMetres / 111_000 / Math.max(Math.cos((latitude * Math.PI) / 180), 0.01);
  const { rows } = await database.query<AddressRow & { distance: number }>(
    `WITH point AS (SELECT ST_SetSRID(ST_MakePoint($1, $2), 4326) AS geometry)
     SELECT ${ADDRESS_COLUMNS.replaceAll('geometry', 'a.geometry')}, 1 AS score,
       ST_Distance(a.geometry::geography, point.geometry::geography) AS distance
     FROM ban_addresses a, point
     WHERE a.geometry && ST_Expand(point.geometry, $4)
       AND ST_DWithin(a.geometry::geography, point.geometry::geography, $3)
     ORDER BY a.geometry <-> point.geometry
     LIMIT 1`,
    [longitude, latitude, radiusMetres, boxDegrees],
  );
  return rows[0];
}

/** Every commune and Paris arrondissement with its postcodes and centroid (for the in-memory index). */
export async function selectCommunes(database: Queryable): Promise<CommuneRow[]> {
  const { rows } = await database.query<CommuneRow>(
    `SELECT code, name, kind, departement_code, postcodes, ST_X(centroid) AS longitude, ST_Y(centroid) AS latitude
     FROM communes ORDER BY code`,
  );
  return rows;
}

/** The commune (arrondissement for Paris) containing a point. */
export async function communeAt(
  database: Queryable,
  longitude: number,
  latitude: number,
): Promise<CommuneRow | undefined> {
  const { rows } = await database.query<CommuneRow>(
    `SELECT code, name, kind, departement_code, postcodes, ST_X(centroid) AS longitude, ST_Y(centroid) AS latitude
     FROM communes WHERE ST_Intersects(geometry, ST_SetSRID(ST_MakePoint($1, $2), 4326))
     ORDER BY kind = 'arrondissement-municipal' DESC LIMIT 1`,
    [longitude, latitude],
  );
  return rows[0];
}
