import { basename } from 'node:path';
import { findDataFile } from '../../pipeline/findDataFile';
import type { DatasetPlan, Importer } from '../../pipeline/Importer';
import { listDataFiles } from '../../pipeline/listDataFiles';
import { OSM_EXTRACT_FILE, osmRoadsPlan } from './osmRoadsPlan';
import { parisStreetsPlan } from './parisStreetsPlan';

/** The OSM extracts of `osm/` (`osm-<département>-<name>[-extract].osm.pbf` → network `osm:<name>`). */
export function findOsmExtracts(directory: string) {
  return listDataFiles(directory, ['osm'], OSM_EXTRACT_FILE).map((path) => {
    const match = OSM_EXTRACT_FILE.exec(basename(path)) as RegExpExecArray;
    return {
      path,
      departement: (match[1] as string).toUpperCase(),
      network: `osm:${(match[2] as string).toLowerCase()}`,
    };
  });
}

/**
 * The routable road network: every OpenStreetMap extract (`osm/*.osm.pbf`) of the asked
 * départements, and for Paris the street centre-lines (`streets/paris-voie-2019-geometry.geojson.gz`)
 * — each one network of `road_nodes`/`road_edges`.
 */
export const roadsImporter: Importer = {
  source: 'roads',
  plan({ openDataDirectory, departements }) {
    const plans: DatasetPlan[] = [];
    for (const extract of findOsmExtracts(openDataDirectory)) {
      if (departements.includes(extract.departement)) plans.push(osmRoadsPlan(extract));
    }
    const paris = findDataFile(openDataDirectory, ['streets/paris-voie-2019-geometry.geojson.gz']);
    if (paris && departements.includes('75')) plans.push(parisStreetsPlan(paris));
    return plans;
  },
};
