/** A query parameter value: arrays are sent as `key[]`, objects JSON-encoded, undefined/null skipped. */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[] | object;

/** GET array params are sent as `key[]=a&key[]=b`; objects are JSON-encoded. */
export function buildQueryString(params: Record<string, QueryValue> | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value as readonly unknown[]) search.append(`${key}[]`, String(item));
    } else if (typeof value === 'object') {
      search.append(key, JSON.stringify(value));
    } else {
      search.append(key, String(value));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
