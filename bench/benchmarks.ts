import { importBenchmark } from './import.bench';
import type { Benchmark } from './support/BenchContext';
import { mapLoadBenchmark } from './mapLoad.bench';
import { realEstateBenchmark } from './realEstate.bench';
import { startupBenchmark } from './startup.bench';
import { tilesBenchmark } from './tiles.bench';

/** Every benchmark, in run order. Add a domain's benchmark here. */
export const BENCHMARKS: readonly Benchmark[] = [startupBenchmark, importBenchmark, tilesBenchmark, mapLoadBenchmark, realEstateBenchmark];
