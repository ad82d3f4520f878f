import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** SHA-256 of a file, streamed. */
export async function fileChecksum(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** SHA-256 over the importer version and each file's checksum: the identity of one load. */
export async function planChecksum(version: string, files: readonly string[]): Promise<string> {
  const hash = createHash('sha256').update(version);
  for (const file of files) hash.update(await fileChecksum(file));
  return hash.digest('hex');
}
