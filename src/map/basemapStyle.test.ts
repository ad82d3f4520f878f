import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpClient } from '../api/httpClient';
import { absolutizeStyleUrls, loadMapStyle, MapStyleError } from './basemapStyle';

type Route = (request: IncomingMessage, response: ServerResponse) => void;

/** Two real HTTP servers: ours (the app's origin) and a "hosted" style provider on another origin. */
function fakeServer() {
  const routes = new Map<string, Route>();
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(request.url ?? '');
    const route = routes.get((request.url ?? '').split('?')[0] ?? '');
    if (route) return route(request, response);
    response.statusCode = 404;
    response.setHeader('Content-Type', 'application/json');
    response.end(JSON.stringify({ detail: `Route introuvable : GET ${request.url}`, code: 'NOT_FOUND' }));
  });
  return { server, routes, requests, origin: '' };
}

const json =
  (body: unknown, status = 200): Route =>
  (_request, response) => {
    response.statusCode = status;
    response.setHeader('Content-Type', 'application/json');
    response.end(JSON.stringify(body));
  };

const ours = fakeServer();
const hosted = fakeServer();
const client = new HttpClient({ sleep: () => Promise.resolve() });

beforeAll(async () => {
  for (const fake of [ours, hosted]) {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    fake.origin = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  }
});
afterAll(async () => {
  for (const fake of [ours, hosted]) await new Promise<void>((resolve) => fake.server.close(() => resolve()));
});
beforeEach(() => {
  for (const fake of [ours, hosted]) {
    fake.routes.clear();
    fake.requests.length = 0;
  }
});

const style = {
  version: 8,
  sources: {
    basemap: { type: 'vector', tiles: ['/api/basemap/{z}/{x}/{y}.mvt'], minzoom: 0, maxzoom: 14 },
  },
  glyphs: '/api/basemap/fonts/{fontstack}/{range}.pbf',
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#eef2f6' } }],
};

describe('loadMapStyle', () => {
  it('loads our basemap style of the theme named by /api/map/config, with absolute URLs', async () => {
    ours.routes.set(
      '/api/map/config',
      json({
        styleUrl: null,
        selfHosted: true,
        basemapStyles: { light: '/api/basemap/style.json?theme=light', dark: '/api/basemap/style.json?theme=dark' },
      }),
    );
    ours.routes.set('/api/basemap/style.json', json(style));
    const loaded = await loadMapStyle('dark', { origin: ours.origin, client });
    expect(loaded.origin).toBe('basemap');
    expect(loaded.url).toBe(`${ours.origin}/api/basemap/style.json?theme=dark`);
    expect(loaded.style.sources.basemap).toMatchObject({ tiles: [`${ours.origin}/api/basemap/{z}/{x}/{y}.mvt`] });
    expect(loaded.style.glyphs).toBe(`${ours.origin}/api/basemap/fonts/{fontstack}/{range}.pbf`);
    expect(ours.requests).toEqual(['/api/map/config', '/api/basemap/style.json?theme=dark']);
  });

  it('loads the hosted style of MAP_STYLE_URL, with its theme', async () => {
    ours.routes.set(
      '/api/map/config',
      json({ styleUrl: `${hosted.origin}/styles/{theme}.json?key=abc`, selfHosted: false }),
    );
    hosted.routes.set(
      '/styles/light.json',
      json({ ...style, glyphs: 'https://fonts.example/{fontstack}/{range}.pbf' }),
    );
    const loaded = await loadMapStyle('light', { origin: ours.origin, client });
    expect(loaded).toMatchObject({ origin: 'hosted', url: `${hosted.origin}/styles/light.json?key=abc` });
    expect(loaded.style.glyphs).toBe('https://fonts.example/{fontstack}/{range}.pbf');
    expect(hosted.requests).toEqual(['/styles/light.json?key=abc']);
  });

  it('falls back to a plain background only when the server has no basemap routes', async () => {
    const loaded = await loadMapStyle('dark', { origin: ours.origin, client });
    expect(loaded.origin).toBe('fallback');
    expect(loaded.style.layers).toEqual([
      { id: 'background', type: 'background', paint: { 'background-color': '#101a2b' } },
    ]);
  });

  it('fails with MapStyleError when the style cannot be loaded or is not a style', async () => {
    ours.routes.set('/api/basemap/style.json', json({ detail: 'panne', code: 'INTERNAL_ERROR' }, 500));
    await expect(loadMapStyle('light', { origin: ours.origin, client })).rejects.toBeInstanceOf(MapStyleError);
    ours.routes.set('/api/basemap/style.json', json({ hello: 'world' }));
    await expect(loadMapStyle('light', { origin: ours.origin, client })).rejects.toThrow(
      'Le fond de carte reçu n’est pas un style MapLibre valide',
    );
    ours.routes.set('/api/map/config', json({ detail: 'panne' }, 503));
    await expect(loadMapStyle('light', { origin: ours.origin, client })).rejects.toBeInstanceOf(MapStyleError);
  });
});

describe('absolutizeStyleUrls', () => {
  it('resolves relative URLs against the style URL and keeps placeholders and absolute URLs', () => {
    const result = absolutizeStyleUrls(
      {
        version: 8,
        sources: {
          a: { type: 'vector', url: 'tiles.json' },
          b: { type: 'geojson', data: '/data/zones.geojson' },
          c: { type: 'raster', tiles: ['https://tiles.example/{z}/{x}/{y}.png'] },
        },
        sprite: [{ id: 'default', url: '../sprites/base' }],
        layers: [],
      },
      'http://127.0.0.1:3000/api/basemap/style.json?theme=light',
    );
    expect(result.sources.a).toEqual({ type: 'vector', url: 'http://127.0.0.1:3000/api/basemap/tiles.json' });
    expect(result.sources.b).toEqual({ type: 'geojson', data: 'http://127.0.0.1:3000/data/zones.geojson' });
    expect(result.sources.c).toEqual({ type: 'raster', tiles: ['https://tiles.example/{z}/{x}/{y}.png'] });
    expect(result.sprite).toEqual([{ id: 'default', url: 'http://127.0.0.1:3000/api/sprites/base' }]);
  });
});
