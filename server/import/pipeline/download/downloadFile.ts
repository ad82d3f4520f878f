import { createWriteStream, mkdirSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

/** Downloads a URL to a file, written under a temporary name and renamed once complete. */
export async function downloadFile(url: string, path: string): Promise<void> {
  const response = await fetch(url);
  if (!response.ok || !response.body) throw new Error(`Téléchargement impossible ${url} : HTTP ${response.status}`);
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.part`;
  await pipeline(Readable.fromWeb(response.body as WebReadableStream), createWriteStream(temporary));
  renameSync(temporary, path);
}
