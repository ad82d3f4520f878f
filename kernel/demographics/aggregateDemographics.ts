import { INSEE_IRIS_BASE_LABELS, type InseeIrisBase } from './inseeIrisBases';
import { ageingIndex, averageAge, medianAge } from './ageStatistics';
import type { CommuneIncome, DemographicsAnswer, IrisDemographicRecord } from './demographicsRecord';
import {
  AGE_BANDS,
  CENSUS_SIX_AGE_BANDS,
  COMMUTING_MODES,
  DIPLOMA_LEVELS,
  PYRAMID_BANDS,
  SCHOOLING_BANDS,
  SOCIO_PROFESSIONAL_GROUPS,
  SOCIO_PROFESSIONAL_GROUPS_15P,
  censusColumn,
  filosofiColumn,
  vintageLabel,
} from './inseeColumns';
import { approximateDeciles } from './revenueDeciles';
import { ratio, sumOf, WeightedSums } from './weightedSums';

/** IRIS covered by less than 5 % are ignored. */
export const MINIMUM_COVERAGE = 0.05;
/** Figures are those of the 2021 census in the original product; here the loaded vintages. */
export const JOB_SEEKERS_YEAR = 2024;

/** Where a group's figures come from, and how complete they are for the zone. */
export interface GroupSource {
  available: boolean;
  base: InseeIrisBase;
  base_label: string;
  vintage: number | null;
  /** 'RP 2017', 'Filosofi 2015'… */
  vintage_label: string | null;
  iris_with_data: number;
  /** Share of the zone's IRIS with data for this group, in %, two decimals. */
  confidence: number;
}

export interface LabelledCount {
  label: string;
  value: number | null;
}

export interface PopulationGroup extends GroupSource {
  /** Census population: INSEE's P_POP, else the sum of the age bands (which add up to it). */
  total: number | null;
  population_15_64: number | null;
  density_per_km2: number | null;
  /** The finest age bands published: the ten of the full base, else the six 15-year bands. */
  age_bands: LabelledCount[];
  /** Age bands by sex (full evol-struct-pop only; empty when the sexes are not published). */
  pyramid: { label: string; men: number | null; women: number | null }[];
  median_age: number | null;
  average_age: number | null;
  ageing_index: number | null;
  /** How ages were estimated from the bands, in French (shown under the figures). */
  age_method: string;
  /** Population aged 15 or more by socio-professional category (C_POP15P_CS1…CS8). */
  population_15p: number | null;
  socio_professional_15p: LabelledCount[];
  /** Population 15–64 by age (activité des résidents), when the full age bands are not loaded. */
  working_age_bands: LabelledCount[];
  working_age_source: GroupSource;
}

export interface EmploymentGroup extends GroupSource {
  population_15_64: number | null;
  active_15_64: number | null;
  employed_15_64: number | null;
  unemployed_15_64: number | null;
  inactive_15_64: number | null;
  students_15_64: number | null;
  retired_15_64: number | null;
  other_inactive_15_64: number | null;
  activity_rate: number | null;
  employment_rate: number | null;
  activity_rates_by_age: { label: string; activity_rate: number | null; employment_rate: number | null }[];
  socio_professional: LabelledCount[];
  commuting: LabelledCount[];
  /** Commuting modes can come from another vintage than the activity figures (columns changed in RP 2017). */
  commuting_vintage_label: string | null;
  salaried_15p: number | null;
  non_salaried_15p: number | null;
}

export interface UnemploymentGroup extends GroupSource {
  unemployed_15_64: number | null;
  active_15_64: number | null;
  /** Census unemployment rate: unemployed / active population 15–64. */
  unemployment_rate: number | null;
  rates_by_age: LabelledCount[];
  job_seekers: {
    available: boolean;
    period: string | null;
    year: number;
    categories: LabelledCount[];
  };
}

export interface EducationGroup extends GroupSource {
  out_of_school_15p: number | null;
  diplomas: LabelledCount[];
  higher_education_share: number | null;
  no_diploma_share: number | null;
  schooling_rates: LabelledCount[];
}

export interface RevenueGroup extends GroupSource {
  median: number | null;
  q1: number | null;
  q3: number | null;
  deciles: (number | null)[];
  deciles_approximated: boolean;
  poverty_rate: number | null;
  gini: number | null;
  interdecile_ratio: number | null;
  /** Vintage of the deciles and of D9/D1 (the newest vintage publishing them may be older than the median's). */
  distribution_vintage_label: string | null;
  /** Vintage of the poverty rate. */
  poverty_vintage_label: string | null;
  /** What weighted the IRIS medians: tax households, households or population 15–64 (× coverage). */
  weighting: 'tax_households' | 'households' | 'population_15_64' | 'coverage';
  /**
   * How the median, poverty rate and D9/D1 were obtained: `commune` = published by INSEE for the commune
   * (Filosofi commune file), `iris-estimate` = weighted mean of the IRIS figures, an estimate.
   */
  method: 'commune' | 'iris-estimate';
  /** French sentence naming the method, shown beside the figures. */
  method_label: string;
}

const WEIGHTING_LABELS: Record<RevenueGroup['weighting'], string> = {
  tax_households: 'le nombre de ménages fiscaux',
  households: 'le nombre de ménages',
  population_15_64: 'la population de 15 à 64 ans',
  coverage: 'la part couverte de chaque IRIS',
};

export interface HousingGroup extends GroupSource {
  dwellings: number | null;
  main_residences: number | null;
  secondary_residences: number | null;
  vacant: number | null;
  houses: number | null;
  flats: number | null;
  /** Main residences that are houses (P_RPMAISON) and flats (P_RPAPPART). */
  main_residence_houses: number | null;
  main_residence_flats: number | null;
  owners: number | null;
  tenants: number | null;
  /** Main residences rented as HLM (P_RP_LOCHLMV). */
  social_tenants: number | null;
  /**
   * Denominator of the main-residence shares: P_RP when published, else houses + flats (the other
   * main residences — hotel rooms, makeshift dwellings — are then left out, and `share_base` says so).
   */
  share_base: 'main_residences' | 'houses_and_flats' | null;
  share_denominator: number | null;
  house_share: number | null;
  flat_share: number | null;
  social_tenant_share: number | null;
}

/** Persons living in ordinary households by type of household (C_PMEN_*), a count and its share. */
export interface HouseholdPersons {
  label: string;
  persons: number | null;
  share: number | null;
}

export interface HouseholdsGroup extends GroupSource {
  /** Number of households (C_MEN), when published. */
  households: number | null;
  /** One-person households (= persons living alone). */
  single_person: number | null;
  couples_without_children: number | null;
  couples_with_children: number | null;
  single_parent: number | null;
  average_size: number | null;
  /** Persons of ordinary households (C_PMEN, else the sum of the household types, which add up to it). */
  persons: number | null;
  /** Household composition as shares of persons (not of households). */
  persons_by_type: HouseholdPersons[];
}

export interface AnalysisMetadata {
  iris_zones_count: number;
  total_coverage_area_km2: number;
  zone_area_km2: number;
  average_confidence_score: number;
  analysis_type: 'iris_weighted' | 'administrative';
  data_sources: string[];
  /** Most recent census/Filosofi vintage among the loaded bases. */
  data_year: number | null;
  coverage_quality: 'complete' | 'partial' | 'low';
  aggregation_time_ms: number;
  source: string;
  missing_bases: { base: InseeIrisBase; label: string }[];
  /**
   * IRIS of the zone without a census population row while the base is loaded for others: activity
   * (A) and miscellaneous (D) IRIS, absent from the habitat-only files. Counted per type.
   */
  iris_without_population: { count: number; by_type: { type: string; count: number }[] };
}

/** Aggregated result. */
export interface AggregatedDemographics {
  population: PopulationGroup;
  housing: HousingGroup;
  employment: EmploymentGroup;
  revenue: RevenueGroup;
  education: EducationGroup;
  unemployment: UnemploymentGroup;
  households: HouseholdsGroup;
  analysis_metadata: AnalysisMetadata;
  /** The IRIS aggregated, without their raw figures (kept light for the main thread and the store). */
  iris_zones: IrisSummary[];
}

/** One aggregated IRIS: identity, area and coverage. */
export type IrisSummary = Omit<IrisDemographicRecord, 'groups'> & { bases: InseeIrisBase[] };

const round2 = (value: number) => Math.round(value * 100) / 100;

/** What a group says about where its figures come from: `vintage` is the one its main figures use. */
function sourceOf(sums: WeightedSums, irisCount: number, vintage: number | null = sums.vintage): GroupSource {
  const withData = sums.irisWithVintage(vintage);
  return {
    available: sums.available && vintage !== null,
    base: sums.base,
    base_label: INSEE_IRIS_BASE_LABELS[sums.base],
    vintage,
    vintage_label: labelOf(sums, vintage),
    iris_with_data: withData,
    confidence: irisCount > 0 ? round2((withData / irisCount) * 100) : 0,
  };
}

const labelOf = (sums: WeightedSums, vintage: number | null) =>
  vintage === null ? null : vintageLabel(sums.base, vintage);

/** Coverage quality: complete (≥ 80 and ≥ 3 IRIS), partial (≥ 50 and ≥ 2), else low. */
export function coverageQuality(averageConfidence: number, irisCount: number): 'complete' | 'partial' | 'low' {
  if (averageConfidence >= 80 && irisCount >= 3) return 'complete';
  if (averageConfidence >= 50 && irisCount >= 2) return 'partial';
  return 'low';
}

/** The ten bands when the vintage publishes them, else the six 15-year bands. */
function ageBandsOf(structure: WeightedSums, year: number) {
  const published = (bands: readonly { column: string }[]) =>
    bands.every((band) => structure.has(censusColumn('P', band.column, year)));
  if (published(AGE_BANDS)) return AGE_BANDS;
  if (published(CENSUS_SIX_AGE_BANDS)) return CENSUS_SIX_AGE_BANDS;
  return null;
}

/** The method of the age figures, stated with the bands' midpoints. */
function ageMethod(bands: typeof AGE_BANDS | null): string {
  if (bands === null) return 'Âges non calculés : tranches d’âge non publiées.';
  const midpoints = bands.map((band) => `${band.label} → ${String(band.midpoint).replace('.', ',')}`).join(' ; ');
  const straddling =
    bands === CENSUS_SIX_AGE_BANDS
      ? ' Les tranches 15-29 et 60-74 ans sont réparties uniformément sur leurs âges pour les moins de 25 ans et les 65 ans ou plus.'
      : '';
  return (
    `Âge moyen = moyenne des centres de tranche pondérée par leur population ; âge médian = centre de la tranche ` +
    `où la population cumulée atteint la moitié ; indice de vieillissement = 65 ans ou plus pour 100 moins de ` +
    `25 ans.${straddling} Centres retenus : ${midpoints}.`
  );
}

/** The zone's census population and its vintage (age bands × coverage); what other analyses read. */
export function zonePopulation(records: readonly IrisDemographicRecord[]): { total: number | null; vintage: number | null } {
  const structure = new WeightedSums(records, 'evol-struct-pop');
  const year = structure.vintageFor((vintage) => [censusColumn('P', 'POP0014', vintage)]) ?? structure.vintage;
  if (year === null) return { total: null, vintage: null };
  const bands = ageBandsOf(structure, year);
  const total = structure.has(censusColumn('P', 'POP', year))
    ? structure.sum(censusColumn('P', 'POP', year))
    : bands === null
      ? null
      : sumOf(bands.map((band) => structure.sum(censusColumn('P', band.column, year))));
  return { total, vintage: year };
}

function population(records: IrisDemographicRecord[], irisCount: number, areaKm2: number): PopulationGroup {
  const structure = new WeightedSums(records, 'evol-struct-pop');
  const activity = new WeightedSums(records, 'activite-residents');
  const { total, vintage: year } = zonePopulation(records);
  const column = (name: string) => censusColumn('P', name, year ?? 0);
  const ageBands = year === null ? null : ageBandsOf(structure, year);
  const bands = (ageBands ?? []).map((band) => structure.sum(column(band.column)));
  const activityYear = activity.vintageFor((vintage) => [censusColumn('P', 'POP1564', vintage)]);
  const working = (name: string) => activity.sum(censusColumn('P', name, activityYear ?? 0));
  const population1564 = working('POP1564') ?? structure.sum(column('POP1564'));
  const sexes = PYRAMID_BANDS.some((band) => structure.has(column(`H${band.suffix}`)));
  const categories = SOCIO_PROFESSIONAL_GROUPS_15P.map((group) => ({
    label: group.label,
    value: structure.sum(censusColumn('C', `POP15P_${group.code}`, year ?? 0)),
  }));
  return {
    ...sourceOf(structure, irisCount, year),
    total,
    population_15_64: population1564,
    density_per_km2: total !== null && areaKm2 > 0 ? total / areaKm2 : null,
    age_bands: (ageBands ?? []).map((band, index) => ({ label: band.label, value: bands[index] ?? null })),
    pyramid: sexes
      ? PYRAMID_BANDS.map((band) => ({
          label: band.label,
          men: structure.sum(column(`H${band.suffix}`)),
          women: structure.sum(column(`F${band.suffix}`)),
        }))
      : [],
    median_age: ageBands ? medianAge(bands, ageBands) : null,
    average_age: ageBands ? averageAge(bands, ageBands) : null,
    ageing_index: ageBands ? ageingIndex(bands, ageBands) : null,
    age_method: ageMethod(ageBands),
    population_15p: sumOf(categories.map((category) => category.value)),
    socio_professional_15p: categories,
    working_age_bands: [
      { label: '15-24 ans', value: working('POP1524') },
      { label: '25-54 ans', value: working('POP2554') },
      { label: '55-64 ans', value: working('POP5564') },
    ],
    working_age_source: sourceOf(activity, irisCount, activityYear),
  };
}

/** INSEE definitions: activity rate = actifs / population; employment rate = actifs occupés / population. */
function employment(records: IrisDemographicRecord[], irisCount: number): EmploymentGroup {
  const sums = new WeightedSums(records, 'activite-residents');
  const mainYear = sums.vintageFor((vintage) =>
    ['POP1564', 'ACT1564'].map((name) => censusColumn('P', name, vintage)),
  );
  const year = mainYear ?? 0;
  const p = (name: string) => sums.sum(censusColumn('P', name, year));
  const c = (name: string) => sums.sum(censusColumn('C', name, year));
  const commutingYear = sums.vintageFor((vintage) => [censusColumn('C', 'ACTOCC15P', vintage)]) ?? 0;
  const salariedYear = sums.vintageFor((vintage) => [censusColumn('P', 'SAL15P', vintage)]) ?? 0;
  const population1564 = p('POP1564');
  const ages = [
    { label: '15-24 ans', suffix: '1524' },
    { label: '25-54 ans', suffix: '2554' },
    { label: '55-64 ans', suffix: '5564' },
  ];
  const salaried = sums.sum(censusColumn('P', 'SAL15P', salariedYear));
  return {
    ...sourceOf(sums, irisCount, mainYear),
    population_15_64: population1564,
    active_15_64: p('ACT1564'),
    employed_15_64: p('ACTOCC1564'),
    unemployed_15_64: p('CHOM1564'),
    inactive_15_64: p('INACT1564'),
    students_15_64: p('ETUD1564'),
    retired_15_64: p('RETR1564'),
    other_inactive_15_64: p('AINACT1564'),
    activity_rate: ratio(p('ACT1564'), population1564),
    employment_rate: ratio(p('ACTOCC1564'), population1564),
    activity_rates_by_age: ages.map(({ label, suffix }) => ({
      label,
      activity_rate: ratio(p(`ACT${suffix}`), p(`POP${suffix}`)),
      employment_rate: ratio(p(`ACTOCC${suffix}`), p(`POP${suffix}`)),
    })),
    socio_professional: SOCIO_PROFESSIONAL_GROUPS.map((group) => ({
      label: group.label,
      value: c(`ACT1564_${group.code}`),
    })),
    commuting: COMMUTING_MODES.filter((mode) =>
      sums.has(censusColumn('C', `ACTOCC15P_${mode.suffix}`, commutingYear)),
    ).map((mode) => ({ label: mode.label, value: sums.sum(censusColumn('C', `ACTOCC15P_${mode.suffix}`, commutingYear)) })),
    commuting_vintage_label: labelOf(sums, commutingYear || null),
    salaried_15p: salaried,
    non_salaried_15p: sums.sum(censusColumn('P', 'NSAL15P', salariedYear)),
  };
}

/**
 * Census unemployment (chômeurs au sens du recensement / actifs 15–64) and France Travail job
 * seekers. Job seekers are published per commune: each commune's count is apportioned to the zone by
 * the share of its population 15–64 living in the zone's part of it (Σ coverage × P_POP1564 of its IRIS
 * in the zone / P_POP1564 of the commune).
 */
function unemployment(
  answer: DemographicsAnswer,
  records: IrisDemographicRecord[],
  irisCount: number,
): UnemploymentGroup {
  const sums = new WeightedSums(records, 'activite-residents');
  const mainYear = sums.vintageFor((vintage) =>
    ['ACT1564', 'CHOM1564', 'POP1564'].map((name) => censusColumn('P', name, vintage)),
  );
  const year = mainYear ?? 0;
  const p = (name: string) => sums.sum(censusColumn('P', name, year));
  const populationColumn = censusColumn('P', 'POP1564', year);
  const categories = ['A', 'B', 'C', 'ABC', 'D', 'E'];
  const totals = new Map<string, number>();
  let period = null as string | null;
  for (const commune of answer.metadata.job_seekers) {
    period = period === null || commune.period > period ? commune.period : period;
    const inZone = records
      .filter((record) => record.commune_code === commune.commune_code)
      .reduce(
        (sum, record) =>
          sum + (record.groups['activite-residents']?.values[populationColumn] ?? 0) * record.coverage_ratio,
        0,
      );
    const share =
      commune.population_1564 && commune.population_1564 > 0 ? Math.min(1, inZone / commune.population_1564) : 1;
    for (const category of categories) {
      const count = commune.counts[category];
      if (count === null || count === undefined) continue;
      totals.set(category, (totals.get(category) ?? 0) + count * share);
    }
  }
  return {
    ...sourceOf(sums, irisCount, mainYear),
    unemployed_15_64: p('CHOM1564'),
    active_15_64: p('ACT1564'),
    unemployment_rate: ratio(p('CHOM1564'), p('ACT1564')),
    rates_by_age: [
      { label: '15-24 ans', value: ratio(p('CHOM1524'), p('ACT1524')) },
      { label: '25-54 ans', value: ratio(p('CHOM2554'), p('ACT2554')) },
      { label: '55-64 ans', value: ratio(p('CHOM5564'), p('ACT5564')) },
    ],
    job_seekers: {
      available: totals.size > 0,
      period,
      year: JOB_SEEKERS_YEAR,
      categories: categories
        .filter((category) => totals.has(category))
        .map((category) => ({ label: `Catégorie ${category}`, value: totals.get(category) ?? null })),
    },
  };
}

function education(records: IrisDemographicRecord[], irisCount: number): EducationGroup {
  const sums = new WeightedSums(records, 'diplomes-formation');
  const mainYear = sums.vintageFor((vintage) => [censusColumn('P', 'NSCOL15P', vintage)]);
  const year = mainYear ?? 0;
  const p = (name: string) => sums.sum(censusColumn('P', name, year));
  const outOfSchool = p('NSCOL15P');
  const diplomas = DIPLOMA_LEVELS.filter((level) => sums.has(censusColumn('P', level.column, year))).map((level) => ({
    label: level.label,
    value: p(level.column),
  }));
  const higher = sumOf(
    DIPLOMA_LEVELS.filter((level) => level.column.includes('SUP')).map((level) =>
      sums.has(censusColumn('P', level.column, year)) ? p(level.column) : null,
    ),
  );
  return {
    ...sourceOf(sums, irisCount, mainYear),
    out_of_school_15p: outOfSchool,
    diplomas,
    higher_education_share: ratio(higher, outOfSchool),
    no_diploma_share: ratio(p('NSCOL15P_DIPLMIN'), outOfSchool),
    schooling_rates: SCHOOLING_BANDS.map((band) => ({
      label: band.label,
      value: ratio(p(`SCOL${band.suffix}`), p(`POP${band.suffix}`)),
    })),
  };
}

/**
 * Filosofi figures are distribution statistics (medians, deciles, rates), which cannot be summed:
 * the zone figure is a mean weighting each IRIS by coverage × tax households. The IRIS bases of Filosofi do not publish
 * the number of tax households, so the weight falls back, in order, to the census households
 * (couples-familles-menages C_MEN) and then the population 15–64 (activité des résidents), always
 * × coverage. The result approximates the zone's median (a mean of medians is not a median).
 */
function revenue(records: IrisDemographicRecord[], irisCount: number, published?: CommuneIncome | null): RevenueGroup {
  const estimate = irisRevenue(records, irisCount);
  if (!published || published.median === null) return estimate;
  const deciles = [...estimate.deciles];
  deciles[0] = published.first_decile ?? deciles[0] ?? null;
  deciles[8] = published.ninth_decile ?? deciles[8] ?? null;
  const vintageLabel = `Filosofi ${published.vintage} (commune)`;
  return {
    ...estimate,
    available: true,
    vintage: published.vintage,
    vintage_label: vintageLabel,
    median: published.median,
    poverty_rate: published.poverty_rate ?? estimate.poverty_rate,
    poverty_vintage_label: published.poverty_rate === null ? estimate.poverty_vintage_label : vintageLabel,
    deciles,
    interdecile_ratio: ratio(deciles[8] ?? null, deciles[0] ?? null),
    method: 'commune',
    method_label:
      `Médiane publiée par l’INSEE pour ${published.commune_name} (Filosofi ${published.vintage}, ` +
      `fichier communal, revenu disponible par UC).`,
  };
}

function irisRevenue(records: IrisDemographicRecord[], irisCount: number): RevenueGroup {
  const kind: 'DISP' | 'DEC' = new WeightedSums(records, 'filosofi-disp').available ? 'DISP' : 'DEC';
  const sums = new WeightedSums(records, kind === 'DISP' ? 'filosofi-disp' : 'filosofi-dec');
  const at = (names: readonly string[]) =>
    sums.vintageFor((vintage) => names.map((name) => filosofiColumn(kind, name, vintage)));
  const medianYear = at(['MED']);
  const decileNames = [1, 2, 3, 4, 6, 7, 8, 9].map((decile) => `D${decile}`);
  const decilesYear = at(decileNames);
  const quartilesYear = at(['Q1', 'MED', 'Q3']);
  const povertyYear = at(['TP60']);
  const giniYear = at(['GI']);
  const households = (record: IrisDemographicRecord) => {
    const figures = record.groups['couples-familles-menages'];
    return figures ? (figures.values[censusColumn('C', 'MEN', figures.vintage)] ?? null) : null;
  };
  const population = (record: IrisDemographicRecord) => {
    const figures = record.groups['activite-residents'];
    return figures ? (figures.values[censusColumn('P', 'POP1564', figures.vintage)] ?? null) : null;
  };
  const taxHouseholds = (record: IrisDemographicRecord) =>
    record.groups[sums.base]?.values[filosofiColumn(kind, 'NBMEN', medianYear ?? 0)] ?? null;
  const weighting: RevenueGroup['weighting'] = sums.records.every((record) => taxHouseholds(record) !== null)
    ? 'tax_households'
    : sums.records.every((record) => households(record) !== null)
      ? 'households'
      : sums.records.every((record) => population(record) !== null)
        ? 'population_15_64'
        : 'coverage';
  const weightOf = (record: IrisDemographicRecord) => {
    const base =
      weighting === 'tax_households'
        ? taxHouseholds(record)
        : weighting === 'households'
          ? households(record)
          : weighting === 'population_15_64'
            ? population(record)
            : 1;
    return (base ?? 0) * record.coverage_ratio;
  };
  const mean = (name: string, year: number | null) =>
    year === null ? null : sums.mean(filosofiColumn(kind, name, year), weightOf);
  const median = mean('MED', medianYear);
  const q1 = mean('Q1', at(['Q1']));
  const q3 = mean('Q3', at(['Q3']));
  // The distribution (deciles, D9/D1) comes whole from one vintage: published deciles, else quartiles.
  const approximated = decilesYear === null;
  const distributionYear = approximated ? quartilesYear : decilesYear;
  const published = decileNames.map((name) => mean(name, decilesYear));
  const deciles = approximated
    ? approximateDeciles({ q1: mean('Q1', quartilesYear), median: mean('MED', quartilesYear), q3: mean('Q3', quartilesYear) })
    : [...published.slice(0, 4), mean('MED', decilesYear), ...published.slice(4)];
  return {
    ...sourceOf(sums, irisCount, medianYear ?? sums.vintage),
    median,
    q1,
    q3,
    deciles,
    deciles_approximated: approximated,
    poverty_rate: mean('TP60', povertyYear),
    gini: mean('GI', giniYear),
    interdecile_ratio: ratio(deciles[8] ?? null, deciles[0] ?? null),
    distribution_vintage_label: labelOf(sums, distributionYear),
    poverty_vintage_label: labelOf(sums, povertyYear),
    weighting,
    method: 'iris-estimate',
    method_label:
      `Estimation : moyenne des médianes des IRIS de la zone pondérée par ${WEIGHTING_LABELS[weighting]} ` +
      `× la part couverte (ce n’est pas une médiane publiée).`,
  };
}

function housing(records: IrisDemographicRecord[], irisCount: number): HousingGroup {
  const sums = new WeightedSums(records, 'logement');
  const figure = (names: readonly string[]) => {
    const year = sums.vintageFor((vintage) => names.map((name) => censusColumn('P', name, vintage)));
    return (name: string) => (year === null ? null : sums.sum(censusColumn('P', name, year)));
  };
  const stock = figure(['LOG']);
  const types = figure(['MAISON', 'APPART']);
  const tenure = figure(['RP', 'RP_PROP']);
  // Main residences by kind and HLM renters: one vintage for the counts and their denominator.
  const mainYear = sums.vintageFor((vintage) =>
    ['RPMAISON', 'RPAPPART', 'RP_LOCHLMV'].map((name) => censusColumn('P', name, vintage)),
  );
  const main = (name: string) => (mainYear === null ? null : sums.sum(censusColumn('P', name, mainYear)));
  const houses = main('RPMAISON');
  const flats = main('RPAPPART');
  const publishedTotal = mainYear !== null && sums.has(censusColumn('P', 'RP', mainYear)) ? main('RP') : null;
  const denominator = publishedTotal ?? sumOf([houses, flats]);
  const shareBase = mainYear === null ? null : publishedTotal !== null ? 'main_residences' : 'houses_and_flats';
  return {
    ...sourceOf(sums, irisCount, mainYear ?? sums.vintage),
    dwellings: stock('LOG'),
    main_residences: publishedTotal ?? tenure('RP'),
    secondary_residences: stock('RSECOCC'),
    vacant: stock('LOGVAC'),
    houses: types('MAISON'),
    flats: types('APPART'),
    main_residence_houses: houses,
    main_residence_flats: flats,
    owners: tenure('RP_PROP'),
    tenants: tenure('RP_LOC'),
    social_tenants: main('RP_LOCHLMV'),
    share_base: shareBase,
    share_denominator: denominator,
    house_share: ratio(houses, denominator),
    flat_share: ratio(flats, denominator),
    social_tenant_share: ratio(main('RP_LOCHLMV'), denominator),
  };
}

/** Persons of households by household type (C_PMEN_*); alone = men + women living alone. */
const PERSON_TYPES = [
  { label: 'Personnes vivant seules', columns: ['PMEN_MENPSEUL'], split: ['PMEN_MENHSEUL', 'PMEN_MENFSEUL'] },
  { label: 'En couple sans enfant', columns: ['PMEN_MENCOUPSENF'] },
  { label: 'En couple avec enfant(s)', columns: ['PMEN_MENCOUPAENF'] },
  { label: 'En famille monoparentale', columns: ['PMEN_MENFAMMONO'] },
  { label: 'Autres ménages sans famille', columns: ['PMEN_MENSFAM'] },
] as const;

function households(records: IrisDemographicRecord[], irisCount: number): HouseholdsGroup {
  const sums = new WeightedSums(records, 'couples-familles-menages');
  // Household counts (C_MEN…) and persons (C_PMEN…) are separate figures, each of one vintage.
  const countsYear = sums.vintageFor((vintage) => [censusColumn('C', 'MEN', vintage)]);
  const c = (name: string) => (countsYear === null ? null : sums.sum(censusColumn('C', name, countsYear)));
  const personsYear = sums.vintageFor((vintage) =>
    ['PMEN_MENCOUPSENF', 'PMEN_MENCOUPAENF', 'PMEN_MENFAMMONO'].map((name) => censusColumn('C', name, vintage)),
  );
  const persons = (name: string) => (personsYear === null ? null : sums.sum(censusColumn('C', name, personsYear)));
  const has = (name: string) => personsYear !== null && sums.has(censusColumn('C', name, personsYear));
  const counts = PERSON_TYPES.map((type) => ({
    label: type.label,
    persons: has(type.columns[0])
      ? persons(type.columns[0])
      : 'split' in type && type.split.every(has)
        ? sumOf(type.split.map(persons))
        : null,
  }));
  const total = has('PMEN') ? persons('PMEN') : sumOf(counts.map((count) => count.persons));
  const alone = counts[0]?.persons ?? null;
  const total_households = c('MEN');
  return {
    ...sourceOf(sums, irisCount, personsYear ?? countsYear),
    households: total_households,
    // One-person households: their persons are the households.
    single_person: c('MENPSEUL') ?? alone,
    couples_without_children: c('MENCOUPSENF'),
    couples_with_children: c('MENCOUPAENF'),
    single_parent: c('MENFAMMONO'),
    average_size: countsYear === null ? null : ratio(sums.sum(censusColumn('P', 'PMEN', countsYear)), total_households),
    persons: total,
    persons_by_type: counts.map((count) => ({ ...count, share: ratio(count.persons, total) })),
  };
}

function withoutPopulation(
  records: readonly IrisDemographicRecord[],
  loaded: boolean,
): AnalysisMetadata['iris_without_population'] {
  const missing = loaded ? records.filter((record) => record.groups['evol-struct-pop'] === undefined) : [];
  const byType = new Map<string, number>();
  for (const record of missing) byType.set(record.iris_type ?? '?', (byType.get(record.iris_type ?? '?') ?? 0) + 1);
  return {
    count: missing.length,
    by_type: [...byType].sort(([a], [b]) => a.localeCompare(b)).map(([type, count]) => ({ type, count })),
  };
}

/**
 * The zone's demographics from the analyze answer — IRIS below 5 % coverage or without
 * any figure are left out, counts are coverage-weighted sums, rates are ratios of the summed counts
 * (INSEE's way of computing a rate over several IRIS), distribution statistics weighted means.
 */
export function aggregateDemographics(
  answer: DemographicsAnswer,
  now: () => number = () => performance.now(),
): AggregatedDemographics {
  const started = now();
  const records = answer.iris_zones.filter(
    (record) => record.coverage_ratio >= MINIMUM_COVERAGE && Object.keys(record.groups).length > 0,
  );
  const irisCount = records.length;
  const areaKm2 = answer.metadata.total_area_km2;
  const groups = {
    population: population(records, irisCount, areaKm2),
    housing: housing(records, irisCount),
    employment: employment(records, irisCount),
    revenue: revenue(records, irisCount, answer.metadata.commune_income),
    education: education(records, irisCount),
    unemployment: unemployment(answer, records, irisCount),
    households: households(records, irisCount),
  };
  const sources = [...Object.values(groups), groups.population.working_age_source];
  const loaded = new Map(sources.filter((group) => group.available).map((group) => [group.base, group]));
  const confidences = [...loaded.values()].map((group) => group.confidence);
  const averageConfidence =
    confidences.length > 0 ? round2(confidences.reduce((sum, value) => sum + value, 0) / confidences.length) : 0;
  const vintages = [...loaded.values()].flatMap((group) => (group.vintage === null ? [] : [group.vintage]));
  return {
    ...groups,
    analysis_metadata: {
      iris_zones_count: irisCount,
      total_coverage_area_km2: records.reduce((sum, record) => sum + record.area_km2 * record.coverage_ratio, 0),
      zone_area_km2: areaKm2,
      average_confidence_score: averageConfidence,
      analysis_type: answer.metadata.selection === 'administrative' ? 'administrative' : 'iris_weighted',
      data_sources: [...loaded.values()].map((group) => `${group.base_label} — ${group.vintage_label ?? ''}`),
      data_year: vintages.length > 0 ? Math.max(...vintages) : null,
      coverage_quality: coverageQuality(averageConfidence, irisCount),
      aggregation_time_ms: Math.round((now() - started) * 100) / 100,
      source: answer.metadata.source,
      missing_bases: answer.metadata.missing_bases.map((base) => ({ base, label: INSEE_IRIS_BASE_LABELS[base] })),
      iris_without_population: withoutPopulation(records, groups.population.available),
    },
    iris_zones: records.map(({ groups, ...identity }) => ({
      ...identity,
      bases: Object.keys(groups) as InseeIrisBase[],
    })),
  };
}
