import Pbf from 'pbf';
import type { TilePropertyValue } from './TileLayer';

/** MVT feature types. */
export const FEATURE_TYPE = { point: 1, line: 2, polygon: 3 } as const;

/**
 * A feature in tile coordinates, ready to encode. Points: one part holding every point. Lines: one
 * part per line. Polygons: closed rings (last point = first), each exterior ring (positive area in
 * tile coordinates, i.e. clockwise on screen) followed by its holes.
 */
export interface EncodableFeature {
  id?: number | undefined;
  type: 1 | 2 | 3;
  geometry: readonly (readonly (readonly [number, number])[])[];
  properties: Readonly<Record<string, TilePropertyValue>>;
}

export interface EncodableLayer {
  name: string;
  extent: number;
  features: readonly EncodableFeature[];
}

interface LayerState {
  layer: EncodableLayer;
  keys: string[];
  keyIndex: Map<string, number>;
  values: Exclude<TilePropertyValue, null | undefined>[];
  valueIndex: Map<string, number>;
}

const command = (id: number, count: number) => (id & 0x7) | (count << 3);
const zigzag = (value: number) => (value << 1) ^ (value >> 31);

function geometryCommands(feature: EncodableFeature): number[] {
  const commands: number[] = [];
  let cursorX = 0;
  let cursorY = 0;
  const moveTo = (point: readonly [number, number]) => {
    commands.push(zigzag(point[0] - cursorX), zigzag(point[1] - cursorY));
    cursorX = point[0];
    cursorY = point[1];
  };
  if (feature.type === FEATURE_TYPE.point) {
    const points = feature.geometry.flat();
    if (points.length === 0) return commands;
    commands.push(command(1, points.length));
    for (const point of points) moveTo(point);
    return commands;
  }
  for (const part of feature.geometry) {
    const count = feature.type === FEATURE_TYPE.polygon ? part.length - 1 : part.length;
    if (count < 2) continue;
    const [first] = part;
    if (!first) continue;
    commands.push(command(1, 1));
    moveTo(first);
    commands.push(command(2, count - 1));
    for (let index = 1; index < count; index += 1) moveTo(part[index] as readonly [number, number]);
    if (feature.type === FEATURE_TYPE.polygon) commands.push(command(7, 1));
  }
  return commands;
}

function valueKey(value: Exclude<TilePropertyValue, null | undefined>): string {
  return `${typeof value}:${String(value)}`;
}

function tagsOf(state: LayerState, properties: EncodableFeature['properties']): number[] {
  const tags: number[] = [];
  for (const [key, value] of Object.entries(properties)) {
    if (value === null || value === undefined) continue;
    if (typeof value === 'number' && !Number.isFinite(value)) continue;
    let keyPosition = state.keyIndex.get(key);
    if (keyPosition === undefined) {
      keyPosition = state.keys.push(key) - 1;
      state.keyIndex.set(key, keyPosition);
    }
    const identity = valueKey(value);
    let valuePosition = state.valueIndex.get(identity);
    if (valuePosition === undefined) {
      valuePosition = state.values.push(value) - 1;
      state.valueIndex.set(identity, valuePosition);
    }
    tags.push(keyPosition, valuePosition);
  }
  return tags;
}

function writeValue(value: Exclude<TilePropertyValue, null | undefined>, pbf: Pbf): void {
  if (typeof value === 'string') pbf.writeStringField(1, value);
  else if (typeof value === 'boolean') pbf.writeBooleanField(7, value);
  else if (!Number.isInteger(value) || Math.abs(value) > Number.MAX_SAFE_INTEGER) pbf.writeDoubleField(3, value);
  else if (value < 0) pbf.writeSVarintField(6, value);
  else pbf.writeVarintField(5, value);
}

function writeFeature(entry: { feature: EncodableFeature; tags: number[]; commands: number[] }, pbf: Pbf): void {
  if (entry.feature.id !== undefined && Number.isInteger(entry.feature.id) && entry.feature.id >= 0) {
    pbf.writeVarintField(1, entry.feature.id);
  }
  pbf.writePackedVarint(2, entry.tags);
  pbf.writeVarintField(3, entry.feature.type);
  pbf.writePackedVarint(4, entry.commands);
}

function writeLayer(state: LayerState, pbf: Pbf): void {
  pbf.writeVarintField(15, 2);
  pbf.writeStringField(1, state.layer.name);
  for (const feature of state.layer.features) {
    const commands = geometryCommands(feature);
    if (commands.length === 0) continue;
    pbf.writeMessage(2, writeFeature, { feature, tags: tagsOf(state, feature.properties), commands });
  }
  for (const key of state.keys) pbf.writeStringField(3, key);
  for (const value of state.values) pbf.writeMessage(4, writeValue, value);
  pbf.writeVarintField(5, state.layer.extent);
}

/**
 * Encodes layers as a Mapbox Vector Tile 2.1 (protobuf). Layers without any feature are left out,
 * so a tile with nothing to draw is empty (zero bytes).
 */
export function encodeVectorTile(layers: readonly EncodableLayer[]): Uint8Array {
  const pbf = new Pbf();
  for (const layer of layers) {
    if (layer.features.length === 0) continue;
    const state: LayerState = { layer, keys: [], keyIndex: new Map(), values: [], valueIndex: new Map() };
    pbf.writeMessage(3, writeLayer, state);
  }
  return pbf.finish();
}
