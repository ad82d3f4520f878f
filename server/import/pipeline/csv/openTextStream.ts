import { createReadStream, statSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';

/** A text stream of a file, gunzipped when its name ends with `.gz`, with the raw bytes read so far. */
export interface TextSource {
  stream: AsyncIterable<string>;
  totalBytes: number;
  bytesRead: () => number;
}

export function openTextStream(path: string): TextSource {
  const raw = createReadStream(path, { highWaterMark: 1 << 20 });
  const totalBytes = statSync(path).size;
  let bytesRead = 0;
  raw.on('data', (chunk: Buffer | string) => {
    bytesRead += chunk.length;
  });
  const decoded: Readable = path.endsWith('.gz') ? raw.pipe(createGunzip()) : raw;
  decoded.setEncoding('utf8');
  if (decoded !== raw) raw.on('error', (error) => decoded.destroy(error));
  return { stream: decoded, totalBytes, bytesRead: () => bytesRead };
}
