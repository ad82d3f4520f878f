import { accountBenchmark } from './account.bench';
import { businessesBenchmark } from './businesses.bench';
import { demographicsBenchmark } from './demographics.bench';
import { exportBenchmark } from './export.bench';
import { importBenchmark } from './import.bench';
import { inputBoundsBenchmark } from './inputBounds.bench';
import { isochroneBenchmark } from './isochrone.bench';
import { loadBenchmark } from './load.bench';
import type { Benchmark } from './support/BenchContext';
import { mapLoadBenchmark } from './mapLoad.bench';
import { marketBenchmark } from './market.bench';
import { perimeterBenchmark } from './perimeter.bench';
import { postgresRestartBenchmark } from './postgresRestart.bench';
import { pointsImportBenchmark } from './points.bench';
import { publicServicesBenchmark } from './publicServices.bench';
import { realEstateBenchmark } from './realEstate.bench';
import { startupBenchmark } from './startup.bench';
import { tilesBenchmark } from './tiles.bench';
import { transitBenchmark } from './transit.bench';
import { visualizationsBenchmark } from './visualizations.bench';

/** Every benchmark, in run order. Add a domain's benchmark here. */
export const BENCHMARKS: readonly Benchmark[] = [
  startupBenchmark,
  importBenchmark,
  tilesBenchmark,
  mapLoadBenchmark,
  perimeterBenchmark,
  demographicsBenchmark,
  visualizationsBenchmark,
  isochroneBenchmark,
  transitBenchmark,
  pointsImportBenchmark,
  realEstateBenchmark,
  publicServicesBenchmark,
  businessesBenchmark,
  marketBenchmark,
  accountBenchmark,
  exportBenchmark,
  loadBenchmark,
  inputBoundsBenchmark,
  postgresRestartBenchmark,
];
