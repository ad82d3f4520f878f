import type { StyleSpecification } from 'maplibre-gl';
import { ApiError } from '../api/ApiError';
import { HttpClient } from '../api/httpClient';

/** The two map themes. */
export type MapTheme = 'light' | 'dark';

/** Our self-hosted basemap style (engineer "tiles"): `?theme=light|dark`. */
export const BASEMAP_STYLE_PATH = '/api/basemap/style.json';
/**
 * The map configuration (engineer "tiles"): `{styleUrl, selfHosted, basemapStyles: {light, dark}}` —
 * `styleUrl` is the hosted style when `MAP_STYLE_URL` is set (a `{theme}` in it is replaced by
 * light/dark), else null and the client loads `basemapStyles[theme]`.
 */
export const MAP_CONFIG_PATH = '/api/map/config';

interface MapConfig {
  styleUrl?: unknown;
  basemapStyles?: Partial<Record<MapTheme, unknown>>;
}

/** Background colours of the built-in fallback (no server basemap): land tone of each theme. */
const FALLBACK_BACKGROUND: Record<MapTheme, string> = { light: '#dfe9f2', dark: '#101a2b' };

/** Where the style came from: our basemap, a hosted style (`MAP_STYLE_URL`), or the built-in fallback. */
export type MapStyleOrigin = 'basemap' | 'hosted' | 'fallback';

export interface LoadedMapStyle {
  style: StyleSpecification;
  origin: MapStyleOrigin;
  url: string | null;
}

/** The map cannot be shown: the style could not be obtained or is not a MapLibre style. */
export class MapStyleError extends Error {
  override name = 'MapStyleError';
}

/** A plain background in the theme's colours: used only when the server has no basemap route. */
export function fallbackStyle(theme: MapTheme): StyleSpecification {
  return {
    version: 8,
    name: `Zonalyse fallback ${theme}`,
    sources: {},
    layers: [{ id: 'background', type: 'background', paint: { 'background-color': FALLBACK_BACKGROUND[theme] } }],
  };
}

/**
 * Makes the style's URLs (sources, tiles, glyphs, sprite) absolute against the style's own URL, keeping
 * MapLibre's `{z}/{x}/{y}` and `{fontstack}/{range}` placeholders as they are.
 */
export function absolutizeStyleUrls(style: StyleSpecification, styleUrl: string): StyleSpecification {
  const absolute = (value: string) =>
    /^[a-z][a-z0-9+.-]*:/i.test(value)
      ? value
      : new URL(value, styleUrl).href.replace(/%7B/gi, '{').replace(/%7D/gi, '}');
  const sources: StyleSpecification['sources'] = {};
  for (const [id, source] of Object.entries(style.sources)) {
    const copy = { ...source } as Record<string, unknown>;
    if (typeof copy.url === 'string') copy.url = absolute(copy.url);
    if (Array.isArray(copy.tiles)) copy.tiles = (copy.tiles as string[]).map(absolute);
    if (source.type === 'geojson' && typeof copy.data === 'string') copy.data = absolute(copy.data);
    sources[id] = copy as unknown as StyleSpecification['sources'][string];
  }
  return {
    ...style,
    sources,
    ...(style.glyphs ? { glyphs: absolute(style.glyphs) } : {}),
    ...(style.sprite
      ? {
          sprite:
            typeof style.sprite === 'string'
              ? absolute(style.sprite)
              : style.sprite.map((sprite) => ({ ...sprite, url: absolute(sprite.url) })),
        }
      : {}),
  };
}

function isStyle(value: unknown): value is StyleSpecification {
  const record = value as Partial<StyleSpecification> | null;
  return !!record && record.version === 8 && Array.isArray(record.layers) && typeof record.sources === 'object';
}

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * Loads the map style of a theme: asks the server's map configuration for the effective style URL
 * (ours or the hosted `MAP_STYLE_URL`), falls back to our basemap path when the server does not say, and to a plain
 * background when the server has no basemap at all. Any other failure is a {@link MapStyleError}.
 */
export async function loadMapStyle(
  theme: MapTheme,
  {
    origin = window.location.origin,
    client = new HttpClient(),
    signal,
  }: { origin?: string; client?: HttpClient; signal?: AbortSignal } = {},
): Promise<LoadedMapStyle> {
  const request = { retries: 1, retryDelayMs: 500, timeoutMs: 15_000, ...(signal ? { signal } : {}) };
  let url = `${origin}${BASEMAP_STYLE_PATH}?theme=${theme}`;
  try {
    const config = await client.get<MapConfig>(`${origin}${MAP_CONFIG_PATH}`, request);
    const themed = config?.basemapStyles?.[theme];
    if (typeof config?.styleUrl === 'string' && config.styleUrl) {
      url = new URL(config.styleUrl.replaceAll('{theme}', theme), origin).href;
    } else if (typeof themed === 'string' && themed) {
      url = new URL(themed, origin).href;
    }
  } catch (error) {
    if (!isNotFound(error))
      throw new MapStyleError(`Adresse du fond de carte indisponible : ${String((error as Error).message)}`);
  }
  const ours = url.startsWith(`${origin}/`);
  let body: unknown;
  try {
    body = await client.get<unknown>(url, request);
  } catch (error) {
    if (ours && isNotFound(error)) return { style: fallbackStyle(theme), origin: 'fallback', url: null };
    throw new MapStyleError(`Fond de carte indisponible : ${String((error as Error).message)}`);
  }
  if (!isStyle(body)) throw new MapStyleError('Le fond de carte reçu n’est pas un style MapLibre valide');
  return { style: absolutizeStyleUrls(body, url), origin: ours ? 'basemap' : 'hosted', url };
}

const cache = new Map<MapTheme, Promise<LoadedMapStyle>>();

/** {@link loadMapStyle} once per theme for the page's life (a failure is not kept). */
export function cachedMapStyle(theme: MapTheme): Promise<LoadedMapStyle> {
  let loading = cache.get(theme);
  if (!loading) {
    loading = loadMapStyle(theme);
    cache.set(theme, loading);
    loading.catch(() => cache.delete(theme));
  }
  return loading;
}
