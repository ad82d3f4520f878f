import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

/**
 * A deliberately simple CSV reader for tests, independent of the importers' streaming reader: the
 * whole file in memory (gunzipped when `.gz`), one record per line, `"…"` quoting, separator given.
 */
export function readRawCsv(path: string, separator: string): { header: string[]; rows: Record<string, string>[] } {
  const buffer = readFileSync(path);
  const text = (path.endsWith('.gz') ? gunzipSync(buffer) : buffer).toString('utf8').replace(/^\uFEFF/, '');
  const lines = text.split(/\r?\n/).filter((line) => line.length > 0);
  const split = (line: string) => {
    const fields: string[] = [];
    let field = '';
    let quoted = false;
    for (const character of line) {
      if (character === '"') quoted = !quoted;
      else if (character === separator && !quoted) {
        fields.push(field);
        field = '';
      } else field += character;
    }
    fields.push(field);
    return fields;
  };
  const header = split(lines[0] ?? '');
  const rows = lines.slice(1).map((line) => {
    const fields = split(line);
    return Object.fromEntries(header.map((name, index) => [name, fields[index] ?? '']));
  });
  return { header, rows };
}
