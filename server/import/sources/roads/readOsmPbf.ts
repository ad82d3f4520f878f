import { inflateSync } from 'node:zlib';
import Pbf from 'pbf';

/** OSM tags of an element (key → value). */
export type OsmTags = Record<string, string>;

export interface OsmWay {
  id: number;
  /** Node ids, in order. */
  refs: number[];
  tags: OsmTags;
}

/** What {@link readOsmPbf} hands back for each element kind; omit a handler to skip the kind. */
export interface OsmPbfHandlers {
  node?(id: number, longitude: number, latitude: number, tags: OsmTags | undefined): void;
  way?(way: OsmWay): void;
  relation?(id: number, tags: OsmTags): void;
}

/** Raised when the file is not a readable OSM PBF. */
export class OsmPbfError extends Error {
  override name = 'OsmPbfError';
}

interface BlobHeader {
  type: string;
  dataSize: number;
}

interface Blob {
  raw: Uint8Array | undefined;
  zlib: Uint8Array | undefined;
  rawSize: number;
  unsupported: string | undefined;
}

interface BlockContext {
  strings: string[];
  granularity: number;
  latitudeOffset: number;
  longitudeOffset: number;
  groups: { start: number; end: number }[];
}

const decoder = new TextDecoder();

function readBlobHeader(bytes: Uint8Array): BlobHeader {
  return new Pbf(bytes).readFields<BlobHeader>(
    (tag, header, pbf) => {
      if (tag === 1) header.type = pbf.readString();
      else if (tag === 3) header.dataSize = pbf.readVarint();
    },
    { type: '', dataSize: 0 },
  );
}

function readBlob(bytes: Uint8Array): Uint8Array {
  const blob = new Pbf(bytes).readFields<Blob>(
    (tag, result, pbf) => {
      if (tag === 1) result.raw = pbf.readBytes();
      else if (tag === 2) result.rawSize = pbf.readVarint();
      else if (tag === 3) result.zlib = pbf.readBytes();
      else if (tag === 4) result.unsupported = 'lzma';
      else if (tag === 6) result.unsupported = 'lz4';
      else if (tag === 7) result.unsupported = 'zstd';
    },
    { raw: undefined, zlib: undefined, rawSize: 0, unsupported: undefined },
  );
  if (blob.raw) return blob.raw;
  if (blob.zlib) return inflateSync(blob.zlib);
  throw new OsmPbfError(`compression ${blob.unsupported ?? 'inconnue'} non prise en charge (zlib attendu)`);
}

function readStringTable(pbf: Pbf, end: number): string[] {
  const strings: string[] = [];
  pbf.readFields(
    (tag, list, reader) => {
      if (tag === 1) list.push(decoder.decode(reader.readBytes()));
    },
    strings,
    end,
  );
  return strings;
}

function readBlockContext(pbf: Pbf): BlockContext {
  return pbf.readFields<BlockContext>(
    (tag, block, reader) => {
      if (tag === 1) {
        const end = reader.readVarint() + reader.pos;
        block.strings = readStringTable(reader, end);
      } else if (tag === 2) {
        const length = reader.readVarint();
        block.groups.push({ start: reader.pos, end: reader.pos + length });
        reader.pos += length;
      } else if (tag === 17) block.granularity = reader.readVarint();
      else if (tag === 19) block.latitudeOffset = reader.readVarint(true);
      else if (tag === 20) block.longitudeOffset = reader.readVarint(true);
    },
    { strings: [], granularity: 100, latitudeOffset: 0, longitudeOffset: 0, groups: [] },
  );
}

function tagsOf(keys: number[], values: number[], strings: string[]): OsmTags {
  const tags: OsmTags = {};
  for (let index = 0; index < keys.length; index += 1) {
    tags[strings[keys[index] as number] ?? ''] = strings[values[index] as number] ?? '';
  }
  return tags;
}

function readDenseNodes(pbf: Pbf, end: number, block: BlockContext, handle: NonNullable<OsmPbfHandlers['node']>) {
  const dense = pbf.readFields(
    (tag, result, reader) => {
      if (tag === 1) reader.readPackedSVarint(result.ids);
      else if (tag === 8) reader.readPackedSVarint(result.latitudes);
      else if (tag === 9) reader.readPackedSVarint(result.longitudes);
      else if (tag === 10) reader.readPackedVarint(result.keysValues);
    },
    { ids: [] as number[], latitudes: [] as number[], longitudes: [] as number[], keysValues: [] as number[] },
    end,
  );
  let id = 0;
  let latitude = 0;
  let longitude = 0;
  let cursor = 0;
  for (let index = 0; index < dense.ids.length; index += 1) {
    id += dense.ids[index] as number;
    latitude += dense.latitudes[index] as number;
    longitude += dense.longitudes[index] as number;
    let tags: OsmTags | undefined;
    if (dense.keysValues.length > 0) {
      while (cursor < dense.keysValues.length && dense.keysValues[cursor] !== 0) {
        tags ??= {};
        const key = block.strings[dense.keysValues[cursor] as number] ?? '';
        tags[key] = block.strings[dense.keysValues[cursor + 1] as number] ?? '';
        cursor += 2;
      }
      cursor += 1;
    }
    handle(
      id,
      1e-9 * (block.longitudeOffset + block.granularity * longitude),
      1e-9 * (block.latitudeOffset + block.granularity * latitude),
      tags,
    );
  }
}

interface Element {
  id: number;
  keys: number[];
  values: number[];
  refs: number[];
  latitude: number;
  longitude: number;
}

function readElement(pbf: Pbf, end: number, kind: 'node' | 'way' | 'relation'): Element {
  return pbf.readFields<Element>(
    (tag, element, reader) => {
      if (tag === 1) element.id = kind === 'node' ? reader.readSVarint() : reader.readVarint(true);
      else if (tag === 2) reader.readPackedVarint(element.keys);
      else if (tag === 3) reader.readPackedVarint(element.values);
      else if (tag === 8 && kind === 'node') element.latitude = reader.readSVarint();
      else if (tag === 9 && kind === 'node') element.longitude = reader.readSVarint();
      else if (tag === 8 && kind === 'way') reader.readPackedSVarint(element.refs);
    },
    { id: 0, keys: [], values: [], refs: [], latitude: 0, longitude: 0 },
    end,
  );
}

function readGroup(pbf: Pbf, group: { start: number; end: number }, block: BlockContext, handlers: OsmPbfHandlers) {
  pbf.pos = group.start;
  pbf.readFields(
    (tag, _result, reader) => {
      const kind = tag === 1 ? 'node' : tag === 2 ? 'dense' : tag === 3 ? 'way' : tag === 4 ? 'relation' : undefined;
      if (!kind || (kind === 'dense' ? !handlers.node : !handlers[kind])) return;
      const end = reader.readVarint() + reader.pos;
      if (kind === 'dense') {
        readDenseNodes(reader, end, block, handlers.node as NonNullable<OsmPbfHandlers['node']>);
        return;
      }
      const element = readElement(reader, end, kind);
      const tags = tagsOf(element.keys, element.values, block.strings);
      if (kind === 'node') {
        handlers.node?.(
          element.id,
          1e-9 * (block.longitudeOffset + block.granularity * element.longitude),
          1e-9 * (block.latitudeOffset + block.granularity * element.latitude),
          element.keys.length > 0 ? tags : undefined,
        );
      } else if (kind === 'way') {
        let reference = 0;
        const refs = element.refs.map((delta) => (reference += delta));
        handlers.way?.({ id: element.id, refs, tags });
      } else handlers.relation?.(element.id, tags);
    },
    undefined,
    group.end,
  );
}

/**
 * Reads an OpenStreetMap `.osm.pbf` file (the official format: length-prefixed BlobHeader/Blob
 * pairs, zlib or raw blobs, PrimitiveBlocks with nodes, dense nodes, ways and relations) and calls
 * the handlers for each element in file order. Coordinates are WGS84 degrees.
 */
export function readOsmPbf(file: Uint8Array, handlers: OsmPbfHandlers): void {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  let position = 0;
  let sawHeader = false;
  while (position < file.length) {
    if (position + 4 > file.length) throw new OsmPbfError('fichier tronqué (en-tête de bloc incomplet)');
    const headerLength = view.getUint32(position);
    position += 4;
    const header = readBlobHeader(file.subarray(position, position + headerLength));
    position += headerLength;
    if (position + header.dataSize > file.length) throw new OsmPbfError('fichier tronqué (bloc incomplet)');
    const blob = file.subarray(position, position + header.dataSize);
    position += header.dataSize;
    if (header.type === 'OSMHeader') {
      sawHeader = true;
      continue;
    }
    if (header.type !== 'OSMData') continue;
    if (!sawHeader) throw new OsmPbfError('bloc OSMHeader absent avant les données');
    const pbf = new Pbf(readBlob(blob));
    const block = readBlockContext(pbf);
    for (const group of block.groups) readGroup(pbf, group, block, handlers);
  }
  if (!sawHeader) throw new OsmPbfError('aucun bloc OSMHeader : ce n’est pas un fichier .osm.pbf');
}
