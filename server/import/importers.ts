import { adminImporter } from './admin/adminImporter';
import { banImporter } from './ban/banImporter';
import { bpeImporter } from './bpe/bpeImporter';
import { demoEstablishmentsImporter } from './demo-establishments/demoEstablishmentsImporter';
import { gtfsImporter } from './gtfs/gtfsImporter';
import { dvfImporter } from './dvf/dvfImporter';
import type { Importer } from './Importer';
import { indicatorsImporter } from './indicators/indicatorsImporter';
import { inseeIrisImporter } from './insee/inseeIrisImporter';
import { irisImporter } from './iris/irisImporter';
import { jobSeekersImporter } from './jobSeekers/jobSeekersImporter';
import { nafImporter } from './naf/nafImporter';
import { roadsImporter } from './roads/roadsImporter';
import { publicServicesImporter } from './public-services/publicServicesImporter';
import { sireneImporter } from './sirene/sireneImporter';

/** Every importer, in dependency order (boundaries first, derived demo data last). */
export const IMPORTERS: readonly Importer[] = [
  adminImporter,
  irisImporter,
  inseeIrisImporter,
  bpeImporter,
  nafImporter,
  jobSeekersImporter,
  banImporter,
  roadsImporter,
  sireneImporter,
  demoEstablishmentsImporter,
  publicServicesImporter,
  gtfsImporter,
  dvfImporter,
  // Derived map indicators: keep last, after every official source.
  indicatorsImporter(() => IMPORTERS.filter((importer) => importer.source !== 'indicateurs')),
];

/** The demo territory imported by the first `npm start`: Paris plus national boundaries. */
export const DEMO_DEPARTEMENTS = ['75'] as const;
