import { Table, Utf8, tableFromIPC, tableToIPC, vectorFromArray, type Vector } from 'apache-arrow';
import { float64Column } from './float64Column';
import { columnVintage } from './inseeColumns';
import { INSEE_IRIS_BASES, type InseeIrisBase } from './inseeIrisBases';
import type { DemographicsAnswer, DemographicsMetadata, IrisDemographicRecord } from './demographicsRecord';

const IDENTITY_COLUMNS = ['iris_code', 'iris_name', 'iris_type', 'commune_code', 'commune_name'] as const;
const SEPARATOR = '/';
/** Suffix of the per-base column listing the vintages each IRIS has a row in ("2017,2016"). */
const VINTAGES = '@vintages';

/**
 * The analyze answer as one Arrow table (IPC stream): a row per IRIS, identity columns, `area_km2`,
 * `coverage_ratio`, then one Float64 column per INSEE figure named `{base}/{column}` (names carry their
 * vintage: P16_…, P17_…) and one Utf8 column per base, `{base}@vintages`, listing the vintages each IRIS
 * has a row in; the newest vintage of each base and the metadata ride in the schema metadata.
 */
export function demographicsToArrow(answer: DemographicsAnswer): Uint8Array {
  const rows = answer.iris_zones;
  const columns: Record<string, Vector> = {};
  for (const name of IDENTITY_COLUMNS) {
    columns[name] = vectorFromArray(
      rows.map((row) => row[name]),
      new Utf8(),
    );
  }
  columns.area_km2 = float64Column(rows.length, (index) => rows[index]?.area_km2);
  columns.coverage_ratio = float64Column(rows.length, (index) => rows[index]?.coverage_ratio);
  const vintages: Partial<Record<InseeIrisBase, number>> = {};
  for (const base of INSEE_IRIS_BASES) {
    const names = new Set<string>();
    for (const row of rows) {
      const figures = row.groups[base];
      if (!figures) continue;
      vintages[base] = Math.max(vintages[base] ?? figures.vintage, figures.vintage);
      for (const name of Object.keys(figures.values)) names.add(name);
    }
    if (names.size > 0) {
      columns[`${base}${VINTAGES}`] = vectorFromArray(
        rows.map((row) => {
          const figures = row.groups[base];
          return figures ? (figures.vintages ?? [figures.vintage]).join(',') : null;
        }),
        new Utf8(),
      );
    }
    for (const name of names) {
      columns[`${base}${SEPARATOR}${name}`] = float64Column(
        rows.length,
        (index) => rows[index]?.groups[base]?.values[name],
      );
    }
  }
  const table = new Table(columns);
  table.schema.metadata.set('vintages', JSON.stringify(vintages));
  table.schema.metadata.set('metadata', JSON.stringify(answer.metadata));
  return tableToIPC(table, 'stream');
}

/** Reads {@link demographicsToArrow}'s stream back into the JSON answer shape. */
export function demographicsFromArrow(bytes: Uint8Array | ArrayBuffer): DemographicsAnswer {
  const table = tableFromIPC(bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : bytes);
  const vintages = JSON.parse(table.schema.metadata.get('vintages') ?? '{}') as Partial<Record<InseeIrisBase, number>>;
  const metadata = JSON.parse(table.schema.metadata.get('metadata') ?? '{}') as DemographicsMetadata;
  const text = (name: string) => table.getChild(name)?.toArray() as (string | null)[] | undefined;
  const numbers = (name: string) => table.getChild(name);
  const figureColumns = table.schema.fields
    .map((field) => field.name)
    .filter((name) => name.includes(SEPARATOR))
    .map((name) => {
      const [base, column] = name.split(SEPARATOR) as [InseeIrisBase, string];
      // One typed-array copy per column (nulls read from the validity bitmap), not a get() per cell.
      const vector = numbers(name);
      const values = vector?.toArray() as Float64Array | undefined;
      return { base, column, values, isValid: (index: number) => vector?.isValid(index) ?? false };
    });
  const rowVintages = new Map(
    INSEE_IRIS_BASES.flatMap((base) => {
      const list = text(`${base}${VINTAGES}`);
      return list ? [[base, list] as const] : [];
    }),
  );
  const codes = text('iris_code') ?? [];
  const names = text('iris_name') ?? [];
  const types = text('iris_type') ?? [];
  const communes = text('commune_code') ?? [];
  const communeNames = text('commune_name') ?? [];
  const areas = numbers('area_km2');
  const coverages = numbers('coverage_ratio');
  const iris_zones: IrisDemographicRecord[] = [];
  for (let index = 0; index < table.numRows; index += 1) {
    const groups: IrisDemographicRecord['groups'] = {};
    for (const { base, column, values, isValid } of figureColumns) {
      const value = isValid(index) ? (values?.[index] ?? null) : null;
      const listed = rowVintages.get(base)?.[index];
      const own = listed ? listed.split(',').map(Number) : undefined;
      const vintage = own?.[0] ?? vintages[base];
      if (vintage === undefined) continue;
      // A column of a vintage this IRIS has no row in is a cell of the table, not a figure of the IRIS.
      const year = columnVintage(column);
      if (own && year !== null && !own.includes(year)) continue;
      const figures = (groups[base] ??= own ? { vintage, vintages: own, values: {} } : { vintage, values: {} });
      figures.values[column] = value ?? null;
    }
    iris_zones.push({
      iris_code: codes[index] ?? '',
      iris_name: names[index] ?? '',
      iris_type: types[index] ?? null,
      commune_code: communes[index] ?? '',
      commune_name: communeNames[index] ?? null,
      area_km2: Number(areas?.get(index) ?? 0),
      coverage_ratio: Number(coverages?.get(index) ?? 0),
      // A base the IRIS has no row for comes back as all-null columns: left out, as in the JSON.
      groups: Object.fromEntries(
        Object.entries(groups).filter(([, figures]) => Object.values(figures.values).some((value) => value !== null)),
      ),
    });
  }
  return { iris_zones, metadata };
}
