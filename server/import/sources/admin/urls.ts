import type { OfficialDownload } from '../../pipeline/download/OfficialDownload';

const BASE = 'https://raw.githubusercontent.com/gregoiredavid/france-geojson/master';

/**
 * Admin Express COG boundaries as republished (simplified) by france-geojson; the raw IGN shapefiles
 * are at https://geoservices.ign.fr/adminexpress. The staged files are the gzip of these.
 */
export const ADMIN_URLS: OfficialDownload = {
  source: 'admin',
  targets: () => [
    { url: `${BASE}/regions-avec-outre-mer.geojson`, path: 'admin/regions-avec-outre-mer.geojson' },
    { url: `${BASE}/departements-avec-outre-mer.geojson`, path: 'admin/departements-avec-outre-mer.geojson' },
    { url: `${BASE}/communes-avec-outre-mer.geojson`, path: 'admin/communes-france.geojson' },
  ],
};
