import type { Page } from '@playwright/test';
import { expect, mapReady, test } from './support/shellFixtures';

interface RenderedSummary {
  lineLayers: string[];
  labels: string[];
  streetFeatures: number;
}

/** What the map draws in the current view: line layers, label texts and street features. */
function rendered(page: Page): Promise<RenderedSummary> {
  return page.evaluate(() => {
    const map = (
      window as unknown as {
        __zonalyseMap: {
          map: {
            queryRenderedFeatures(): {
              layer: { id: string; type: string };
              sourceLayer?: string;
              properties: Record<string, unknown>;
            }[];
          };
        };
      }
    ).__zonalyseMap.map;
    const features = map.queryRenderedFeatures();
    const lineLayers = [...new Set(features.filter((f) => f.layer.type === 'line').map((f) => f.layer.id))];
    const labels = [
      ...new Set(
        features
          .filter((f) => f.layer.type === 'symbol')
          .map((f) => String(f.properties.name ?? f.properties.nom ?? f.properties.label ?? '')),
      ),
    ].filter(Boolean);
    const streetFeatures = features.filter((f) =>
      /street|road|voie|rue/i.test(`${f.sourceLayer ?? ''} ${f.layer.id}`),
    ).length;
    return { lineLayers, labels, streetFeatures };
  });
}

async function flyAndSettle(page: Page, center: [number, number], zoom: number) {
  await page.evaluate(
    ([lng, lat, z]) =>
      new Promise<void>((resolve) => {
        const map = (
          window as unknown as {
            __zonalyseMap: { map: { jumpTo(o: unknown): void; once(e: string, f: () => void): void } };
          }
        ).__zonalyseMap.map;
        map.once('idle', () => resolve());
        map.jumpTo({ center: [lng, lat], zoom: z });
      }),
    [center[0], center[1], zoom] as const,
  );
}

test.describe('self-hosted basemap', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`France at zoom 6 with outlines and names, Paris streets at zoom 14 (${theme}), all from 127.0.0.1`, async ({
      page,
      outsideRequests,
    }) => {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await page.goto('/map');
      await mapReady(page, theme);
      await expect(page.locator('.map-view__canvas')).toHaveAttribute('data-style-origin', 'basemap');
      await flyAndSettle(page, [2.3522, 48.8566], 6);
      const france = await rendered(page);
      expect(france.lineLayers.length).toBeGreaterThanOrEqual(2);
      expect(france.labels).toEqual(expect.arrayContaining(['Île-de-France']));
      await page.screenshot({ path: `tests/e2e/screenshots/shell-basemap-france-${theme}.png` });

      await flyAndSettle(page, [2.3488, 48.8534], 14);
      const paris = await rendered(page);
      await page.screenshot({ path: `tests/e2e/screenshots/shell-basemap-paris-${theme}.png` });
      // Paris at zoom 14: arrondissement outlines and names always; streets come from the road network
      // (`road_edges`, imported by the zones importer): required as soon as the server has one.
      expect(paris.lineLayers).toEqual(expect.arrayContaining(['commune-outline']));
      expect(paris.labels.some((label) => /arrondissement|Paris/i.test(label))).toBe(true);
      const health = (await (await page.request.get('/api/health')).json()) as { datasets: { source: string }[] };
      const roadNetwork = health.datasets.some((dataset) => /road|voie|osm|street|reseau|réseau/i.test(dataset.source));
      if (roadNetwork) expect(paris.streetFeatures).toBeGreaterThan(50);
      else
        test.info().annotations.push({
          type: 'streets',
          description: 'no road network imported on this server: the street layers are empty',
        });
      expect(outsideRequests).toEqual([]);
    });
  }
});
