/**
 * An absolute tile URL template for a path of our API (MapLibre's workers need absolute URLs), keeping
 * the `{z}/{x}/{y}` placeholders as they are.
 */
export function apiTileUrl(path: string): string {
  const origin = typeof window === 'undefined' ? 'http://127.0.0.1' : window.location.origin;
  return `${origin}/api/${path.replace(/^\/+/, '')}/{z}/{x}/{y}.mvt`;
}
