import { magicbytes } from 'flatgeobuf/lib/mjs/constants.js';
import { buildFeature } from 'flatgeobuf/lib/mjs/generic/feature.js';
import { buildHeader } from 'flatgeobuf/lib/mjs/generic/featurecollection.js';
import { parseGeometry } from 'flatgeobuf/lib/mjs/geojson/geometry.js';
import { ColumnType } from 'flatgeobuf/lib/mjs/flat-geobuf/column-type.js';
import { GeometryType } from 'flatgeobuf/lib/mjs/flat-geobuf/geometry-type.js';
import type { ColumnMeta } from 'flatgeobuf/lib/mjs/column-meta.js';
import type { HeaderMeta } from 'flatgeobuf/lib/mjs/header-meta.js';
import type { MultiPolygon } from 'geojson';
import type { ExportDocument, ExportGeometry } from '../../kernel/export/exportDocument';
import type { MetricReading } from '../../kernel/export/metricCatalogue';
import { roundedValue, rowsOf, sourceText } from './exportValues';

/** The text columns every feature has, before one number column per metric (named by its id). */
const TEXT_COLUMNS = ['niveau', 'zone', 'code', 'nom'] as const;
type Properties = Record<string, string | number | null>;

/** Every geometry as a MultiPolygon: one geometry type for the whole layer. */
function multiPolygon(geometry: ExportGeometry): MultiPolygon {
  return geometry.type === 'MultiPolygon'
    ? { type: 'MultiPolygon', coordinates: geometry.coordinates as MultiPolygon['coordinates'] }
    : { type: 'MultiPolygon', coordinates: [geometry.coordinates as MultiPolygon['coordinates'][number]] };
}

/**
 * The zones, then each zone's IRIS, as features: text columns (level, zone, code, name, share of the IRIS
 * inside the zone) and one number per metric, `null` when not available (never 0). IRIS carry the census
 * metrics only (the other domains are not split by IRIS).
 */
export function gisFeatures(document: ExportDocument): { geometry: MultiPolygon; properties: Properties }[] {
  if (!document.gis) throw new Error('Document sans géométries');
  const rows = rowsOf(document);
  const metricProperties = (readings: readonly (MetricReading | undefined)[]) =>
    Object.fromEntries(
      rows.map(({ metric }, index) => {
        const value = readings[index]?.value;
        return [metric.id, value === null || value === undefined ? null : roundedValue(metric, value)];
      }),
    );
  const zones = document.zones.map((zone, zoneIndex) => ({
    geometry: multiPolygon(document.gis?.zones[zoneIndex] as ExportGeometry),
    properties: {
      niveau: 'zone',
      zone: zone.name,
      code: zone.id,
      nom: zone.name,
      couverture: 1,
      ...metricProperties(rows.map((row) => row.readings[zoneIndex])),
    },
  }));
  const iris = document.gis.iris.map((entry) => ({
    geometry: multiPolygon(entry.geometry),
    properties: {
      niveau: 'iris',
      zone: document.zones[entry.zoneIndex]?.name ?? '',
      code: entry.code,
      nom: entry.name,
      couverture: Math.round(entry.coverage * 1000) / 1000,
      ...metricProperties(entry.readings),
    },
  }));
  return [...zones, ...iris];
}

/** GeoJSON (RFC 7946, WGS 84) with the metrics' labels, units, sources and vintages as a foreign member. */
export function geojsonExport(document: ExportDocument): Uint8Array {
  const collection = {
    type: 'FeatureCollection',
    name: 'zonalyse-export',
    metrics: rowsOf(document).map(({ metric, readings }) => ({
      id: metric.id,
      label: metric.label,
      unit: metric.unit,
      source: sourceText(metric),
      vintage: [...new Set(readings.map((reading) => reading.vintage).filter(Boolean))].join(', ') || null,
    })),
    features: gisFeatures(document).map((feature) => ({ type: 'Feature', ...feature })),
  };
  return new TextEncoder().encode(JSON.stringify(collection));
}

function column(name: string, type: ColumnType): ColumnMeta {
  return {
    name,
    type,
    title: null,
    description: null,
    width: -1,
    precision: -1,
    scale: -1,
    nullable: true,
    unique: false,
    primary_key: false,
  };
}

/**
 * FlatGeobuf (WGS 84): the same features and columns, typed from the catalogue (text, or a double per
 * metric) rather than guessed from the first feature, so a metric missing there stays a number column.
 */
export function flatgeobufExport(document: ExportDocument): Uint8Array {
  const features = gisFeatures(document);
  const header: HeaderMeta = {
    geometryType: GeometryType.MultiPolygon,
    columns: [
      ...TEXT_COLUMNS.map((name) => column(name, ColumnType.String)),
      column('couverture', ColumnType.Double),
      ...rowsOf(document).map(({ metric }) => column(metric.id, ColumnType.Double)),
    ],
    envelope: null,
    featuresCount: features.length,
    indexNodeSize: 0,
    crs: null,
    title: 'Zonalyse — zones et IRIS',
    description: null,
    metadata: null,
  };
  const parts = [
    buildHeader(header, 4326),
    ...features.map((feature) => buildFeature(parseGeometry(feature.geometry), feature.properties, header)),
  ];
  const bytes = new Uint8Array(magicbytes.length + parts.reduce((total, part) => total + part.length, 0));
  bytes.set(magicbytes);
  let offset = magicbytes.length;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}
