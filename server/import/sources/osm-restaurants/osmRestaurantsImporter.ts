import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { ImportError, RowError } from '../../pipeline/ImportError';
import type { DatasetPlan, Importer } from '../../pipeline/Importer';
import { listDataFiles } from '../../pipeline/listDataFiles';
import { departementLabel } from '../../pipeline/territoryLabel';
import { ESTABLISHMENT_INDEXES } from '../establishments/establishmentIndexes';
import {
  clearSourceEstablishments,
  insertStagedEstablishments,
  recordFamilyCoverage,
  StagedEstablishments,
} from '../establishments/establishmentsRepository';
import type { SourceEstablishment } from '../establishments/SourceEstablishment';
import { elementPoint, type OverpassElement, osmRestaurant } from './osmRestaurant';
import { OSM_COVERED_NAF_CODES } from './osmRestaurantNafCode';

const IMPORTER_VERSION = 'osm-restaurants-1';

/** `osm-<area>-restaurants-overpass-YYYY-MM-DD.json(.gz)`: the raw Overpass answer for an area. */
const FILE_PATTERN = /^osm-([a-z-]+)-restaurants-overpass-(\d{4}-\d{2}-\d{2})\.json(\.gz)?$/;

/** The département an extract's area is (the query's boundary polygon). */
const AREA_DEPARTEMENTS: Readonly<Record<string, string>> = { paris: '75' };

export interface OsmRestaurantsFile {
  path: string;
  departement: string;
  /** Date of the OSM snapshot (`osm3s.timestamp_osm_base`, also in the name). */
  snapshot: string;
}

export function findOsmRestaurantFiles(openDataDirectory: string): OsmRestaurantsFile[] {
  return listDataFiles(openDataDirectory, ['osm'], FILE_PATTERN).flatMap((path) => {
    const match = FILE_PATTERN.exec(basename(path));
    const departement = match?.[1] ? AREA_DEPARTEMENTS[match[1]] : undefined;
    return match?.[2] && departement ? [{ path, departement, snapshot: match[2] }] : [];
  });
}

/**
 * Every `amenity=restaurant` of an Overpass answer as establishments (nodes at their point, ways and
 * relations at the mean of their nodes). The answer must be the raw API JSON (`elements`); an element that
 * cannot be read fails with the file and the element's index.
 */
export function readOsmRestaurants(path: string): SourceEstablishment[] {
  const file = basename(path);
  const raw = readFileSync(path);
  let answer: { elements?: OverpassElement[]; osm3s?: { timestamp_osm_base?: string } };
  try {
    answer = JSON.parse((path.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8')) as typeof answer;
  } catch (error) {
    throw new ImportError(file, undefined, undefined, `JSON illisible (${(error as Error).message})`);
  }
  if (!Array.isArray(answer.elements)) {
    throw new ImportError(file, undefined, 'elements', 'réponse Overpass attendue (tableau « elements »)');
  }
  const nodes = new Map<number, OverpassElement>();
  const ways = new Map<number, OverpassElement>();
  const siretCount = new Map<string, number>();
  for (const element of answer.elements) {
    if (element.type === 'node') nodes.set(element.id, element);
    else if (element.type === 'way') ways.set(element.id, element);
    const siret = element.tags?.['ref:FR:SIRET']?.replace(/\s/g, '');
    if (siret) siretCount.set(siret, (siretCount.get(siret) ?? 0) + 1);
  }
  const restaurants: SourceEstablishment[] = [];
  answer.elements.forEach((element, index) => {
    if (element.tags?.amenity !== 'restaurant') return;
    try {
      restaurants.push(osmRestaurant(element, elementPoint(element, nodes, ways), siretCount));
    } catch (error) {
      if (error instanceof RowError) {
        throw new ImportError(file, undefined, `elements[${index}].${error.column}`, error.message);
      }
      throw error;
    }
  });
  return restaurants;
}

function osmPlan(file: OsmRestaurantsFile): DatasetPlan {
  return {
    source: 'establishments-osm-restaurants',
    territory: file.departement,
    vintage: file.snapshot,
    label: `Restaurants OpenStreetMap (${file.snapshot}) — ${departementLabel(file.departement)}`,
    files: [file.path],
    version: IMPORTER_VERSION,
    indexes: ESTABLISHMENT_INDEXES,
    clear: (transaction) => clearSourceEstablishments(transaction, 'osm', file.departement),
    async load(transaction, progress) {
      const restaurants = readOsmRestaurants(file.path);
      const staged = await StagedEstablishments.create(transaction);
      for (const restaurant of restaurants) await staged.add(restaurant);
      await staged.flush();
      progress.update(restaurants.length, 0.5);
      const loaded = await insertStagedEstablishments(transaction, 'osm', file.departement, `OSM ${file.snapshot}`);
      await recordFamilyCoverage(transaction, 'osm', file.departement, OSM_COVERED_NAF_CODES);
      progress.update(loaded, 1);
      return loaded;
    },
  };
}

/**
 * OpenStreetMap restaurants (`amenity=restaurant`, © OpenStreetMap contributors, ODbL) from a raw Overpass
 * answer, one dataset per extract; NAF from the tags ({@link osmRestaurantNafCode}). The file lists every
 * sit-down restaurant of the area, so the demo 56.10A rows are no longer counted there.
 */
export const osmRestaurantsImporter: Importer = {
  source: 'establishments-osm-restaurants',
  plan({ openDataDirectory, departements }) {
    return findOsmRestaurantFiles(openDataDirectory)
      .filter((file) => departements.includes(file.departement))
      .map(osmPlan);
  },
};
