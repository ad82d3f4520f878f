import { banImporter } from '../server/import/sources/ban/banImporter';
import { bpeImporter } from '../server/import/sources/bpe/bpeImporter';
import { demoEstablishmentsImporter } from '../server/import/sources/demo-establishments/demoEstablishmentsImporter';
import { irisImporter } from '../server/import/sources/iris/irisImporter';
import { publicServicesImporter } from '../server/import/sources/public-services/publicServicesImporter';
import { sireneImporter } from '../server/import/sources/sirene/sireneImporter';
import { importBenchmarkOf } from './import.bench';

/**
 * Import throughput of the points importers (BAN, Sirene sample, demo establishments, public services),
 * measured like the statistics importers, in its own section of `bench/RESULTS.md`.
 */
export const pointsImportBenchmark = importBenchmarkOf(
  'import-points',
  'Import throughput of the points importers (BAN, Sirene, demo establishments, public services)',
  [
    { importer: banImporter, tables: ['ban_addresses'], prerequisites: [irisImporter] },
    { importer: sireneImporter, tables: ['establishments'] },
    { importer: demoEstablishmentsImporter, tables: ['establishments'], prerequisites: [bpeImporter, banImporter] },
    { importer: publicServicesImporter, tables: ['public_services'] },
  ],
);
