import { AGE_BANDS, DIPLOMA_LEVELS, SOCIO_PROFESSIONAL_GROUPS_15P } from '../demographics/inseeColumns';
import type { AggregatedDemographics, GroupSource, LabelledCount } from '../demographics/aggregateDemographics';
import { NAF_SECTIONS } from '../businesses/nafSections';
import { SIZE_CLASSES, SIZE_CLASS_LABELS } from '../businesses/employeeBands';
import { PUBLIC_SERVICE_CATEGORIES, PUBLIC_SERVICE_CATEGORY_IDS } from '../public-services/publicServiceCategories';
import { SERVED_MINUTES } from '../public-services/publicServiceSchemas';
import { LOCKED_DEMOGRAPHICS_TABS, type LockedDemographicsTab } from '../subscription/demographicsAccess';
import { HOME_CATEGORIES } from '../businesses/homeCategories';
import { householdsOf } from '../market/householdsOf';
import type { ZoneFigures } from './zoneFigures';

/**
 * The one metric catalogue of the export: the panel's checklist tree, the CSV/XLSX/PDF exporters and
 * `POST /api/export` all read it, so a metric cannot drift between them. Each metric says where its
 * figure comes from and reads it from the answers of the domain services (`ZoneFigures`), never
 * recomputing it: a base that is not loaded reads `null` ('non disponible'), never 0.
 */

export const METRIC_CATEGORIES = [
  { id: 'demographics', label: 'Démographie' },
  { id: 'businesses', label: 'Entreprises' },
  { id: 'public_services', label: 'Services publics' },
  { id: 'real_estate', label: 'Immobilier (DVF)' },
  { id: 'market', label: 'Géomarketing' },
] as const;
export type MetricCategoryId = (typeof METRIC_CATEGORIES)[number]['id'];

/** The datasets behind the metrics, with their producer and licence (the 'Sources' sheet, the annex). */
export const EXPORT_SOURCES = {
  'insee-rp': {
    label: 'Recensement de la population — bases infracommunales IRIS',
    producer: 'INSEE',
    licence: 'Licence Ouverte 2.0 (Etalab)',
  },
  'insee-filosofi': {
    label: 'Filosofi — revenus localisés sociaux et fiscaux (IRIS)',
    producer: 'INSEE',
    licence: 'Licence Ouverte 2.0 (Etalab)',
  },
  'france-travail': {
    label: 'Demandeurs d’emploi inscrits (DEFM) par commune',
    producer: 'France Travail',
    licence: 'Licence Ouverte 2.0 (Etalab)',
  },
  establishments: {
    label: 'Établissements : Sirene, OpenStreetMap, APUR BDCOM, Ville de Paris',
    producer: 'INSEE, contributeurs OpenStreetMap, APUR, Ville de Paris',
    licence: 'Licence Ouverte 2.0 ; ODbL (OpenStreetMap)',
  },
  'public-services': {
    label: 'Annuaire de l’administration (service-public.fr), Base permanente des équipements',
    producer: 'DILA, INSEE',
    licence: 'Licence Ouverte 2.0 (Etalab)',
  },
  'public-services-walking': {
    label:
      'Temps de marche au service le plus proche (calcul Zonalyse) : services publics, adresses BAN, recensement IRIS, graphe piéton OpenStreetMap',
    producer: 'Zonalyse, d’après DILA, INSEE, IGN (BAN) et OpenStreetMap',
    licence: 'Licence Ouverte 2.0 ; ODbL (OpenStreetMap)',
  },
  dvf: {
    label: 'Demandes de valeurs foncières géolocalisées (DVF)',
    producer: 'DGFiP, Etalab',
    licence: 'Licence Ouverte 2.0 (Etalab)',
  },
  'market-huff': {
    label:
      'Modèle de Huff (calcul Zonalyse) : recensement IRIS, Filosofi, établissements, temps de trajet sur le graphe des rues OpenStreetMap',
    producer: 'Zonalyse, d’après INSEE, OpenStreetMap et les sources des établissements',
    licence: 'Licence Ouverte 2.0 ; ODbL (OpenStreetMap)',
  },
} as const;
export type ExportSourceId = keyof typeof EXPORT_SOURCES;

export const METRIC_UNITS = [
  'habitants',
  'personnes',
  'hab./km²',
  'ans',
  'indice',
  '%',
  'ménages',
  'logements',
  '€',
  '€/m²',
  'ventes',
  'établissements',
  'étab./km²',
  'km²',
  'services',
  'pour 1 000 hab.',
  'pour 10 000 hab.',
] as const;
export type MetricUnit = (typeof METRIC_UNITS)[number];

/** What a metric reads for one zone: a number, or null ('non disponible'); `locked` when the tier may not see it. */
export interface MetricReading {
  value: number | null;
  vintage: string | null;
  locked?: 'light' | 'pro';
}

export interface MetricDefinition {
  id: string;
  label: string;
  unit: MetricUnit;
  category: MetricCategoryId;
  subCategory: string;
  source: ExportSourceId;
  /** Decimals shown (fr-FR formats). */
  decimals: number;
  read: (figures: ZoneFigures) => MetricReading;
}

export const NOT_AVAILABLE = 'non disponible';

const percent = (value: number | null | undefined) => (value === null || value === undefined ? null : value * 100);
const labelled = (list: readonly LabelledCount[] | undefined, label: string) =>
  list?.find((entry) => entry.label === label)?.value ?? null;

type DemographicGroup = Exclude<keyof AggregatedDemographics, 'analysis_metadata' | 'iris_zones'>;

/** The tab that locks a demographics group, as the demographics panel draws it. */
const TAB_OF_GROUP: Partial<Record<DemographicGroup, LockedDemographicsTab>> = {
  employment: 'employment-education',
  education: 'employment-education',
  revenue: 'revenue',
  unemployment: 'unemployment',
};

function demographic<Group extends DemographicGroup>(
  group: Group,
  pick: (value: AggregatedDemographics[Group]) => number | null | undefined,
  vintageOf: (value: AggregatedDemographics[Group]) => string | null = (value) => (value as GroupSource).vintage_label,
): (figures: ZoneFigures) => MetricReading {
  return (figures) => {
    const tab = TAB_OF_GROUP[group];
    if (tab && figures.lockedTabs.includes(tab)) {
      return { value: null, vintage: null, locked: LOCKED_DEMOGRAPHICS_TABS[tab] };
    }
    const value = figures.demographics?.[group];
    if (!value || !(value as GroupSource).available) return { value: null, vintage: null };
    const figure = pick(value);
    return { value: figure ?? null, vintage: vintageOf(value) };
  };
}

const metrics: MetricDefinition[] = [];
function add(
  category: MetricCategoryId,
  subCategory: string,
  source: ExportSourceId,
  entries: [id: string, label: string, unit: MetricUnit, decimals: number, read: MetricDefinition['read']][],
) {
  for (const [id, label, unit, decimals, read] of entries) {
    metrics.push({ id, label, unit, category, subCategory, source, decimals, read });
  }
}

// ——— Démographie
add('demographics', 'Population', 'insee-rp', [
  ['population.total', 'Population', 'habitants', 0, demographic('population', (g) => g.total)],
  [
    'population.15_64',
    'Population de 15 à 64 ans',
    'habitants',
    0,
    demographic('population', (g) => g.population_15_64),
  ],
  [
    'population.15_plus',
    'Population de 15 ans ou plus',
    'habitants',
    0,
    demographic('population', (g) => g.population_15p),
  ],
  ['population.density', 'Densité de population', 'hab./km²', 0, demographic('population', (g) => g.density_per_km2)],
  [
    'population.median_age',
    'Âge médian (estimé par tranches)',
    'ans',
    1,
    demographic('population', (g) => g.median_age),
  ],
  [
    'population.average_age',
    'Âge moyen (estimé par tranches)',
    'ans',
    1,
    demographic('population', (g) => g.average_age),
  ],
  [
    'population.ageing_index',
    'Indice de vieillissement (65 ans ou plus pour 100 moins de 25 ans)',
    'indice',
    1,
    demographic('population', (g) => g.ageing_index),
  ],
]);
add(
  'demographics',
  'Tranches d’âge',
  'insee-rp',
  AGE_BANDS.map((band) => [
    `population.age.${band.column.toLowerCase()}`,
    `Population de ${band.label}`,
    'habitants',
    0,
    demographic('population', (g) => labelled(g.age_bands, band.label)),
  ]),
);
add(
  'demographics',
  'Catégories socioprofessionnelles (15 ans ou plus)',
  'insee-rp',
  SOCIO_PROFESSIONAL_GROUPS_15P.map((group) => [
    `population.csp.${group.code.toLowerCase()}`,
    group.label,
    'personnes',
    0,
    demographic('population', (g) => labelled(g.socio_professional_15p, group.label)),
  ]),
);
add('demographics', 'Ménages', 'insee-rp', [
  ['households.count', 'Ménages', 'ménages', 0, demographic('households', (g) => g.households)],
  [
    'households.single_person',
    'Ménages d’une personne',
    'ménages',
    0,
    demographic('households', (g) => g.single_person),
  ],
  [
    'households.couples_without_children',
    'Couples sans enfant',
    'ménages',
    0,
    demographic('households', (g) => g.couples_without_children),
  ],
  [
    'households.couples_with_children',
    'Couples avec enfant(s)',
    'ménages',
    0,
    demographic('households', (g) => g.couples_with_children),
  ],
  [
    'households.single_parent',
    'Familles monoparentales',
    'ménages',
    0,
    demographic('households', (g) => g.single_parent),
  ],
  [
    'households.average_size',
    'Taille moyenne des ménages',
    'personnes',
    2,
    demographic('households', (g) => g.average_size),
  ],
  ['households.persons', 'Personnes des ménages', 'personnes', 0, demographic('households', (g) => g.persons)],
]);
add('demographics', 'Logement', 'insee-rp', [
  ['housing.dwellings', 'Logements', 'logements', 0, demographic('housing', (g) => g.dwellings)],
  [
    'housing.main_residences',
    'Résidences principales',
    'logements',
    0,
    demographic('housing', (g) => g.main_residences),
  ],
  [
    'housing.secondary_residences',
    'Résidences secondaires et logements occasionnels',
    'logements',
    0,
    demographic('housing', (g) => g.secondary_residences),
  ],
  ['housing.vacant', 'Logements vacants', 'logements', 0, demographic('housing', (g) => g.vacant)],
  ['housing.houses', 'Maisons', 'logements', 0, demographic('housing', (g) => g.houses)],
  ['housing.flats', 'Appartements', 'logements', 0, demographic('housing', (g) => g.flats)],
  [
    'housing.owners',
    'Résidences principales occupées par leur propriétaire',
    'logements',
    0,
    demographic('housing', (g) => g.owners),
  ],
  [
    'housing.tenants',
    'Résidences principales occupées par des locataires',
    'logements',
    0,
    demographic('housing', (g) => g.tenants),
  ],
  ['housing.social_tenants', 'Locataires HLM', 'logements', 0, demographic('housing', (g) => g.social_tenants)],
  [
    'housing.house_share',
    'Part des maisons (résidences principales)',
    '%',
    1,
    demographic('housing', (g) => percent(g.house_share)),
  ],
  [
    'housing.flat_share',
    'Part des appartements (résidences principales)',
    '%',
    1,
    demographic('housing', (g) => percent(g.flat_share)),
  ],
  [
    'housing.social_tenant_share',
    'Part des locataires HLM',
    '%',
    1,
    demographic('housing', (g) => percent(g.social_tenant_share)),
  ],
]);
add('demographics', 'Revenus', 'insee-filosofi', [
  [
    'revenue.median',
    'Revenu disponible médian par unité de consommation',
    '€',
    0,
    demographic('revenue', (g) => g.median),
  ],
  ['revenue.q1', 'Revenu disponible, 1er quartile', '€', 0, demographic('revenue', (g) => g.q1)],
  ['revenue.q3', 'Revenu disponible, 3e quartile', '€', 0, demographic('revenue', (g) => g.q3)],
  [
    'revenue.poverty_rate',
    'Taux de pauvreté',
    '%',
    1,
    demographic(
      'revenue',
      (g) => g.poverty_rate,
      (g) => g.poverty_vintage_label,
    ),
  ],
  [
    'revenue.gini',
    'Indice de Gini',
    'indice',
    3,
    demographic(
      'revenue',
      (g) => g.gini,
      (g) => g.distribution_vintage_label,
    ),
  ],
  [
    'revenue.interdecile_ratio',
    'Rapport interdécile D9/D1',
    'indice',
    2,
    demographic(
      'revenue',
      (g) => g.interdecile_ratio,
      (g) => g.distribution_vintage_label,
    ),
  ],
]);
add('demographics', 'Emploi', 'insee-rp', [
  [
    'employment.active_15_64',
    'Actifs de 15 à 64 ans',
    'personnes',
    0,
    demographic('employment', (g) => g.active_15_64),
  ],
  [
    'employment.employed_15_64',
    'Actifs occupés de 15 à 64 ans',
    'personnes',
    0,
    demographic('employment', (g) => g.employed_15_64),
  ],
  [
    'employment.inactive_15_64',
    'Inactifs de 15 à 64 ans',
    'personnes',
    0,
    demographic('employment', (g) => g.inactive_15_64),
  ],
  [
    'employment.students_15_64',
    'Élèves et étudiants de 15 à 64 ans',
    'personnes',
    0,
    demographic('employment', (g) => g.students_15_64),
  ],
  [
    'employment.retired_15_64',
    'Retraités de 15 à 64 ans',
    'personnes',
    0,
    demographic('employment', (g) => g.retired_15_64),
  ],
  [
    'employment.activity_rate',
    'Taux d’activité des 15-64 ans',
    '%',
    1,
    demographic('employment', (g) => percent(g.activity_rate)),
  ],
  [
    'employment.employment_rate',
    'Taux d’emploi des 15-64 ans',
    '%',
    1,
    demographic('employment', (g) => percent(g.employment_rate)),
  ],
  [
    'employment.salaried',
    'Salariés (15 ans ou plus)',
    'personnes',
    0,
    demographic('employment', (g) => g.salaried_15p),
  ],
  [
    'employment.non_salaried',
    'Non-salariés (15 ans ou plus)',
    'personnes',
    0,
    demographic('employment', (g) => g.non_salaried_15p),
  ],
]);
add('demographics', 'Chômage', 'insee-rp', [
  [
    'unemployment.unemployed_15_64',
    'Chômeurs de 15 à 64 ans (recensement)',
    'personnes',
    0,
    demographic('unemployment', (g) => g.unemployed_15_64),
  ],
  [
    'unemployment.rate',
    'Taux de chômage des 15-64 ans (recensement)',
    '%',
    1,
    demographic('unemployment', (g) => percent(g.unemployment_rate)),
  ],
  [
    'unemployment.rate_15_24',
    'Taux de chômage des 15-24 ans',
    '%',
    1,
    demographic('unemployment', (g) => percent(labelled(g.rates_by_age, '15-24 ans'))),
  ],
  [
    'unemployment.rate_25_54',
    'Taux de chômage des 25-54 ans',
    '%',
    1,
    demographic('unemployment', (g) => percent(labelled(g.rates_by_age, '25-54 ans'))),
  ],
  [
    'unemployment.rate_55_64',
    'Taux de chômage des 55-64 ans',
    '%',
    1,
    demographic('unemployment', (g) => percent(labelled(g.rates_by_age, '55-64 ans'))),
  ],
]);
add(
  'demographics',
  'Demandeurs d’emploi',
  'france-travail',
  ['A', 'B', 'C', 'ABC'].map((category) => [
    `job_seekers.${category.toLowerCase()}`,
    `Demandeurs d’emploi, catégorie ${category}`,
    'personnes',
    0,
    demographic(
      'unemployment',
      (g) => (g.job_seekers.available ? labelled(g.job_seekers.categories, `Catégorie ${category}`) : null),
      (g) => g.job_seekers.period,
    ),
  ]),
);
add('demographics', 'Formation', 'insee-rp', [
  [
    'education.out_of_school_15p',
    'Population non scolarisée de 15 ans ou plus',
    'personnes',
    0,
    demographic('education', (g) => g.out_of_school_15p),
  ],
  [
    'education.higher_share',
    'Part des diplômés du supérieur',
    '%',
    1,
    demographic('education', (g) => percent(g.higher_education_share)),
  ],
  [
    'education.no_diploma_share',
    'Part des sans diplôme ou CEP',
    '%',
    1,
    demographic('education', (g) => percent(g.no_diploma_share)),
  ],
  ...DIPLOMA_LEVELS.map(
    (level) =>
      [
        `education.diploma.${level.column.replace('NSCOL15P_', '').toLowerCase()}`,
        `Diplôme le plus élevé : ${level.label}`,
        'personnes',
        0,
        demographic('education', (g) => labelled(g.diplomas, level.label)),
      ] as [string, string, MetricUnit, number, MetricDefinition['read']],
  ),
]);

// ——— Entreprises
const businessVintage = (figures: ZoneFigures) => {
  const vintages = [...new Set((figures.businesses?.sources ?? []).map((source) => source.vintage).filter(Boolean))];
  return vintages.length > 0 ? vintages.join(', ') : null;
};
const business =
  (pick: (statistics: NonNullable<ZoneFigures['businesses']>) => number | null | undefined) =>
  (figures: ZoneFigures): MetricReading =>
    figures.businesses && figures.businesses.sources.length > 0
      ? { value: pick(figures.businesses) ?? null, vintage: businessVintage(figures) }
      : { value: null, vintage: null };

add('businesses', 'Ensemble', 'establishments', [
  ['businesses.total', 'Établissements', 'établissements', 0, business((s) => s.total_businesses)],
  ['businesses.density', 'Densité d’établissements', 'étab./km²', 1, business((s) => s.business_density)],
  ['businesses.area', 'Surface de la zone', 'km²', 2, business((s) => s.zone_area_km2)],
]);
add(
  'businesses',
  'Taille (effectif salarié)',
  'establishments',
  SIZE_CLASSES.map((size) => [
    `businesses.size.${size}`,
    `Établissements ${SIZE_CLASS_LABELS[size]}`,
    'établissements',
    0,
    business((s) => s.employee_size_breakdown[size].count),
  ]),
);
add(
  'businesses',
  'Secteurs d’activité (sections NAF)',
  'establishments',
  NAF_SECTIONS.map((section) => [
    `businesses.section.${section.code.toLowerCase()}`,
    `${section.code} — ${section.name}`,
    'établissements',
    0,
    business((s) => s.section_breakdown.find((entry) => entry.section_code === section.code)?.count ?? 0),
  ]),
);

/** The census population of the zone and its vintage, null when the census is not loaded. */
const censusPopulation = (figures: ZoneFigures) => {
  const population = figures.demographics?.population;
  return population?.available && population.total !== null && population.total > 0
    ? { total: population.total, vintage: population.vintage_label }
    : null;
};
/** Counts per `per` inhabitants: a figure of the zone's own base over its census population. */
const perInhabitants = (count: number, population: number, per: number) => (count / population) * per;
const joinedVintage = (...vintages: (string | null)[]) => vintages.filter(Boolean).join(' ; ') || null;

/**
 * The competition index of the businesses panel: establishments per 1,000 inhabitants of the zone, in all and
 * per NAF section; 'non disponible' when either the establishments or the census are not loaded.
 */
const competition =
  (pick: (statistics: NonNullable<ZoneFigures['businesses']>) => number) =>
  (figures: ZoneFigures): MetricReading => {
    const population = censusPopulation(figures);
    if (!figures.businesses || figures.businesses.sources.length === 0 || !population) {
      return { value: null, vintage: null };
    }
    return {
      value: perInhabitants(pick(figures.businesses), population.total, 1_000),
      vintage: joinedVintage(businessVintage(figures), population.vintage),
    };
  };
add('businesses', 'Indice de concurrence (pour 1 000 habitants)', 'establishments', [
  [
    'businesses.competition.total',
    'Établissements pour 1 000 habitants',
    'pour 1 000 hab.',
    1,
    competition((s) => s.total_businesses),
  ],
  ...NAF_SECTIONS.map(
    (section) =>
      [
        `businesses.competition.${section.code.toLowerCase()}`,
        `${section.code} — ${section.name}, pour 1 000 habitants`,
        'pour 1 000 hab.',
        2,
        competition((s) => s.section_breakdown.find((entry) => entry.section_code === section.code)?.count ?? 0),
      ] as [string, string, MetricUnit, number, MetricDefinition['read']],
  ),
]);

// ——— Services publics
const publicServicesVintage = (figures: ZoneFigures) => {
  const vintages = [
    ...new Set((figures.publicServices?.sources ?? []).map((source) => source.vintage).filter(Boolean)),
  ];
  return vintages.length > 0 ? vintages.join(', ') : null;
};
const publicService =
  (pick: (analysis: NonNullable<ZoneFigures['publicServices']>) => number) =>
  (figures: ZoneFigures): MetricReading =>
    figures.publicServices && figures.publicServices.sources.length > 0
      ? { value: pick(figures.publicServices), vintage: publicServicesVintage(figures) }
      : { value: null, vintage: null };

add('public_services', 'Ensemble', 'public-services', [
  ['public_services.total', 'Services publics', 'services', 0, publicService((a) => a.total_services)],
]);
add(
  'public_services',
  'Par catégorie',
  'public-services',
  PUBLIC_SERVICE_CATEGORY_IDS.map((id) => [
    `public_services.${id}`,
    PUBLIC_SERVICE_CATEGORIES[id].name,
    'services',
    0,
    publicService((a) => a.categories.find((category) => category.category === id)?.count ?? 0),
  ]),
);

/**
 * Coverage: services per 10,000 inhabitants of the zone (the served-population table's rate), in all and per
 * category; 'non disponible' when the services or the census are not loaded.
 */
const coverage =
  (pick: (analysis: NonNullable<ZoneFigures['publicServices']>) => number) =>
  (figures: ZoneFigures): MetricReading => {
    const population = censusPopulation(figures);
    if (!figures.publicServices || figures.publicServices.sources.length === 0 || !population) {
      return { value: null, vintage: null };
    }
    return {
      value: perInhabitants(pick(figures.publicServices), population.total, 10_000),
      vintage: joinedVintage(publicServicesVintage(figures), population.vintage),
    };
  };
add('public_services', 'Couverture (pour 10 000 habitants)', 'public-services', [
  [
    'public_services.coverage.total',
    'Services publics pour 10 000 habitants',
    'pour 10 000 hab.',
    2,
    coverage((a) => a.total_services),
  ],
  ...PUBLIC_SERVICE_CATEGORY_IDS.map(
    (id) =>
      [
        `public_services.coverage.${id}`,
        `${PUBLIC_SERVICE_CATEGORIES[id].name}, pour 10 000 habitants`,
        'pour 10 000 hab.',
        2,
        coverage((a) => a.categories.find((category) => category.category === id)?.count ?? 0),
      ] as [string, string, MetricUnit, number, MetricDefinition['read']],
  ),
]);

/**
 * Coverage by walking time: the share of the zone's residents within 5, 10 and 15 minutes' walk of the nearest
 * service of each category, as the served-population table answers it (each BAN address of the zone carries
 * an equal part of its IRIS's population; walking times on the OpenStreetMap street graph at 5 km/h).
 */
const walkingShare =
  (id: (typeof PUBLIC_SERVICE_CATEGORY_IDS)[number], minutes: (typeof SERVED_MINUTES)[number]) =>
  (figures: ZoneFigures): MetricReading => {
    const served = figures.servedPopulation;
    const category = served?.categories.find((entry) => entry.category === id);
    if (!served || !category || served.sources.length === 0 || served.population <= 0) {
      return { value: null, vintage: null };
    }
    const services = [...new Set(served.sources.map((source) => source.vintage).filter(Boolean))].join(', ');
    return {
      value: percent(category[`within_${minutes}`]),
      vintage: joinedVintage(services || null, `recensement ${served.population_vintage}`),
    };
  };
add(
  'public_services',
  'Couverture à pied (part des habitants à 5, 10 et 15 min du service le plus proche)',
  'public-services-walking',
  PUBLIC_SERVICE_CATEGORY_IDS.flatMap((id) =>
    SERVED_MINUTES.map(
      (minutes) =>
        [
          `public_services.walking.${id}.${minutes}`,
          `${PUBLIC_SERVICE_CATEGORIES[id].name} à ${minutes} min à pied ou moins (part des habitants)`,
          '%',
          1,
          walkingShare(id, minutes),
        ] as [string, string, MetricUnit, number, MetricDefinition['read']],
    ),
  ),
);

// ——— Immobilier
const realEstate =
  (pick: (statistics: NonNullable<ZoneFigures['realEstate']>) => number | null | undefined) =>
  (figures: ZoneFigures): MetricReading =>
    figures.realEstate && figures.realEstateVintage
      ? { value: pick(figures.realEstate) ?? null, vintage: figures.realEstateVintage }
      : { value: null, vintage: null };
const byType = (statistics: NonNullable<ZoneFigures['realEstate']>, type: string) =>
  statistics.market_snapshot?.by_type.find((entry) => entry.type_local === type);
const yearly = (statistics: NonNullable<ZoneFigures['realEstate']>) =>
  statistics.temporal_series.filter((point) => point.median_price_per_m2 !== null);

add('real_estate', 'Transactions', 'dvf', [
  [
    'real_estate.transactions',
    'Mutations enregistrées (toutes natures, tous biens)',
    'ventes',
    0,
    realEstate((s) => s.total_transactions),
  ],
  ['real_estate.sales', 'Ventes avec un prix', 'ventes', 0, realEstate((s) => s.price_statistics.count)],
  ['real_estate.average_price', 'Prix moyen d’une vente', '€', 0, realEstate((s) => s.price_statistics.avg)],
  ['real_estate.median_price', 'Prix médian d’une vente', '€', 0, realEstate((s) => s.price_statistics.median)],
]);
add('real_estate', 'Prix au m²', 'dvf', [
  [
    'real_estate.m2.average',
    'Prix moyen au m² (ventes d’un seul bien, types mélangés, dépendances comprises)',
    '€/m²',
    0,
    realEstate((s) => s.price_per_m2_statistics.avg),
  ],
  [
    'real_estate.m2.median',
    'Prix médian au m² (ventes d’un seul bien, types mélangés, dépendances comprises)',
    '€/m²',
    0,
    realEstate((s) => s.price_per_m2_statistics.median),
  ],
  ['real_estate.m2.q1', 'Prix au m², 1er quartile', '€/m²', 0, realEstate((s) => s.price_per_m2_statistics.q1)],
  ['real_estate.m2.q3', 'Prix au m², 3e quartile', '€/m²', 0, realEstate((s) => s.price_per_m2_statistics.q3)],
  [
    'real_estate.m2.departement_median',
    'Prix médian au m² du département (logements)',
    '€/m²',
    0,
    realEstate((s) => s.market_snapshot?.departement_median_price_per_m2),
  ],
]);
for (const [type, key] of [
  ['Appartement', 'apartment'],
  ['Maison', 'house'],
] as const) {
  const plural = type === 'Appartement' ? 'appartements' : 'maisons';
  add('real_estate', type === 'Appartement' ? 'Appartements' : 'Maisons', 'dvf', [
    [
      `real_estate.${key}.sales`,
      `Ventes d’${type === 'Appartement' ? 'appartements' : 'une maison seule'}`,
      'ventes',
      0,
      realEstate((s) => byType(s, type)?.count ?? 0),
    ],
    [
      `real_estate.${key}.median`,
      `Prix médian au m² des ${plural}`,
      '€/m²',
      0,
      realEstate((s) => byType(s, type)?.median),
    ],
    [
      `real_estate.${key}.q1`,
      `Prix au m² des ${plural}, 1er quartile`,
      '€/m²',
      0,
      realEstate((s) => byType(s, type)?.q1),
    ],
    [
      `real_estate.${key}.q3`,
      `Prix au m² des ${plural}, 3e quartile`,
      '€/m²',
      0,
      realEstate((s) => byType(s, type)?.q3),
    ],
  ]);
}
add('real_estate', 'Tendance', 'dvf', [
  [
    'real_estate.trend.first_year_median',
    'Prix médian au m², première année',
    '€/m²',
    0,
    realEstate((s) => yearly(s)[0]?.median_price_per_m2),
  ],
  [
    'real_estate.trend.last_year_median',
    'Prix médian au m², dernière année',
    '€/m²',
    0,
    realEstate((s) => yearly(s).at(-1)?.median_price_per_m2),
  ],
  [
    'real_estate.trend.change',
    'Évolution du prix médian au m² (de la première à la dernière année)',
    '%',
    1,
    realEstate((s) => {
      const series = yearly(s);
      const first = series[0]?.median_price_per_m2;
      const last = series.at(-1)?.median_price_per_m2;
      return series.length >= 2 && first && last ? ((last - first) / first) * 100 : null;
    }),
  ],
]);

// ——— Géomarketing
add('market', 'Potentiel de la zone', 'insee-rp', [
  ['market.potential.residents', 'Potentiel : habitants', 'habitants', 0, demographic('population', (g) => g.total)],
  [
    'market.potential.households',
    'Potentiel : ménages (résidences principales quand le nombre de ménages n’est pas publié)',
    'ménages',
    0,
    (figures) => {
      const demographics = figures.demographics;
      const households = demographics ? householdsOf(demographics) : null;
      const vintage = demographics?.households.available
        ? demographics.households.vintage_label
        : (demographics?.housing.vintage_label ?? null);
      return households === null ? { value: null, vintage: null } : { value: households, vintage };
    },
  ],
]);
const readMedianIncome = demographic('revenue', (g) => g.median);
add('market', 'Potentiel de la zone', 'insee-filosofi', [
  [
    'market.potential.income_estimate',
    'Potentiel : revenu disponible estimé (médiane par unité de consommation × habitants)',
    '€',
    0,
    (figures) => {
      const median = readMedianIncome(figures);
      const residents = figures.demographics?.population.available ? figures.demographics.population.total : null;
      if (median.locked || median.value === null) return median;
      return residents === null
        ? { value: null, vintage: null }
        : { value: median.value * residents, vintage: median.vintage };
    },
  ],
]);
add(
  'market',
  'Concurrents dans la zone',
  'establishments',
  HOME_CATEGORIES.map((category) => [
    `market.competitors.${category.key}`,
    `Concurrents : ${category.name} (${category.naf_codes.join(', ')})`,
    'établissements',
    0,
    (figures) =>
      figures.market?.competitors?.[category.key] !== undefined
        ? { value: figures.market.competitors[category.key] ?? null, vintage: figures.market.competitorsVintage }
        : { value: null, vintage: null },
  ]),
);
add(
  'market',
  'Modèle de Huff (site au point de départ d’une isochrone à pied ou à vélo)',
  'market-huff',
  HOME_CATEGORIES.flatMap((category) => {
    const huff = (figures: ZoneFigures) => figures.market?.huff[category.key];
    return [
      [
        `market.huff.${category.key}.residents`,
        `Huff, ${category.name} : habitants captés par un site au point de départ`,
        'habitants',
        0,
        (figures: ZoneFigures) => {
          const result = huff(figures);
          return result ? { value: result.residents, vintage: result.vintage } : { value: null, vintage: null };
        },
      ],
      [
        `market.huff.${category.key}.share`,
        `Huff, ${category.name} : part de marché du site dans sa zone de chalandise`,
        '%',
        1,
        (figures: ZoneFigures) => {
          const result = huff(figures);
          return result ? { value: percent(result.share), vintage: result.vintage } : { value: null, vintage: null };
        },
      ],
    ] as [string, string, MetricUnit, number, MetricDefinition['read']][];
  }),
);

/** Every metric, in the panel's order. */
export const METRIC_CATALOGUE: readonly MetricDefinition[] = metrics;

const BY_ID = new Map(METRIC_CATALOGUE.map((metric) => [metric.id, metric]));

export function metricById(id: string): MetricDefinition | undefined {
  return BY_ID.get(id);
}

/** The tree the panel draws: categories › sub-categories › metrics. */
export interface MetricTreeCategory {
  id: MetricCategoryId;
  label: string;
  subCategories: { label: string; metrics: MetricDefinition[] }[];
}

export function metricTree(): MetricTreeCategory[] {
  return METRIC_CATEGORIES.map((category) => {
    const subCategories: MetricTreeCategory['subCategories'] = [];
    for (const metric of METRIC_CATALOGUE.filter((entry) => entry.category === category.id)) {
      const last = subCategories.at(-1);
      if (last?.label === metric.subCategory) last.metrics.push(metric);
      else subCategories.push({ label: metric.subCategory, metrics: [metric] });
    }
    return { id: category.id, label: category.label, subCategories };
  });
}

export const categoryLabel = (id: MetricCategoryId) =>
  METRIC_CATEGORIES.find((category) => category.id === id)?.label ?? id;
