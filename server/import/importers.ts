import { adminImporter } from './admin/adminImporter';
import { banImporter } from './ban/banImporter';
import { bpeImporter } from './bpe/bpeImporter';
import type { Importer } from './Importer';
import { indicatorsImporter } from './indicators/indicatorsImporter';
import { inseeIrisImporter } from './insee/inseeIrisImporter';
import { irisImporter } from './iris/irisImporter';
import { jobSeekersImporter } from './jobSeekers/jobSeekersImporter';
import { nafImporter } from './naf/nafImporter';
import { roadsImporter } from './roads/roadsImporter';

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
  // Derived map indicators: keep last, after every official source.
  indicatorsImporter(() => IMPORTERS.filter((importer) => importer.source !== 'indicateurs')),
];

/** The demo territory imported by the first `npm start`: Paris plus national boundaries. */
export const DEMO_DEPARTEMENTS = ['75'] as const;
