import type { Queryable } from '../db/Database';
import type { RealEstateFilters } from '../../kernel/real-estate/realEstateTypes';
import type { MarketSnapshot } from '../../kernel/real-estate/realEstateSchemas';
import {
  guarded,
  HOUSING_SALE,
  LOT_COLUMNS,
  type LotRow,
  Parameters,
  priceQuartile,
  SALE,
  whereClause,
  type ZoneReference,
} from './realEstateRepository';

/** Sale natures that transfer a property for a price (an exchange or an expropriation does not count). */
const DWELLING_SALE = `m.nature_mutation IN ('Vente', 'Vente en l''état futur d''achèvement', 'Adjudication')
  AND m.type_local IN ('Appartement', 'Maison')`;

/** The columns of the zone's mutations that the figures read (the statement keeps only these). */
const ZONE_MUTATION_COLUMNS = `m.vintage, m.id_mutation, m.date_mutation, m.nature_mutation, m.valeur_fonciere,
  m.type_local, m.single_type_local, m.price_per_m2, m.dependency_count, m.code_departement, m.row_count`;

export interface ZoneSummaryRow {
  total: number;
  sales: number;
  avg_price: number | null;
  median_price: number | null;
  price_per_m2_count: number;
  avg_price_per_m2: number | null;
  median_price_per_m2: number | null;
  q1_price_per_m2: number | null;
  q3_price_per_m2: number | null;
  /** Sales (Vente, VEFA, adjudication) including at least one dwelling. */
  dwelling_sales: number;
}

export interface PricePerM2Row {
  count: number;
  q1: number | null;
  median: number | null;
  q3: number | null;
  first_date: string | null;
  last_date: string | null;
}

export interface BreakdownRow {
  key: string;
  count: number;
  avg_price: number | null;
  avg_price_per_m2: number | null;
}

export interface TemporalRow {
  period: string;
  count: number;
  avg_price: number | null;
  median_price_per_m2: number | null;
}

/** One row of the market snapshot's grouping sets: (type, quarter), (type) and the whole zone (both null). */
export interface SnapshotRow {
  type_local: string | null;
  quarter: string | null;
  count: number;
  q1: number | null;
  median: number | null;
  q3: number | null;
  departement_code: string | null;
}

/** Which optional parts of the zone's figures to compute. */
export interface ZoneFiguresWanted {
  temporal: 'month' | 'quarter' | 'year' | undefined;
  snapshot: boolean;
  /** About this many lots of the most recent whole mutations; 0: none. */
  sampleSize: number;
}

export interface ZoneFigures {
  summary: ZoneSummaryRow;
  apartments: { without_dependencies: PricePerM2Row; with_dependencies: PricePerM2Row };
  mix: { type_local: string; count: number }[];
  types: BreakdownRow[];
  natures: BreakdownRow[];
  temporal: TemporalRow[];
  snapshot: SnapshotRow[] | null;
  lots: LotRow[];
}

const ZONE = 'zone_mutations m';
const sales = `count(*) FILTER (WHERE ${SALE} AND m.valeur_fonciere > 0)`;
const single = `count(*) FILTER (WHERE ${SALE} AND m.price_per_m2 IS NOT NULL)`;
const QUARTER = `to_char(m.date_mutation, 'YYYY') || '-T' || to_char(m.date_mutation, 'Q')`;

/** Counts and price figures of the zone's mutations (sales = nature 'Vente' with a price). */
const SUMMARY = `SELECT count(*)::int AS total, ${sales}::int AS sales,
   ${guarded(`avg(m.valeur_fonciere) FILTER (WHERE ${SALE} AND m.valeur_fonciere > 0)`, sales)} AS avg_price,
   ${guarded(`percentile_cont(0.5) WITHIN GROUP (ORDER BY m.valeur_fonciere) FILTER (WHERE ${SALE} AND m.valeur_fonciere > 0)`, sales)} AS median_price,
   ${single}::int AS price_per_m2_count,
   ${guarded(`avg(m.price_per_m2) FILTER (WHERE ${SALE})`, single)} AS avg_price_per_m2,
   ${guarded(`percentile_cont(0.5) WITHIN GROUP (ORDER BY m.price_per_m2) FILTER (WHERE ${SALE})`, single)} AS median_price_per_m2,
   ${guarded(`percentile_cont(0.25) WITHIN GROUP (ORDER BY m.price_per_m2) FILTER (WHERE ${SALE})`, single)} AS q1_price_per_m2,
   ${guarded(`percentile_cont(0.75) WITHIN GROUP (ORDER BY m.price_per_m2) FILTER (WHERE ${SALE})`, single)} AS q3_price_per_m2,
   count(*) FILTER (WHERE ${DWELLING_SALE})::int AS dwelling_sales
 FROM ${ZONE}`;

/**
 * €/m² of the sales (nature 'Vente') of exactly one apartment, with or without dependencies: DVF adds a
 * cave's or parking's price to the sale but gives it no surface, so the sales with one overstate the €/m².
 */
const APARTMENTS = `SELECT m.dependency_count > 0 AS with_dependencies, count(*)::int AS count,
   ${priceQuartile(0.25)} AS q1, ${priceQuartile(0.5)} AS median, ${priceQuartile(0.75)} AS q3,
   to_char(min(m.date_mutation), 'YYYY-MM-DD') AS first_date, to_char(max(m.date_mutation), 'YYYY-MM-DD') AS last_date
 FROM ${ZONE} WHERE ${SALE} AND m.single_type_local = 'Appartement' AND m.price_per_m2 IS NOT NULL
 GROUP BY 1`;

/** How many single-property sales of each type the zone's €/m² mixes. */
const MIX = `SELECT m.single_type_local AS type_local, count(*)::int AS count
 FROM ${ZONE} WHERE ${SALE} AND m.price_per_m2 IS NOT NULL GROUP BY 1`;

/** Mutations of the zone grouped by type (`type_local`) or by nature (`nature_mutation`). */
const breakdown = (column: 'type_local' | 'nature_mutation') => {
  const priced = `count(*) FILTER (WHERE m.valeur_fonciere > 0)`;
  return `SELECT m.${column} AS key, count(*)::int AS count,
   ${guarded(`avg(m.valeur_fonciere) FILTER (WHERE m.valeur_fonciere > 0)`, priced)} AS avg_price,
   ${guarded(`avg(m.price_per_m2) FILTER (WHERE ${SALE})`, single)} AS avg_price_per_m2
 FROM ${ZONE} GROUP BY m.${column}`;
};

const temporal = (granularity: 'month' | 'quarter' | 'year') => {
  const period = {
    month: `to_char(m.date_mutation, 'YYYY-MM')`,
    quarter: QUARTER,
    year: `to_char(m.date_mutation, 'YYYY')`,
  }[granularity];
  return `SELECT ${period} AS period, count(*)::int AS count,
   ${guarded(`avg(m.valeur_fonciere) FILTER (WHERE ${SALE} AND m.valeur_fonciere > 0)`, sales)} AS avg_price,
   ${guarded(`percentile_cont(0.5) WITHIN GROUP (ORDER BY m.price_per_m2) FILTER (WHERE ${SALE})`, single)} AS median_price_per_m2
 FROM ${ZONE} GROUP BY 1`;
};

/** Quartiles of €/m² of single Appartement / Maison sales by type and quarter, by type, and for the zone. */
const SNAPSHOT = `SELECT m.single_type_local AS type_local, ${QUARTER} AS quarter, count(*)::int AS count,
   ${priceQuartile(0.25)} AS q1, ${priceQuartile(0.5)} AS median, ${priceQuartile(0.75)} AS q3,
   mode() WITHIN GROUP (ORDER BY m.code_departement) AS departement_code
 FROM ${ZONE} WHERE ${HOUSING_SALE}
 GROUP BY GROUPING SETS ((m.single_type_local, ${QUARTER}), (m.single_type_local), ())`;

/** The lots (DVF rows) of the most recent whole mutations, about `cap` rows (`$n` placeholder). */
const lots = (cap: string) => `SELECT ${LOT_COLUMNS} FROM (
   SELECT m.*, sum(m.row_count) OVER (ORDER BY m.date_mutation DESC, m.id_mutation DESC) AS running FROM ${ZONE}
 ) m JOIN dvf_rows r ON r.vintage = m.vintage AND r.id_mutation = m.id_mutation
 WHERE m.running - m.row_count < ${cap}`;

/** A JSON array of a query's rows in the given order (`'[]'` when it has none). */
const jsonRows = (query: string, order: string) =>
  `(SELECT coalesce(json_agg(f ORDER BY ${order}), '[]'::json) FROM (${query}) f)`;

/**
 * Every figure of a zone's statistics in one statement: the zone's mutations are found once (one
 * index scan and one point-in-polygon test each, kept in a materialised CTE) and every figure —
 * summary, apartment €/m², mix, breakdowns, series, market snapshot, sample lots — is read from them.
 * Nine statements each repeating the spatial search cost about three times as much database time.
 */
export async function selectZoneFigures(
  database: Queryable,
  zone: ZoneReference,
  filters: RealEstateFilters,
  wanted: ZoneFiguresWanted,
): Promise<ZoneFigures> {
  const parameters = new Parameters();
  const where = whereClause(zone, filters, parameters);
  const columns = [
    `(SELECT row_to_json(f) FROM (${SUMMARY}) f) AS summary`,
    `${jsonRows(APARTMENTS, 'f.with_dependencies')} AS apartments`,
    `${jsonRows(MIX, 'f.count DESC, f.type_local')} AS mix`,
    `${jsonRows(breakdown('type_local'), 'f.count DESC, f.key')} AS types`,
    `${jsonRows(breakdown('nature_mutation'), 'f.count DESC, f.key')} AS natures`,
  ];
  if (wanted.temporal) columns.push(`${jsonRows(temporal(wanted.temporal), 'f.period')} AS temporal`);
  if (wanted.snapshot) columns.push(`${jsonRows(SNAPSHOT, 'f.type_local, f.quarter')} AS snapshot`);
  if (wanted.sampleSize > 0) {
    const order = 'f.date_mutation DESC, f.id_mutation DESC, f.id';
    columns.push(`${jsonRows(lots(parameters.add(wanted.sampleSize)), order)} AS lots`);
  }
  const { rows } = await database.query<{
    summary: ZoneSummaryRow;
    apartments: (PricePerM2Row & { with_dependencies: boolean })[];
    mix: ZoneFigures['mix'];
    types: BreakdownRow[];
    natures: BreakdownRow[];
    temporal?: TemporalRow[];
    snapshot?: SnapshotRow[];
    lots?: LotRow[];
  }>(
    `WITH zone_mutations AS MATERIALIZED (SELECT ${ZONE_MUTATION_COLUMNS} FROM dvf_mutations m WHERE ${where})
     SELECT ${columns.join(',\n')}`,
    parameters.values,
  );
  const row = rows[0];
  if (!row) throw new Error('selectZoneFigures: aucune ligne');
  const empty: PricePerM2Row = { count: 0, q1: null, median: null, q3: null, first_date: null, last_date: null };
  const pick = (withDependencies: boolean): PricePerM2Row => {
    const found = row.apartments.find((candidate) => candidate.with_dependencies === withDependencies);
    if (!found) return empty;
    const { with_dependencies: _ignored, ...figures } = found;
    return figures;
  };
  return {
    summary: row.summary,
    apartments: { without_dependencies: pick(false), with_dependencies: pick(true) },
    mix: row.mix,
    types: row.types,
    natures: row.natures,
    temporal: row.temporal ?? [],
    snapshot: row.snapshot ?? null,
    lots: row.lots ?? [],
  };
}

/** Counts and price figures of the zone's mutations alone (the search's optional statistics). */
export async function selectZoneSummary(
  database: Queryable,
  zone: ZoneReference,
  filters: RealEstateFilters,
): Promise<Omit<ZoneSummaryRow, 'dwelling_sales'>> {
  const parameters = new Parameters();
  const where = whereClause(zone, filters, parameters);
  const { rows } = await database.query<ZoneSummaryRow>(
    `WITH zone_mutations AS (SELECT ${ZONE_MUTATION_COLUMNS} FROM dvf_mutations m WHERE ${where}) ${SUMMARY}`,
    parameters.values,
  );
  const { dwelling_sales: _ignored, ...summary } = rows[0] as ZoneSummaryRow;
  return summary;
}

/**
 * The market snapshot from its grouping-set rows, compared with the median of the département most of
 * its sales are in (`departementMedianOf`; the zone's own median when the zone is that département).
 */
export async function marketSnapshotOf(
  rows: readonly SnapshotRow[],
  zone: ZoneReference,
  departementMedianOf: (code: string) => Promise<number | null>,
): Promise<MarketSnapshot> {
  const total = rows.find((row) => row.type_local === null && row.quarter === null);
  const departementCode = total?.departement_code ?? null;
  let departementMedian: number | null = null;
  if (departementCode && zone.kind === 'departement' && zone.code === departementCode) {
    departementMedian = total?.median ?? null;
  } else if (departementCode) {
    departementMedian = await departementMedianOf(departementCode);
  }
  return {
    by_type_quarter: rows
      .filter((row) => row.type_local !== null && row.quarter !== null)
      .map(({ type_local, quarter: period, count, q1, median, q3 }) => ({
        type_local: type_local as string,
        quarter: period as string,
        count,
        q1,
        median,
        q3,
      })),
    by_type: rows
      .filter((row) => row.type_local !== null && row.quarter === null)
      .map(({ type_local, count, q1, median, q3 }) => ({ type_local: type_local as string, count, q1, median, q3 })),
    sales_count: total?.count ?? 0,
    zone_median_price_per_m2: total?.median ?? null,
    departement_code: departementCode,
    departement_median_price_per_m2: departementMedian,
  };
}
