import { DEPARTEMENT_CODE_SOURCE } from '../../../../kernel/territory/territoryCodes';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { ImportError } from '../../pipeline/ImportError';
import type { DatasetPlan } from '../../pipeline/Importer';
import { departementLabel } from '../../pipeline/territoryLabel';
import { osmRoadProfile } from './osmRoadProfile';
import { OsmPbfError, readOsmPbf, type OsmWay } from './readOsmPbf';
import { splitAtJunctions, type SourceLine } from './splitAtJunctions';
import { clearRoadNetwork, ROAD_INDEXES, writeRoadNetwork, type RoadAttributes } from './roadNetworkRepository';

const IMPORTER_VERSION = 'roads-osm-1';

/** An OSM extract: `osm/osm-93-bondy-extract.osm.pbf` → network `osm:bondy`, département 93. */
export interface OsmExtract {
  path: string;
  network: string;
  departement: string;
}

export const OSM_EXTRACT_FILE = new RegExp(`^osm-(${DEPARTEMENT_CODE_SOURCE})-(.+?)(?:-extract)?\\.osm\\.pbf$`, 'i');

/** Edge ids: way id × 10,000 + piece, unique across extracts of the same OSM database. */
const edgeIdOf = (wayId: number, piece: number) => wayId * 10_000 + piece;

/** The routable ways of an extract as lines keyed by OSM node id, with their profiles. */
export function readOsmRoadLines(file: Uint8Array): SourceLine<RoadAttributes & { wayId: number }>[] {
  const ways: OsmWay[] = [];
  const wanted = new Set<number>();
  readOsmPbf(file, {
    way(way) {
      if (!osmRoadProfile(way.tags)) return;
      ways.push(way);
      for (const ref of way.refs) wanted.add(ref);
    },
  });
  const positions = new Map<number, [number, number]>();
  readOsmPbf(file, {
    node(id, longitude, latitude) {
      if (wanted.has(id)) positions.set(id, [Math.round(longitude * 1e7) / 1e7, Math.round(latitude * 1e7) / 1e7]);
    },
  });
  const lines: SourceLine<RoadAttributes & { wayId: number }>[] = [];
  for (const way of ways) {
    const profile = osmRoadProfile(way.tags);
    if (!profile) continue;
    // An extract cut at its bounds references nodes it does not hold: keep the part inside.
    const refs = way.refs.filter((ref) => positions.has(ref));
    if (profile.reversed) refs.reverse();
    if (refs.length < 2) continue;
    lines.push({
      keys: refs,
      coordinates: refs.map((ref) => positions.get(ref) as [number, number]),
      attributes: {
        wayId: way.id,
        highway: profile.highway,
        name: way.tags.name ?? null,
        oneway: profile.oneway,
        cyclingOneway: profile.cyclingOneway,
        drivingSpeedKmh: profile.drivingSpeedKmh,
        walkingSpeedKmh: profile.walkingSpeedKmh,
        cyclingSpeedKmh: profile.cyclingSpeedKmh,
      },
    });
  }
  return lines;
}

/** The dataset of one OSM extract: its highways split at junctions into `road_nodes`/`road_edges`. */
export function osmRoadsPlan(extract: OsmExtract): DatasetPlan {
  const name = basename(extract.path);
  return {
    source: 'roads-osm',
    territory: extract.departement,
    vintage: extract.network,
    label: `Réseau routier OpenStreetMap — extrait ${extract.network.slice(4)}, ${departementLabel(extract.departement)}`,
    files: [extract.path],
    version: IMPORTER_VERSION,
    indexes: ROAD_INDEXES,
    clear: (transaction) => clearRoadNetwork(transaction, extract.network),
    async load(transaction, progress) {
      let lines;
      try {
        lines = readOsmRoadLines(readFileSync(extract.path));
      } catch (error) {
        if (error instanceof OsmPbfError) throw new ImportError(name, undefined, undefined, error.message);
        throw error;
      }
      const split = splitAtJunctions(lines);
      return writeRoadNetwork(
        transaction,
        extract.network,
        split,
        {
          node: (key) => key as number,
          edge: (edge) => edgeIdOf(edge.attributes.wayId, edge.piece),
        },
        progress,
      );
    },
  };
}
