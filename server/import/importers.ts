import { adminImporter } from './admin/adminImporter';
import type { Importer } from './Importer';

/** Every importer, in dependency order (boundaries first, derived demo data last). */
export const IMPORTERS: readonly Importer[] = [adminImporter];

/** The demo territory imported by the first `npm start`: Paris plus national boundaries. */
export const DEMO_DEPARTEMENTS = ['75'] as const;
