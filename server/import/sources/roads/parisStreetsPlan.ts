import { basename } from 'node:path';
import type { Position } from 'geojson';
import { readGeojsonFile } from '../../pipeline/geojson/readGeojsonFile';
import { ImportError } from '../../pipeline/ImportError';
import type { DatasetPlan } from '../../pipeline/Importer';
import { splitAtJunctions, type SourceLine } from './splitAtJunctions';
import { clearRoadNetwork, ROAD_INDEXES, writeRoadNetwork, type RoadAttributes } from './roadNetworkRepository';

const IMPORTER_VERSION = 'roads-paris-voies-1';

export const PARIS_STREETS_NETWORK = 'paris-voies';

/** Node and edge ids of the Paris centre-lines start here, far above OSM ids. */
export const PARIS_ID_BASE = 900_000_000_000_000;

/**
 * Default speeds of the Paris centre-lines, which carry no attributes (no road class, no one-way):
 * driving 20 km/h — most Paris streets are limited to 30 km/h since 2021 and the average speed of
 * motor traffic measured by the Ville de Paris is below 20 km/h, junctions included —, walking
 * 5 km/h and cycling 15 km/h (the OSRM foot and bicycle defaults, as for OSM). Every street is open
 * to every mode in both directions.
 */
export const PARIS_STREET_ATTRIBUTES: RoadAttributes = {
  highway: null,
  name: null,
  oneway: 0,
  cyclingOneway: 0,
  drivingSpeedKmh: 20,
  walkingSpeedKmh: 5,
  cyclingSpeedKmh: 15,
};

/** Vertices are matched on their coordinates at 1e-7° (the file's precision, ≈ 1 cm). */
const vertexKey = (position: Position) =>
  `${Math.round((position[0] as number) * 1e7)}|${Math.round((position[1] as number) * 1e7)}`;

/** The centre-lines of the file as lines keyed by rounded coordinates (MultiLineStrings give one line per part). */
export function readParisStreetLines(path: string): SourceLine<RoadAttributes>[] {
  const lines: SourceLine<RoadAttributes>[] = [];
  for (const [index, feature] of readGeojsonFile(path).entries()) {
    const geometry = feature.geometry;
    const parts =
      geometry?.type === 'LineString'
        ? [geometry.coordinates]
        : geometry?.type === 'MultiLineString'
          ? geometry.coordinates
          : undefined;
    if (!parts) {
      throw new ImportError(basename(path), undefined, 'geometry', `entité n° ${index + 1} : LineString attendue`);
    }
    for (const part of parts) {
      lines.push({
        keys: part.map(vertexKey),
        coordinates: part.map((position) => [position[0], position[1]] as [number, number]),
        attributes: PARIS_STREET_ATTRIBUTES,
      });
    }
  }
  return lines;
}

/** The Paris street centre-lines ("Voie", Ville de Paris), split at shared vertices into a graph. */
export function parisStreetsPlan(path: string): DatasetPlan {
  return {
    source: 'roads-paris-voies',
    territory: '75',
    vintage: '2019',
    label: 'Réseau routier — Linéaires des voies de Paris 2019 (Ville de Paris, géométrie seule)',
    files: [path],
    version: IMPORTER_VERSION,
    indexes: ROAD_INDEXES,
    clear: (transaction) => clearRoadNetwork(transaction, PARIS_STREETS_NETWORK),
    async load(transaction, progress) {
      const split = splitAtJunctions(readParisStreetLines(path));
      const nodeIds = new Map<number | string, number>();
      for (const key of split.nodes.keys()) nodeIds.set(key, PARIS_ID_BASE + nodeIds.size);
      return writeRoadNetwork(
        transaction,
        PARIS_STREETS_NETWORK,
        split,
        { node: (key) => nodeIds.get(key) as number, edge: (_edge, index) => PARIS_ID_BASE + index },
        progress,
      );
    },
  };
}
