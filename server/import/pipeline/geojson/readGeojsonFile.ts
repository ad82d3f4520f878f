import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { ImportError } from '../ImportError';

/** Reads a GeoJSON file (gzip accepted) as a list of features; a single Feature becomes a list of one. */
export function readGeojsonFile(path: string): Feature<Geometry | null>[] {
  const raw = readFileSync(path);
  const text = (path.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
  let parsed: FeatureCollection | Feature;
  try {
    parsed = JSON.parse(text) as FeatureCollection | Feature;
  } catch (error) {
    throw new ImportError(basename(path), undefined, undefined, `GeoJSON illisible (${(error as Error).message})`);
  }
  if (parsed.type === 'Feature') return [parsed];
  if (parsed.type !== 'FeatureCollection' || !Array.isArray(parsed.features)) {
    throw new ImportError(basename(path), undefined, undefined, 'FeatureCollection attendue');
  }
  return parsed.features;
}

/** A string property of a feature, or an {@link ImportError} naming the feature's position. */
export function featureText(feature: Feature<Geometry | null>, property: string, file: string, index: number): string {
  const value = feature.properties?.[property] as unknown;
  if (typeof value !== 'string' && typeof value !== 'number') {
    throw new ImportError(file, undefined, property, `entité n° ${index + 1} : propriété absente`);
  }
  return String(value);
}
