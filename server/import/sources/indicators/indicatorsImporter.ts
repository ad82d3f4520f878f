import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { selectDatasetsKey } from '../../../datasets/datasetRepository';
import type { Importer } from '../../pipeline/Importer';
import { buildMapAreas, MAP_AREAS_VERSION } from '../../../visualizations/mapAreasRepository';

/** The `datasets.source` of the derived step; left out of the datasets key it is computed from. */
export const INDICATORS_SOURCE = 'indicateurs';

/**
 * The derived step registered last: once the official datasets are loaded, it computes the map
 * areas (Web Mercator geometries per zoom band) and their indicators, so that tiles and the IRIS
 * endpoints never aggregate per request. Its version follows every other plan (versions, files,
 * sizes and dates), so it runs again whenever any input changes; the tile service also rebuilds
 * lazily when the datasets changed without it (an import limited with `--only`).
 */
export function indicatorsImporter(inputs: () => readonly Importer[]): Importer {
  return {
    source: INDICATORS_SOURCE,
    async plan(context) {
      const hash = createHash('sha256').update(MAP_AREAS_VERSION);
      for (const importer of inputs()) {
        for (const plan of await importer.plan(context)) {
          hash.update(`${plan.source}|${plan.territory}|${plan.vintage}|${plan.version}`);
          for (const file of plan.files) {
            const stats = statSync(file);
            hash.update(`${file}|${stats.size}|${stats.mtimeMs}`);
          }
        }
      }
      return [
        {
          source: INDICATORS_SOURCE,
          territory: context.departements.join(','),
          vintage: 'courant',
          label: 'Indicateurs cartographiques (calculés depuis les jeux importés)',
          files: [],
          version: hash.digest('hex'),
          clear: async () => undefined,
          load: async (transaction) => buildMapAreas(transaction, await selectDatasetsKey(transaction)),
        },
      ];
    },
  };
}
