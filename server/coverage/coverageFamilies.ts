import { INSEE_IRIS_BASE_LABELS, INSEE_IRIS_BASES, inseeDatasetSource } from '../../kernel/demographics/inseeIrisBases';

/** A family of datasets the UI needs for a territory (one panel or layer). */
export interface CoverageFamily {
  key: string;
  label: string;
  producer: string;
  /** `datasets.source` values of the family; a trailing `*` matches any source with that prefix. */
  sources: readonly string[];
}

/**
 * The families the UI expects for a département. Sources of importers written elsewhere (DVF, BAN,
 * Sirene, services publics, routes, GTFS) are matched by prefix; any other source found in `datasets`
 * is listed as a family of its own, so a new importer shows up without a change here.
 */
export const EXPECTED_FAMILIES: readonly CoverageFamily[] = [
  { key: 'boundaries', label: 'Contours administratifs', producer: 'IGN / INSEE', sources: ['admin-*'] },
  { key: 'iris', label: 'Contours IRIS', producer: 'IGN / INSEE', sources: ['iris'] },
  ...INSEE_IRIS_BASES.map((base) => ({
    key: inseeDatasetSource(base),
    label: INSEE_IRIS_BASE_LABELS[base],
    producer: 'INSEE',
    sources: [inseeDatasetSource(base)],
  })),
  { key: 'bpe', label: 'Équipements (Base permanente des équipements)', producer: 'INSEE', sources: ['bpe'] },
  { key: 'bpe-types', label: 'Nomenclature des équipements BPE', producer: 'INSEE', sources: ['bpe-types'] },
  { key: 'naf', label: 'Nomenclature d’activités NAF rév. 2', producer: 'INSEE', sources: ['naf'] },
  {
    key: 'job-seekers',
    label: 'Demandeurs d’emploi inscrits (DEFM)',
    producer: 'France Travail / Dares',
    sources: ['job-seekers', 'defm*', 'france-travail*'],
  },
  { key: 'dvf', label: 'Ventes immobilières (DVF)', producer: 'DGFiP / Etalab', sources: ['dvf*'] },
  { key: 'ban', label: 'Adresses (Base adresse nationale)', producer: 'IGN / Etalab', sources: ['ban*'] },
  {
    key: 'establishments',
    label: 'Établissements (Sirene, OpenStreetMap, APUR, Ville de Paris)',
    producer: 'INSEE',
    sources: ['sirene*', 'demo-bpe*', 'establishments*'],
  },
  {
    key: 'public-services',
    label: 'Services publics',
    producer: 'DILA / collectivités',
    sources: ['public-services*', 'services-publics*', 'annuaire*'],
  },
  { key: 'roads', label: 'Réseau routier', producer: 'OpenStreetMap / Ville de Paris', sources: ['road*', 'osm*'] },
  { key: 'transit', label: 'Transports en commun (GTFS)', producer: 'Autorités organisatrices', sources: ['gtfs*'] },
];

export const MISSING_MESSAGE = 'Données non disponibles pour ce territoire';

/** Whether a source belongs to a family. */
export function familyMatches(family: Pick<CoverageFamily, 'sources'>, source: string): boolean {
  return family.sources.some((pattern) =>
    pattern.endsWith('*') ? source.startsWith(pattern.slice(0, -1)) : source === pattern,
  );
}

/** One dataset as the coverage answer shows it. */
export interface CoverageDataset {
  source: string;
  territory: string;
  vintage: string;
  label: string;
  rows: number;
  demo: boolean;
  loadedAt: string;
}

/** What is loaded of one family for the territory. */
export interface FamilyCoverage {
  key: string;
  label: string;
  producer: string | null;
  /** Part of what the UI expects (false for a source no family knows). */
  expected: boolean;
  loaded: boolean;
  vintages: string[];
  rows: number;
  /** Labels of the loaded datasets, with producer and vintage. */
  sourceLabel: string | null;
  /** Some loaded rows are derived demo data rather than an official file. */
  demo: boolean;
  datasets: CoverageDataset[];
  message: string | null;
}

const byVintage = (a: string, b: string) => a.localeCompare(b, 'fr', { numeric: true });

function summarise(family: CoverageFamily, expected: boolean, datasets: CoverageDataset[]): FamilyCoverage {
  const loaded = datasets.filter((dataset) => dataset.rows > 0);
  return {
    key: family.key,
    label: family.label,
    producer: family.producer || null,
    expected,
    loaded: loaded.length > 0,
    vintages: [...new Set(loaded.map((dataset) => dataset.vintage))].sort(byVintage),
    rows: loaded.reduce((sum, dataset) => sum + dataset.rows, 0),
    sourceLabel: loaded.length > 0 ? [...new Set(loaded.map((dataset) => dataset.label))].join(' ; ') : null,
    demo: loaded.some((dataset) => dataset.demo),
    datasets,
    message: loaded.length > 0 ? null : MISSING_MESSAGE,
  };
}

/**
 * Groups the datasets of a territory into families: every expected family (missing ones say so),
 * then one family per unknown source.
 */
export function buildCoverage(datasets: readonly CoverageDataset[]): FamilyCoverage[] {
  const families = EXPECTED_FAMILIES.map((family) =>
    summarise(
      family,
      true,
      datasets.filter((dataset) => familyMatches(family, dataset.source)),
    ),
  );
  const others = new Map<string, CoverageDataset[]>();
  for (const dataset of datasets) {
    if (EXPECTED_FAMILIES.some((family) => familyMatches(family, dataset.source))) continue;
    others.set(dataset.source, [...(others.get(dataset.source) ?? []), dataset]);
  }
  for (const [source, list] of [...others].sort(([a], [b]) => a.localeCompare(b))) {
    const label = list[0]?.label ?? source;
    families.push(summarise({ key: source, label, producer: '', sources: [source] }, false, list));
  }
  return families;
}
