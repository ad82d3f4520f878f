import { basename } from 'node:path';
import { ImportError } from '../ImportError';
import { openTextStream } from './openTextStream';
import { detectSeparator } from './readDelimited';
import { splitDelimitedLine } from './splitDelimitedLine';

/** The column names of a delimited file (gzip accepted) and its separator, read from the first line only. */
export async function readDelimitedHeader(path: string): Promise<{ columns: string[]; separator: ';' | ',' | '\t' }> {
  const source = openTextStream(path);
  let text = '';
  try {
    for await (const chunk of source.stream) {
      text += chunk;
      if (text.includes('\n') || text.length > 1 << 20) break;
    }
  } finally {
    (source.stream as unknown as { destroy?: () => void }).destroy?.();
  }
  const line = (text.split('\n')[0] ?? '').replace(/\r$/, '').replace(/^\uFEFF/, '');
  if (line.trim().length === 0) throw new ImportError(basename(path), 1, undefined, 'fichier vide (en-tête absent)');
  const separator = detectSeparator(line);
  return { columns: splitDelimitedLine(line, separator).map((name) => name.trim()), separator };
}
