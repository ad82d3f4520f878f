import type { ExportFormat } from './exportSchemas';
import type { MetricReading } from './metricCatalogue';
import type { ExportSpecial } from './specialExports';

/** One zone of the study: its name, where it is, and how well the data cover it. */
export interface ExportZone {
  id: string;
  name: string;
  /** The address (isochrone) or the territory (administrative zone). */
  place: string;
  /** IRIS aggregated, coverage quality and selection of the demographics (null without the census). */
  irisCount: number | null;
  coverageQuality: 'complete' | 'partial' | 'low' | null;
  selection: 'administrative' | 'iris_weighted' | null;
  /** Establishments from the demo source (derived, not official), counted in the figures. */
  demoEstablishments: number;
  /** The zone's outline in lon/lat (first polygon's outer ring), for the cover map. */
  outline: [number, number][];
}

/** One imported dataset, as the register records it. */
export interface ExportDataset {
  source: string;
  label: string;
  territory: string;
  vintage: string;
  demo: boolean;
}

/** A GeoJSON polygon or multipolygon in lon/lat (WGS 84). */
export interface ExportGeometry {
  type: 'Polygon' | 'MultiPolygon';
  coordinates: unknown[];
}

/** One IRIS of a zone for the GIS files: its outline and its own figures (one reading per row). */
export interface ExportIris {
  zoneIndex: number;
  code: string;
  name: string;
  /** Share of the IRIS inside the zone (1 for an administrative zone's own IRIS). */
  coverage: number;
  geometry: ExportGeometry;
  readings: MetricReading[];
}

/**
 * Everything an exporter needs, serialisable (it crosses to the file-building thread): the zones,
 * one row of readings per metric (in the zones' order), the datasets and the reproducibility facts.
 */
export interface ExportDocument {
  format: ExportFormat;
  zones: ExportZone[];
  rows: { metricId: string; readings: MetricReading[] }[];
  datasets: ExportDataset[];
  generatedAt: string;
  appVersion: string;
  /** The PDF only: the communes around the zones, drawn under them on the cover map. */
  basemap?: { name: string; geometry: ExportGeometry }[];
  /** The GIS formats only: the zones' geometries (zones' order) and their IRIS with their figures. */
  gis?: { zones: ExportGeometry[]; iris: ExportIris[] };
  /** The special entries chosen (the map view, the choropleth shown), as the browser captured them. */
  special?: ExportSpecial;
  /** The request as sent, so the same study can be re-run. */
  request: { zone_ids: string[]; metric_ids: string[]; format: ExportFormat };
}
