import { INSEE_IRIS_BASE_LABELS, type InseeIrisBase } from './inseeIrisBases';
import { ageingIndex, averageAge, medianAge } from './ageStatistics';
import type { DemographicsAnswer, IrisDemographicRecord } from './demographicsRecord';
import {
  AGE_BANDS,
  COMMUTING_MODES,
  DIPLOMA_LEVELS,
  PYRAMID_BANDS,
  SCHOOLING_BANDS,
  SOCIO_PROFESSIONAL_GROUPS,
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
  total: number | null;
  population_15_64: number | null;
  density_per_km2: number | null;
  age_bands: LabelledCount[];
  pyramid: { label: string; men: number | null; women: number | null }[];
  median_age: number | null;
  average_age: number | null;
  ageing_index: number | null;
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
  /** What weighted the IRIS medians: tax households, households or population 15–64 (× coverage). */
  weighting: 'tax_households' | 'households' | 'population_15_64' | 'coverage';
}

export interface HousingGroup extends GroupSource {
  dwellings: number | null;
  main_residences: number | null;
  secondary_residences: number | null;
  vacant: number | null;
  houses: number | null;
  flats: number | null;
  owners: number | null;
  tenants: number | null;
  social_tenants: number | null;
}

export interface HouseholdsGroup extends GroupSource {
  households: number | null;
  single_person: number | null;
  couples_without_children: number | null;
  couples_with_children: number | null;
  single_parent: number | null;
  average_size: number | null;
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

function sourceOf(sums: WeightedSums, irisCount: number): GroupSource {
  return {
    available: sums.available,
    base: sums.base,
    base_label: INSEE_IRIS_BASE_LABELS[sums.base],
    vintage: sums.vintage,
    vintage_label: sums.vintage === null ? null : vintageLabel(sums.base, sums.vintage),
    iris_with_data: sums.records.length,
    confidence: irisCount > 0 ? round2((sums.records.length / irisCount) * 100) : 0,
  };
}

/** Coverage quality: complete (≥ 80 and ≥ 3 IRIS), partial (≥ 50 and ≥ 2), else low. */
export function coverageQuality(averageConfidence: number, irisCount: number): 'complete' | 'partial' | 'low' {
  if (averageConfidence >= 80 && irisCount >= 3) return 'complete';
  if (averageConfidence >= 50 && irisCount >= 2) return 'partial';
  return 'low';
}

function population(records: IrisDemographicRecord[], irisCount: number, areaKm2: number): PopulationGroup {
  const structure = new WeightedSums(records, 'evol-struct-pop');
  const activity = new WeightedSums(records, 'activite-residents');
  const year = structure.vintage ?? 0;
  const column = (name: string) => censusColumn('P', name, year);
  const bands = AGE_BANDS.map((band) => structure.sum(column(band.column)));
  const total = structure.sum(column('POP'));
  const activityYear = activity.vintage ?? 0;
  const working = (name: string) => activity.sum(censusColumn('P', name, activityYear));
  const population1564 = working('POP1564') ?? structure.sum(column('POP1564'));
  return {
    ...sourceOf(structure, irisCount),
    total,
    population_15_64: population1564,
    density_per_km2: total !== null && areaKm2 > 0 ? total / areaKm2 : null,
    age_bands: AGE_BANDS.map((band, index) => ({ label: band.label, value: bands[index] ?? null })),
    pyramid: PYRAMID_BANDS.map((band) => ({
      label: band.label,
      men: structure.sum(column(`H${band.suffix}`)),
      women: structure.sum(column(`F${band.suffix}`)),
    })),
    median_age: medianAge(bands),
    average_age: averageAge(bands),
    ageing_index: ageingIndex(bands),
    working_age_bands: [
      { label: '15-24 ans', value: working('POP1524') },
      { label: '25-54 ans', value: working('POP2554') },
      { label: '55-64 ans', value: working('POP5564') },
    ],
    working_age_source: sourceOf(activity, irisCount),
  };
}

/** INSEE definitions: activity rate = actifs / population; employment rate = actifs occupés / population. */
function employment(records: IrisDemographicRecord[], irisCount: number): EmploymentGroup {
  const sums = new WeightedSums(records, 'activite-residents');
  const year = sums.vintage ?? 0;
  const p = (name: string) => sums.sum(censusColumn('P', name, year));
  const c = (name: string) => sums.sum(censusColumn('C', name, year));
  const population1564 = p('POP1564');
  const ages = [
    { label: '15-24 ans', suffix: '1524' },
    { label: '25-54 ans', suffix: '2554' },
    { label: '55-64 ans', suffix: '5564' },
  ];
  const salaried = p('SAL15P');
  return {
    ...sourceOf(sums, irisCount),
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
    commuting: COMMUTING_MODES.filter((mode) => sums.has(censusColumn('C', `ACTOCC15P_${mode.suffix}`, year))).map(
      (mode) => ({ label: mode.label, value: c(`ACTOCC15P_${mode.suffix}`) }),
    ),
    salaried_15p: salaried,
    non_salaried_15p: p('NSAL15P'),
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
  const year = sums.vintage ?? 0;
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
    ...sourceOf(sums, irisCount),
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
  const year = sums.vintage ?? 0;
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
    ...sourceOf(sums, irisCount),
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
function revenue(records: IrisDemographicRecord[], irisCount: number): RevenueGroup {
  const kind: 'DISP' | 'DEC' = new WeightedSums(records, 'filosofi-disp').available ? 'DISP' : 'DEC';
  const sums = new WeightedSums(records, kind === 'DISP' ? 'filosofi-disp' : 'filosofi-dec');
  const year = sums.vintage ?? 0;
  const column = (name: string) => filosofiColumn(kind, name, year);
  const households = (record: IrisDemographicRecord) => {
    const figures = record.groups['couples-familles-menages'];
    return figures ? (figures.values[censusColumn('C', 'MEN', figures.vintage)] ?? null) : null;
  };
  const population = (record: IrisDemographicRecord) => {
    const figures = record.groups['activite-residents'];
    return figures ? (figures.values[censusColumn('P', 'POP1564', figures.vintage)] ?? null) : null;
  };
  const taxHouseholds = (record: IrisDemographicRecord) => record.groups[sums.base]?.values[column('NBMEN')] ?? null;
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
  const mean = (name: string) => sums.mean(column(name), weightOf);
  const published = [1, 2, 3, 4, 6, 7, 8, 9].map((decile) => mean(`D${decile}`));
  const median = mean('MED');
  const q1 = mean('Q1');
  const q3 = mean('Q3');
  const approximated = published.some((value) => value === null);
  const deciles = approximated
    ? approximateDeciles({ q1, median, q3 })
    : [...published.slice(0, 4), median, ...published.slice(4)];
  return {
    ...sourceOf(sums, irisCount),
    median,
    q1,
    q3,
    deciles,
    deciles_approximated: approximated,
    poverty_rate: mean('TP60'),
    gini: mean('GI'),
    interdecile_ratio: ratio(deciles[8] ?? null, deciles[0] ?? null),
    weighting,
  };
}

function housing(records: IrisDemographicRecord[], irisCount: number): HousingGroup {
  const sums = new WeightedSums(records, 'logement');
  const year = sums.vintage ?? 0;
  const p = (name: string) => sums.sum(censusColumn('P', name, year));
  return {
    ...sourceOf(sums, irisCount),
    dwellings: p('LOG'),
    main_residences: p('RP'),
    secondary_residences: p('RSECOCC'),
    vacant: p('LOGVAC'),
    houses: p('MAISON'),
    flats: p('APPART'),
    owners: p('RP_PROP'),
    tenants: p('RP_LOC'),
    social_tenants: p('RP_LOCHLMV'),
  };
}

function households(records: IrisDemographicRecord[], irisCount: number): HouseholdsGroup {
  const sums = new WeightedSums(records, 'couples-familles-menages');
  const year = sums.vintage ?? 0;
  const c = (name: string) => sums.sum(censusColumn('C', name, year));
  const p = (name: string) => sums.sum(censusColumn('P', name, year));
  const total = c('MEN');
  return {
    ...sourceOf(sums, irisCount),
    households: total,
    single_person: c('MENPSEUL'),
    couples_without_children: c('MENCOUPSENF'),
    couples_with_children: c('MENCOUPAENF'),
    single_parent: c('MENFAMMONO'),
    average_size: ratio(p('PMEN'), total),
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
    revenue: revenue(records, irisCount),
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
    },
    iris_zones: records.map(({ groups, ...identity }) => ({
      ...identity,
      bases: Object.keys(groups) as InseeIrisBase[],
    })),
  };
}
