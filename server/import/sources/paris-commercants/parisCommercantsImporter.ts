import { basename } from 'node:path';
import { forEachDelimitedRow } from '../../pipeline/csv/readDelimited';
import { RowError } from '../../pipeline/ImportError';
import type { DatasetPlan, Importer } from '../../pipeline/Importer';
import { listDataFiles } from '../../pipeline/listDataFiles';
import { departementLabel } from '../../pipeline/territoryLabel';
import { findBdcomFiles } from '../apur-bdcom/bdcomImporter';
import { ESTABLISHMENT_INDEXES } from '../establishments/establishmentIndexes';
import {
  clearSourceEstablishments,
  insertStagedEstablishments,
  markDuplicates,
  StagedEstablishments,
} from '../establishments/establishmentsRepository';
import { findOsmRestaurantFiles } from '../osm-restaurants/osmRestaurantsImporter';
import { parisCommercant } from './parisCommercant';

const IMPORTER_VERSION = 'paris-commercants-1';

/** `paris-commercants-<dataset>-YYYY.csv`: an opendata.paris.fr list of shops (`;`, its field names). */
const FILE_PATTERN = /^paris-commercants-[a-z-]+-(\d{4})\.csv(\.gz)?$/;

function commercantsPlan(path: string, vintage: string, otherSources: string[]): DatasetPlan {
  const departement = '75';
  return {
    source: 'establishments-paris-commercants',
    territory: departement,
    vintage,
    label: `Commerçants parisiens (Ville de Paris, liste ${vintage}, non exhaustive) — ${departementLabel(departement)}`,
    // The sources it is merged with: a change in them redoes the merge.
    files: [path, ...otherSources],
    version: IMPORTER_VERSION,
    indexes: ESTABLISHMENT_INDEXES,
    clear: (transaction) => clearSourceEstablishments(transaction, 'paris-commercants', departement),
    async load(transaction, progress) {
      const staged = await StagedEstablishments.create(transaction);
      const seen = new Set<string>();
      await forEachDelimitedRow(
        path,
        {
          separator: ';',
          requiredColumns: [
            'recordid',
            'type_de_commerce',
            'nom_du_commerce',
            'adresse',
            'code_postal',
            'geo_point_2d_lat',
            'geo_point_2d_lon',
          ],
          onProgress: (bytes, total) => progress.update(seen.size, (0.6 * bytes) / total),
        },
        async (row) => {
          const shop = parisCommercant(row);
          if (seen.has(shop.id)) throw new RowError('recordid', `recordid en double « ${shop.id} »`);
          seen.add(shop.id);
          await staged.add(shop);
        },
      );
      await staged.flush();
      const loaded = await insertStagedEstablishments(
        transaction,
        'paris-commercants',
        departement,
        `Ville de Paris ${vintage}`,
      );
      // Built now, inside the transaction, so that the duplicate search can use it.
      await transaction.exec(ESTABLISHMENT_INDEXES.establishments_geometry_index ?? '');
      await markDuplicates(transaction, 'paris-commercants', departement, ['sirene', 'osm', 'apur-bdcom']);
      await transaction.exec('DROP INDEX establishments_geometry_index');
      progress.update(loaded, 1);
      return loaded;
    },
  };
}

/**
 * The Ville de Paris list of shops offering delivery in 2020 (opendata.paris.fr, ODbL): named shops with
 * type, address and point. Self-declared, so not exhaustive: it covers no NAF family, and a shop that OSM,
 * BDCOM or Sirene already holds is marked as its duplicate (counted once). Runs after those sources.
 */
export const parisCommercantsImporter: Importer = {
  source: 'establishments-paris-commercants',
  plan({ openDataDirectory, departements }) {
    if (!departements.includes('75')) return [];
    const others = [
      ...findOsmRestaurantFiles(openDataDirectory).map((file) => file.path),
      ...findBdcomFiles(openDataDirectory).map((file) => file.path),
    ];
    return listDataFiles(openDataDirectory, ['commerces'], FILE_PATTERN).map((path) =>
      commercantsPlan(path, FILE_PATTERN.exec(basename(path))?.[1] ?? 'courant', others),
    );
  },
};
