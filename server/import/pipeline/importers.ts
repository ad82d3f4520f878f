import { adminImporter } from '../sources/admin/adminImporter';
import { banImporter } from '../sources/ban/banImporter';
import { bpeImporter } from '../sources/bpe/bpeImporter';
import { bdcomImporter } from '../sources/apur-bdcom/bdcomImporter';
import { demoEstablishmentsImporter } from '../sources/demo-establishments/demoEstablishmentsImporter';
import { gtfsImporter } from '../sources/gtfs/gtfsImporter';
import { dvfImporter } from '../sources/dvf/dvfImporter';
import type { Importer } from './Importer';
import { indicatorsImporter } from '../sources/indicators/indicatorsImporter';
import { inseeIrisImporter } from '../sources/insee/inseeIrisImporter';
import { filosofiCommunesImporter } from '../sources/filosofi/filosofiCommunesImporter';
import { irisImporter } from '../sources/iris/irisImporter';
import { jobSeekersImporter } from '../sources/job-seekers/jobSeekersImporter';
import { osmRestaurantsImporter } from '../sources/osm-restaurants/osmRestaurantsImporter';
import { parisCommercantsImporter } from '../sources/paris-commercants/parisCommercantsImporter';
import { nafImporter } from '../sources/naf/nafImporter';
import { roadsImporter } from '../sources/roads/roadsImporter';
import { publicServicesImporter } from '../sources/public-services/publicServicesImporter';
import { sireneImporter } from '../sources/sirene/sireneImporter';

/** Every importer, in dependency order (boundaries first, derived demo data last). */
export const IMPORTERS: readonly Importer[] = [
  adminImporter,
  irisImporter,
  inseeIrisImporter,
  filosofiCommunesImporter,
  bpeImporter,
  nafImporter,
  jobSeekersImporter,
  banImporter,
  roadsImporter,
  sireneImporter,
  demoEstablishmentsImporter,
  osmRestaurantsImporter,
  bdcomImporter,
  // After the sources it is merged with.
  parisCommercantsImporter,
  publicServicesImporter,
  gtfsImporter,
  dvfImporter,
  // Derived map indicators: keep last, after every official source.
  indicatorsImporter(() => IMPORTERS.filter((importer) => importer.source !== 'indicateurs')),
];

/** The demo territory imported by the first `npm start`: Paris plus national boundaries. */
export const DEMO_DEPARTEMENTS = ['75'] as const;
