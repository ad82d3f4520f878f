/**
 * Splits one CSV record into fields (RFC 4180 quoting: `"a;b"`, `""` for a quote). Fast path when the
 * line has no quote.
 */
export function splitDelimitedLine(line: string, separator: string): string[] {
  if (!line.includes('"')) return line.split(separator);
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const character = line[index];
    if (quoted) {
      if (character === '"') {
        if (line[index + 1] === '"') {
          field += '"';
          index += 1;
        } else {
          quoted = false;
        }
      } else {
        field += character;
      }
    } else if (character === '"') {
      quoted = true;
    } else if (character === separator) {
      fields.push(field);
      field = '';
    } else {
      field += character;
    }
  }
  fields.push(field);
  return fields;
}

/** True when the line ends inside a quoted field (odd number of quotes), so the record goes on. */
export function endsInsideQuotes(line: string): boolean {
  let count = 0;
  for (let index = line.indexOf('"'); index !== -1; index = line.indexOf('"', index + 1)) count += 1;
  return count % 2 === 1;
}
