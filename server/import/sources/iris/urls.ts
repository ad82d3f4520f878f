import type { OfficialDownload } from '../../pipeline/download/OfficialDownload';

/**
 * IRIS contours as GeoJSON per département, from the same republication of IGN CONTOURS-IRIS as the
 * staged Paris file (gregoiredavid/france-geojson, commit of 2016-11-24; only these départements were
 * published there). The IGN originals (shapefile/GeoPackage in a .7z) are at
 * https://geoservices.ign.fr/contoursiris and must be converted to GeoJSON (ogr2ogr) before import.
 */
const COMMIT = 'e9ddd117ff31dd6cd14d0eca5cd53d3ff44d5b5a';
const PUBLISHED = ['31', '33', '35', '44', '59', '69', '75'];

export const IRIS_URLS: OfficialDownload = {
  source: 'iris',
  targets: (departements) =>
    departements
      .filter((departement) => PUBLISHED.includes(departement))
      .map((departement) => ({
        url: `https://raw.githubusercontent.com/gregoiredavid/france-geojson/${COMMIT}/departements/${departement}/iris.geojson`,
        path: `iris/iris-${departement}-departement.geojson`,
      })),
};
