import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pointOnFeature } from '@turf/turf';
import type { FeatureCollection } from 'geojson';
import type { Page } from '@playwright/test';
import { readRawCsv } from '../support/rawCsv';
import { expect, mapReady, panel, test, toolbar } from './support/shellFixtures';

const OPEN_DATA = process.env.OPENDATA_DIR ?? join(import.meta.dirname, '../../../shared/opendata');
/** The part of the map left visible by a 600 px right panel (1440 × 900 window), below the map buttons. */
const MAP_REGION = { x: 90, y: 90, width: 700, height: 760 };
const PARIS: [number, number] = [2.3419, 48.8601];
/** Les Halles 1: in the INSEE 2017 Paris file and the 2015 diplômes-formation base. */
const IRIS_CODE = '751010201';

interface MapHandle {
  map: {
    jumpTo(options: unknown): void;
    loaded(): boolean;
    isMoving(): boolean;
    project(point: [number, number]): { x: number; y: number };
    queryRenderedFeatures(point?: unknown, options?: unknown): { id?: unknown; properties: Record<string, unknown> }[];
    getFeatureState(feature: unknown): Record<string, unknown>;
    getLayer(id: string): unknown;
  };
}

/** Waits for the map to have drawn everything (tiles loaded, no move, paint transitions over). */
async function mapSettled(page: Page): Promise<void> {
  await page.waitForTimeout(400);
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const { map } = (window as unknown as { __zonalyseMap: MapHandle }).__zonalyseMap;
          return map.loaded() && !map.isMoving();
        }),
      { timeout: 30_000 },
    )
    .toBe(true);
  await page.waitForTimeout(400);
}

async function jumpTo(page: Page, center: [number, number], zoom: number): Promise<void> {
  await page.evaluate(
    ([lng, lat, z]) =>
      (window as unknown as { __zonalyseMap: MapHandle }).__zonalyseMap.map.jumpTo({ center: [lng, lat], zoom: z }),
    [center[0], center[1], zoom] as const,
  );
  await mapSettled(page);
}

/** A PNG of the map region, as base64. */
async function capture(page: Page, name?: string): Promise<string> {
  const png = await page.screenshot({
    clip: MAP_REGION,
    ...(name ? { path: `tests/e2e/screenshots/${name}.png` } : {}),
  });
  return png.toString('base64');
}

interface PixelComparison {
  /** Mean absolute difference per channel (0–255) between the two images. */
  difference: number;
  /** Mean colour of the second image. */
  mean: { r: number; g: number; b: number };
}

/** Decodes two PNG captures in the page (canvas 2D) and compares their pixels. */
function compare(page: Page, before: string, after: string): Promise<PixelComparison> {
  return page.evaluate(
    async ([first, second]) => {
      const pixels = async (base64: string) => {
        const image = new Image();
        image.src = `data:image/png;base64,${base64}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext('2d');
        if (!context) throw new Error('canvas 2D indisponible');
        context.drawImage(image, 0, 0);
        return context.getImageData(0, 0, image.width, image.height).data;
      };
      const a = await pixels(first);
      const b = await pixels(second);
      let difference = 0;
      const sum = { r: 0, g: 0, b: 0 };
      const count = b.length / 4;
      for (let index = 0; index < b.length; index += 4) {
        for (let channel = 0; channel < 3; channel += 1)
          difference += Math.abs((a[index + channel] ?? 0) - (b[index + channel] ?? 0));
        sum.r += b[index] ?? 0;
        sum.g += b[index + 1] ?? 0;
        sum.b += b[index + 2] ?? 0;
      }
      return {
        difference: difference / (count * 3),
        mean: { r: sum.r / count, g: sum.g / count, b: sum.b / count },
      };
    },
    [before, after] as const,
  );
}

/**
 * A square of `size` px of the map canvas lying inside one area drawn by `layer`, with no line, label or circle
 * over it and no other area of the layer (its centre on the canvas, null when there is none in view).
 */
function squareInsideLayer(page: Page, layer: string, size: number): Promise<{ x: number; y: number } | null> {
  return page.evaluate(
    ([layerId, side]) => {
      const { map } = (window as unknown as { __zonalyseMap: MapHandle }).__zonalyseMap;
      const canvas = document.querySelector('.map-view__canvas canvas') as HTMLCanvasElement;
      const { left, right } = (map as unknown as { getPadding(): { left: number; right: number } }).getPadding();
      const half = side / 2;
      for (let y = 120; y < canvas.clientHeight - 60; y += 10)
        for (let x = left + 60; x < canvas.clientWidth - right - 60; x += 10) {
          const features = map.queryRenderedFeatures([
            [x - half, y - half],
            [x + half, y + half],
          ]) as unknown as { id?: unknown; layer: { id: string; type: string } }[];
          const areas = new Set(
            features.filter((feature) => feature.layer.id === layerId).map((feature) => feature.id),
          );
          const clear = features.every(
            (feature) => feature.layer.type === 'fill' || feature.layer.type === 'background',
          );
          const centre = map.queryRenderedFeatures([x, y], { layers: [layerId] });
          if (clear && areas.size === 1 && centre.length === 1) return { x, y };
        }
      return null;
    },
    [layer, size] as const,
  );
}

/** The luminance (0–255) of each pixel of a PNG, decoded in the page (canvas 2D), row by row. */
function luminance(page: Page, png: Buffer): Promise<number[][]> {
  return page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('canvas 2D indisponible');
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, image.width, image.height);
    return Array.from({ length: image.height }, (_, y) =>
      Array.from({ length: image.width }, (__, x) => {
        const offset = (y * image.width + x) * 4;
        return 0.2126 * (data[offset] ?? 0) + 0.7152 * (data[offset + 1] ?? 0) + 0.0722 * (data[offset + 2] ?? 0);
      }),
    );
  }, png.toString('base64'));
}

/** Mean absolute luminance difference between each pixel and the one `dx`, `dy` away. */
function meanShiftDifference(pixels: number[][], dx: number, dy: number): number {
  let sum = 0;
  let count = 0;
  for (let y = Math.max(0, -dy); y < pixels.length - Math.max(0, dy); y += 1)
    for (let x = Math.max(0, -dx); x < (pixels[0]?.length ?? 0) - Math.max(0, dx); x += 1) {
      sum += Math.abs((pixels[y]?.[x] ?? 0) - (pixels[y + dy]?.[x + dx] ?? 0));
      count += 1;
    }
  return sum / count;
}

const METRICS = [
  'Densité de population',
  'Population totale',
  'Revenu médian',
  'Taux d’emploi (15-64 ans)',
  'Valeur foncière au m²',
  'Type de logement (part de maisons)',
  'Nombre d’entreprises',
] as const;

test.describe('visualisations', () => {
  test('each metric at IRIS and commune level over Paris, then palette and opacity, change the map colours', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await page.goto('/map');
    await mapReady(page);
    await toolbar(page).getByRole('button', { name: 'Visualisations', exact: true }).click();
    const visualizations = panel(page, 'visualizations');
    await expect(visualizations.getByRole('button', { name: 'Appliquer la visualisation' })).toBeVisible();
    await expect(visualizations.getByLabel(/Opacité/)).toHaveValue('70');
    await jumpTo(page, PARIS, 12);
    const baseline = await capture(page);

    const apply = async () => {
      await visualizations.getByRole('button', { name: 'Appliquer la visualisation' }).click();
      await expect(visualizations.getByRole('button', { name: 'Appliquer la visualisation' })).toBeEnabled();
      await mapSettled(page);
    };

    for (const level of ['IRIS', 'Commune'] as const) {
      await visualizations.getByRole('radio', { name: new RegExp(`^${level}`) }).check();
      const captures: string[] = [];
      for (const metric of METRICS) {
        await visualizations.getByLabel('Indicateur').selectOption({ label: metric });
        await apply();
        await expect(visualizations.getByTestId('visualization-applied')).toContainText(`${metric} par ${level}`);
        await expect(visualizations.getByRole('figure', { name: `Légende : ${metric}` })).toContainText(
          'donnée non disponible',
        );
        const shot = await capture(
          page,
          metric === 'Densité de population' || metric.startsWith('Type de logement')
            ? `visualizations-${level.toLowerCase()}-${metric === 'Densité de population' ? 'density' : 'housing'}-light`
            : undefined,
        );
        const change = await compare(page, baseline, shot);
        expect(change.difference, `${metric} par ${level} colore la carte`).toBeGreaterThan(3);
        captures.push(shot);
      }
      // Different metrics give different maps (not one fixed colouring).
      const distinct = await Promise.all(captures.slice(1).map((shot) => compare(page, captures[0] as string, shot)));
      expect(distinct.filter((comparison) => comparison.difference > 1).length).toBeGreaterThanOrEqual(4);
    }

    // Palette: blues → greens shifts the mean colour from blue towards green.
    await visualizations.getByRole('radio', { name: 'IRIS' }).check();
    await visualizations.getByLabel('Indicateur').selectOption({ label: 'Densité de population' });
    await apply();
    const blues = await capture(page);
    // Insights computed from the IRIS in view: the highest value named is the largest density drawn.
    const insights = visualizations.getByTestId('visualization-insights');
    await expect(insights).toContainText('Valeurs les plus élevées');
    await expect(insights).toContainText(/Calculé à partir des \d+ zones visibles/);
    const highest = await page.evaluate(() => {
      const { map } = (window as unknown as { __zonalyseMap: MapHandle }).__zonalyseMap;
      // The part of the map the panel leaves visible, as the insights do.
      const canvas = document.querySelector('.map-view__canvas canvas') as HTMLCanvasElement;
      const { left, right } = (map as unknown as { getPadding(): { left: number; right: number } }).getPadding();
      const features = map.queryRenderedFeatures(
        [
          [left, 0],
          [canvas.clientWidth - right, canvas.clientHeight],
        ],
        { layers: ['zonalyse-choropleth-fill'] },
      );
      return Math.max(...features.map((feature) => Number(feature.properties.population_density)));
    });
    expect(highest).toBeGreaterThan(0);
    await expect(insights).toContainText(
      `(${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 }).format(highest)} hab./km²)`,
    );
    await visualizations.getByRole('radio', { name: 'Verts' }).check();
    await mapSettled(page);
    const greens = await capture(page, 'visualizations-iris-density-greens-light');
    const paletteChange = await compare(page, blues, greens);
    const bluesMean = (await compare(page, baseline, blues)).mean;
    expect(paletteChange.difference).toBeGreaterThan(3);
    expect(paletteChange.mean.g - paletteChange.mean.b).toBeGreaterThan(bluesMean.g - bluesMean.b + 5);

    // Opacity: at 20 % the map is closer to the basemap than at 100 %.
    const slider = visualizations.getByLabel(/Opacité/);
    await slider.fill('100');
    await mapSettled(page);
    const opaque = await compare(page, baseline, await capture(page, 'visualizations-opacity-100-light'));
    await slider.fill('20');
    await mapSettled(page);
    const faint = await compare(page, baseline, await capture(page, 'visualizations-opacity-20-light'));
    expect(opaque.difference).toBeGreaterThan(faint.difference + 5);

    // Applying the same choices again ends too (button back, insights recomputed).
    await apply();
    await expect(visualizations.getByTestId('visualization-insights')).toContainText('Valeurs les plus élevées');

    // Masquer la visualisation: back to the basemap.
    await visualizations.getByRole('button', { name: 'Masquer la visualisation' }).click();
    await mapSettled(page);
    const hidden = await compare(page, baseline, await capture(page));
    expect(hidden.difference).toBeLessThan(faint.difference);
    await page.screenshot({ path: 'tests/e2e/screenshots/visualizations-panel-light.png' });
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`clicking an IRIS selects it in red and shows its INSEE values; clicking again deselects it (${theme})`, async ({
      page,
    }) => {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await page.goto('/map');
      await mapReady(page, theme);
      // IRIS map panel: hidden → basic.
      await page.locator('[data-panel-button="iris"]').click();
      const irisPanel = panel(page, 'iris');
      await irisPanel.getByRole('button', { name: 'Afficher les IRIS' }).click();
      await expect(irisPanel.getByRole('radio', { name: 'Contours' })).toBeChecked();
      await irisPanel.getByRole('button', { name: 'Fermer le panneau IRIS' }).click();
      // An IRIS of the raw files, and a point inside its official contour.
      const contours = JSON.parse(
        readFileSync(join(OPEN_DATA, 'iris/iris-75-paris.geojson'), 'utf8'),
      ) as FeatureCollection;
      const contour = contours.features.find((feature) => feature.properties?.CODE_IRIS === IRIS_CODE);
      if (!contour) throw new Error(`IRIS ${IRIS_CODE} absent des contours`);
      const inside = pointOnFeature(contour).geometry.coordinates as [number, number];
      await jumpTo(page, inside, 15);
      const target = await page.evaluate((center) => {
        const { map } = (window as unknown as { __zonalyseMap: MapHandle }).__zonalyseMap;
        const point = map.project(center);
        const [feature] = map.queryRenderedFeatures([point.x, point.y], { layers: ['zonalyse-iris-fill'] });
        return { x: point.x, y: point.y, code: String(feature?.id ?? '') };
      }, inside);
      expect(target.code).toBe(IRIS_CODE);
      const canvas = await page.locator('.map-view__canvas canvas').boundingBox();
      if (!canvas) throw new Error('carte absente');
      await page.mouse.click(canvas.x + target.x, canvas.y + target.y);

      // Independent computation from the raw INSEE files.
      const census = readRawCsv(join(OPEN_DATA, 'insee_iris/rp2016-iris-H-population-age-csp-paris.csv'), ',');
      const censusRow = census.rows.find((row) => row.IRIS === target.code);
      const incomeRow = readRawCsv(join(OPEN_DATA, 'insee_iris/data_iris_paris_2017.csv'), ';').rows.find(
        (row) => row.IRIS === target.code,
      );
      expect(censusRow, 'IRIS dans le fichier RP 2016 (âges)').toBeDefined();
      expect(incomeRow, 'IRIS dans le fichier INSEE 2017').toBeDefined();
      const value = (text: string | undefined) => Number(String(text ?? '').replace(',', '.'));
      // RP 2016 population: the sum of the six age bands (the file has no total column).
      const population = ['0014', '1529', '3044', '4559', '6074', '75P'].reduce(
        (sum, band) => sum + value(censusRow?.[`P16_POP${band}`]),
        0,
      );
      const income = value(incomeRow?.niveau_vie_median);
      const employment = value(incomeRow?.P17_ACTOCC1564) / value(incomeRow?.P17_POP1564);
      const integer = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
      const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
      const oneDecimal = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

      const detail = page.getByTestId('iris-detail-panel');
      await expect(detail).toBeVisible();
      const field = (name: string) => detail.locator(`[data-field="${name}"] dd`);
      await expect(field('code')).toHaveText(target.code);
      await expect(field('name')).toHaveText(incomeRow?.LIBIRIS ?? '');
      await expect(field('commune')).toContainText(`(${incomeRow?.COM ?? ''})`);
      await expect(field('type')).toHaveText(
        { H: 'Zone d’habitat', A: 'Zone d’activité', D: 'Zone diverse' }[incomeRow?.TYP_IRIS ?? ''] ?? '',
      );
      await expect(field('population')).toHaveText(`${integer.format(population)} habitants (RP 2016)`);
      await expect(field('median_income')).toHaveText(`${euros.format(income)} par an et par UC (2017)`);
      await expect(field('employment_rate')).toHaveText(`${oneDecimal.format(employment * 100)} %`);
      const area = await field('area').textContent();
      const areaKm2 = Number((area ?? '').replace(/\s|km²/g, '').replace(',', '.'));
      expect(areaKm2).toBeGreaterThan(0);
      await expect(field('density')).toHaveText(/^[\d\u202f ]+ hab\.\/km²$/);

      // Selected in red (feature-state), on the map too.
      await mapSettled(page);
      const state = await page.evaluate(
        (code) =>
          (window as unknown as { __zonalyseMap: MapHandle }).__zonalyseMap.map.getFeatureState({
            source: 'zonalyse-iris',
            sourceLayer: 'iris_geometry',
            id: code,
          }),
        target.code,
      );
      expect(state.selected).toBe(true);
      const pixel = await page.screenshot({
        clip: { x: canvas.x + target.x - 2, y: canvas.y + target.y - 2, width: 4, height: 4 },
      });
      const colour = await page.evaluate(async (base64) => {
        const image = new Image();
        image.src = `data:image/png;base64,${base64}`;
        await image.decode();
        const canvasElement = document.createElement('canvas');
        canvasElement.width = image.width;
        canvasElement.height = image.height;
        const context = canvasElement.getContext('2d');
        context?.drawImage(image, 0, 0);
        const data = context?.getImageData(0, 0, 1, 1).data;
        return { r: data?.[0] ?? 0, g: data?.[1] ?? 0, b: data?.[2] ?? 0 };
      }, pixel.toString('base64'));
      expect(colour.r).toBeGreaterThan(colour.g + 40);
      expect(colour.r).toBeGreaterThan(colour.b + 40);
      await page.screenshot({ path: `tests/e2e/screenshots/visualizations-iris-detail-${theme}.png` });

      // Click again: deselected, panel closed.
      await page.mouse.click(canvas.x + target.x, canvas.y + target.y);
      await expect(detail).toBeHidden();
    });
  }

  test('IRIS heat-map modes colour the IRIS with their legend; hover highlights through feature-state', async ({
    page,
  }) => {
    await page.goto('/map');
    await mapReady(page);
    await page.locator('[data-panel-button="iris"]').click();
    const irisPanel = panel(page, 'iris');
    await irisPanel.getByRole('button', { name: 'Afficher les IRIS' }).click();
    await jumpTo(page, PARIS, 12);
    const basic = await capture(page, 'visualizations-iris-basic-light');
    const shots: Record<string, string> = {};
    for (const [mode, legend] of [
      ['Population', 'Population'],
      ['Revenu médian', 'Revenu médian'],
      ['Valeur foncière au m²', 'Valeur foncière au m²'],
    ] as const) {
      await irisPanel.getByRole('radio', { name: mode }).check();
      await expect(irisPanel.getByRole('figure', { name: `Légende : ${legend}` })).toBeVisible();
      await mapSettled(page);
      shots[mode] = await capture(
        page,
        `visualizations-iris-mode-${mode === 'Population' ? 'population' : mode === 'Revenu médian' ? 'revenue' : 'land-value'}-light`,
      );
      expect((await compare(page, basic, shots[mode] as string)).difference, mode).toBeGreaterThan(3);
    }
    expect(
      (await compare(page, shots.Population as string, shots['Revenu médian'] as string)).difference,
    ).toBeGreaterThan(3);
    await expect(irisPanel.getByRole('figure', { name: 'Légende : Valeur foncière au m²' })).toContainText('≥ 50');

    // Hover: the IRIS under the pointer gets the hover feature-state.
    const canvas = await page.locator('.map-view__canvas canvas').boundingBox();
    if (!canvas) throw new Error('carte absente');
    const hovered = await page.evaluate(() => {
      const { map } = (window as unknown as { __zonalyseMap: MapHandle }).__zonalyseMap;
      const point = map.project([2.3419, 48.8601]);
      const [feature] = map.queryRenderedFeatures([point.x, point.y], { layers: ['zonalyse-iris-fill'] });
      return { x: point.x, y: point.y, code: String(feature?.id ?? '') };
    });
    await page.mouse.move(canvas.x + hovered.x, canvas.y + hovered.y);
    await expect
      .poll(() =>
        page.evaluate(
          (code) =>
            (window as unknown as { __zonalyseMap: MapHandle }).__zonalyseMap.map.getFeatureState({
              source: 'zonalyse-iris',
              sourceLayer: 'iris_geometry',
              id: code,
            }).hover,
          hovered.code,
        ),
      )
      .toBe(true);

    // Toggle from any visible mode goes to hidden.
    await irisPanel.getByRole('button', { name: 'Masquer les IRIS' }).click();
    await expect(irisPanel.getByRole('radio', { name: 'Masqué' })).toBeChecked();
    await mapSettled(page);
    expect((await compare(page, basic, await capture(page))).difference).toBeGreaterThan(0.5);
  });

  test('visualisation panel in the dark theme: commune level, legend and insights', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.goto('/map');
    await mapReady(page, 'dark');
    await toolbar(page).getByRole('button', { name: 'Visualisations', exact: true }).click();
    const visualizations = panel(page, 'visualizations');
    await jumpTo(page, PARIS, 11);
    await visualizations.getByRole('radio', { name: /^Commune/ }).check();
    await visualizations.getByLabel('Indicateur').selectOption({ label: 'Revenu médian' });
    await visualizations.getByRole('radio', { name: 'Chaleur' }).check();
    await visualizations.getByRole('button', { name: 'Appliquer la visualisation' }).click();
    await mapSettled(page);
    const insights = visualizations.getByTestId('visualization-insights');
    await expect(insights).toContainText('Valeurs les plus basses');
    await expect(insights).toContainText('Écart entre la plus haute et la plus basse');
    await expect(visualizations.getByRole('figure', { name: 'Légende : Revenu médian' })).toHaveScreenshot(
      'visualizations-legend-income-commune-dark.png',
    );
    await visualizations.getByTestId('visualization-insights').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'tests/e2e/screenshots/visualizations-panel-dark.png' });
    // Areas without income at commune level are hatched, not coloured as zero: inside one of them, away from
    // streets and labels, the pixels alternate with the pattern's 8 px period along x (a stripe 4 px away
    // differs, 8 px away matches) and stay alike along the stripes' diagonal (x + 1, y − 1).
    const square = await squareInsideLayer(page, 'zonalyse-choropleth-missing', 32);
    expect(square, 'une zone sans donnée hachurée dans la vue').not.toBeNull();
    const canvas = await page.locator('.map-view__canvas canvas').boundingBox();
    if (!canvas || !square) throw new Error('carte absente');
    const hatch = await page.screenshot({
      path: 'tests/e2e/screenshots/visualizations-missing-dark.png',
      clip: { x: canvas.x + square.x - 16, y: canvas.y + square.y - 16, width: 32, height: 32 },
    });
    const pixels = await luminance(page, hatch);
    const halfPeriod = meanShiftDifference(pixels, 4, 0);
    expect(halfPeriod, 'contraste entre rayure et fond').toBeGreaterThan(15);
    expect(meanShiftDifference(pixels, 8, 0)).toBeLessThan(halfPeriod / 3);
    expect(meanShiftDifference(pixels, 1, -1)).toBeLessThan(halfPeriod / 3);
    // The same measure on an area with a value (a flat colour) finds no stripes.
    const filled = await squareInsideLayer(page, 'zonalyse-choropleth-fill', 32);
    expect(filled, 'une zone colorée dans la vue').not.toBeNull();
    if (!filled) throw new Error('aucune zone colorée');
    const flat = await page.screenshot({
      clip: { x: canvas.x + filled.x - 16, y: canvas.y + filled.y - 16, width: 32, height: 32 },
    });
    expect(meanShiftDifference(await luminance(page, flat), 4, 0)).toBeLessThan(5);
  });

  test('resilience, simulated 503 of the vector tiles: the IRIS layer falls back to GeoJSON and still selects', async ({
    page,
  }) => {
    await page.route('**/api/iris/static-tiles/**', (route) => route.fulfill({ status: 503, body: 'indisponible' }));
    await page.goto('/map');
    await mapReady(page);
    await page.locator('[data-panel-button="iris"]').click();
    const irisPanel = panel(page, 'iris');
    await irisPanel.getByRole('button', { name: 'Afficher les IRIS' }).click();
    await irisPanel.getByRole('radio', { name: 'Population' }).check();
    await irisPanel.getByRole('button', { name: 'Fermer le panneau IRIS' }).click();
    await jumpTo(page, PARIS, 14);
    await expect(page.getByText('Tuiles IRIS indisponibles')).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            (
              window as unknown as { __zonalyseMap: { map: { getSource(id: string): { type: string } | undefined } } }
            ).__zonalyseMap.map.getSource('zonalyse-iris')?.type,
        ),
      )
      .toBe('geojson');
    await mapSettled(page);
    const target = await page.evaluate((center) => {
      const { map } = (window as unknown as { __zonalyseMap: MapHandle }).__zonalyseMap;
      const point = map.project(center);
      const [feature] = map.queryRenderedFeatures([point.x, point.y], { layers: ['zonalyse-iris-fill'] });
      return { x: point.x, y: point.y, code: String(feature?.id ?? '') };
    }, PARIS);
    expect(target.code).toMatch(/^75\d{7}$/);
    const canvas = await page.locator('.map-view__canvas canvas').boundingBox();
    if (!canvas) throw new Error('carte absente');
    await page.mouse.click(canvas.x + target.x, canvas.y + target.y);
    await expect(page.getByTestId('iris-detail-panel').locator('[data-field="code"] dd')).toHaveText(target.code);
    await page.screenshot({ path: 'tests/e2e/screenshots/visualizations-iris-geojson-fallback-light.png' });
    // Keyboard: focus is on 'Fermer'; Escape closes the detail and deselects.
    await expect(page.getByTestId('iris-detail-panel').getByRole('button', { name: 'Fermer' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('iris-detail-panel')).toBeHidden();
  });
});
