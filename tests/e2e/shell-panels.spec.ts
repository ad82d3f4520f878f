import { box, expect, mapReady, panel, rail, test, toolbar, TOOLBAR_PANELS } from './support/shellFixtures';

test.describe('right panels and toolbar', () => {
  test('each of the seven toolbar panels opens with its title and closes again', async ({ page, outsideRequests }) => {
    await page.goto('/map');
    await mapReady(page);
    const buttons = toolbar(page).getByRole('list').getByRole('button');
    expect(
      await buttons.evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label'))),
    ).toEqual(TOOLBAR_PANELS.map((entry) => entry.label));
    expect((await toolbar(page).boundingBox())?.width).toBe(60);
    for (const entry of TOOLBAR_PANELS) {
      await toolbar(page).getByRole('button', { name: entry.label, exact: true }).click();
      const region = page.getByRole('region', { name: entry.title, exact: true });
      await expect(region).toBeVisible();
      await expect(region.getByRole('heading', { level: 2, name: entry.title })).toBeFocused();
      await expect(region.locator('.panel-frame__body')).not.toBeEmpty();
      await expect(region.getByText('Chargement…')).toBeHidden();
      await expect(toolbar(page)).toBeHidden();
      await region.getByRole('button', { name: `Fermer le panneau ${entry.title}` }).click();
      await expect(region).toBeHidden();
      await expect(toolbar(page)).toBeVisible();
      await expect(toolbar(page).getByRole('button', { name: entry.label, exact: true })).toBeFocused();
    }
    expect(outsideRequests).toEqual([]);
  });

  test('three panels: two side by side, the third stacked 24 px behind; expand, bring forward, close all', async ({
    page,
    outsideRequests,
  }) => {
    await page.goto('/map');
    await mapReady(page);
    await toolbar(page).getByRole('button', { name: 'Périmètre d’analyse', exact: true }).click();
    // The toolbar is hidden now: the panel rail opens the others.
    await rail(page).getByRole('button', { name: 'Démographie' }).click();
    await rail(page).getByRole('button', { name: 'Entreprises' }).click();
    await expect(rail(page).getByRole('button', { name: 'Démographie' })).toHaveAttribute('aria-pressed', 'true');

    // 1440 px window: front panel against the right edge, the previous one beside it, the first stacked.
    expect(await box(page, 'businesses')).toEqual({ x: 840, width: 600 });
    expect(await box(page, 'demographics')).toEqual({ x: 240, width: 600 });
    const stacked = await box(page, 'perimeter');
    expect(stacked).toEqual({ x: 216, width: 600 });
    expect(stacked.x).toBe((await box(page, 'demographics')).x - 24);
    await expect(panel(page, 'perimeter')).toHaveAttribute('inert', '');
    // The map aims at the part the panels leave visible.
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            (
              window as unknown as { __zonalyseMap: { map: { getPadding(): { right: number } } } }
            ).__zonalyseMap.map.getPadding().right,
        ),
      )
      .toBe(1224);
    await page.screenshot({ path: 'tests/e2e/screenshots/shell-three-panels.png' });

    // Expand the front panel: 1000 px, the two others become 24 px strips.
    const front = page.getByRole('region', { name: 'Analyse d’entreprises' });
    await front.getByRole('button', { name: 'Agrandir le panneau Analyse d’entreprises' }).click();
    expect(await box(page, 'businesses')).toEqual({ x: 440, width: 1000 });
    expect((await box(page, 'demographics')).x).toBe(416);
    expect((await box(page, 'perimeter')).x).toBe(392);
    await page.screenshot({ path: 'tests/e2e/screenshots/shell-expanded-panel.png' });
    await front.getByRole('button', { name: 'Réduire le panneau Analyse d’entreprises' }).click();
    expect(await box(page, 'businesses')).toEqual({ x: 840, width: 600 });

    // The strip of the stacked panel brings it to the front.
    await page.getByRole('button', { name: 'Afficher le panneau Périmètre d’analyse' }).click();
    expect(await box(page, 'perimeter')).toEqual({ x: 840, width: 600 });
    await expect(page.getByRole('heading', { name: 'Périmètre d’analyse', level: 2 })).toBeFocused();
    expect((await box(page, 'businesses')).x).toBe(240);
    expect((await box(page, 'demographics')).x).toBe(216);

    await rail(page).getByRole('button', { name: 'Fermer tous les panneaux' }).click();
    await expect(page.locator('section[data-panel]')).toHaveCount(0);
    await expect(toolbar(page)).toBeVisible();
    expect(outsideRequests).toEqual([]);
  });

  test('the map panel buttons toggle search, geomarketing, IRIS and choropleth', async ({ page }) => {
    await page.goto('/map');
    const controls = page.getByRole('group', { name: 'Panneaux de la carte' });
    for (const [label, title] of [
      ['Recherche', 'Recherche'],
      ['Géomarketing', 'Géomarketing'],
      ['IRIS', 'IRIS'],
      ['Choroplèthe', 'Cartes choroplèthes'],
    ] as const) {
      const button = controls.getByRole('button', { name: label, exact: true });
      await button.click();
      await expect(button).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByRole('region', { name: title, exact: true })).toBeVisible();
      await button.click();
      await expect(page.getByRole('region', { name: title, exact: true })).toBeHidden();
    }
  });

  test('the layout is restored after a reload (panel-layout-store)', async ({ page }) => {
    await page.goto('/map');
    await toolbar(page).getByRole('button', { name: 'Immobilier DVF' }).click();
    await rail(page).getByRole('button', { name: 'Export' }).click();
    await page
      .getByRole('region', { name: 'Exporter les données' })
      .getByRole('button', { name: 'Agrandir le panneau Exporter les données' })
      .click();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('panel-layout-store') ?? '{}'));
    expect(stored.state).toMatchObject({ activePanels: ['real-estate', 'export'], expandedPanels: ['export'] });

    await page.reload();
    await expect(page.getByRole('region', { name: 'Immobilier', exact: true })).toBeVisible();
    expect(await box(page, 'export')).toEqual({ x: 440, width: 1000 });
    expect((await box(page, 'real-estate')).x).toBe(416);
    await expect(toolbar(page)).toBeHidden();
  });

  test('the left edge of a panel resizes the panels (480–1000 px), by keyboard or by dragging, and is remembered', async ({
    page,
  }) => {
    await page.goto('/map');
    await toolbar(page).getByRole('button', { name: 'Démographie' }).click();
    await rail(page).getByRole('button', { name: 'Export' }).click();
    const handle = page.getByRole('separator', { name: 'Largeur du panneau Exporter les données' });
    await handle.focus();
    for (let press = 0; press < 5; press += 1) await page.keyboard.press('ArrowLeft');
    await expect(handle).toHaveAttribute('aria-valuenow', '680');
    expect(await box(page, 'export')).toEqual({ x: 760, width: 680 });
    // 680 + 680 px no longer leave 160 px of map: the older panel is stacked.
    expect(await box(page, 'demographics')).toEqual({ x: 736, width: 680 });
    await page.keyboard.press('Home');
    expect((await box(page, 'export')).width).toBe(480);

    const edge = await handle.boundingBox();
    if (!edge) throw new Error('poignée absente');
    await page.mouse.move(edge.x + 4, edge.y + 300);
    await page.mouse.down();
    await page.mouse.move(edge.x - 96, edge.y + 300, { steps: 8 });
    await page.mouse.up();
    await expect(handle).toHaveAttribute('aria-valuenow', '580');
    await page.reload();
    expect((await box(page, 'export')).width).toBe(580);
  });

  test('panels work from the keyboard alone', async ({ page }) => {
    await page.goto('/map');
    await mapReady(page);
    const first = toolbar(page).getByRole('button', { name: 'Périmètre d’analyse' });
    await first.focus();
    await page.keyboard.press('Tab');
    await expect(toolbar(page).getByRole('button', { name: 'Démographie' })).toBeFocused();
    await page.keyboard.press('Enter');
    const region = page.getByRole('region', { name: 'Analyse démographique' });
    await expect(region.getByRole('heading', { level: 2 })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(region.getByRole('button', { name: 'Agrandir le panneau Analyse démographique' })).toBeFocused();
    const outline = await region
      .getByRole('button', { name: 'Agrandir le panneau Analyse démographique' })
      .evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(outline).toBe('solid');
    await page.keyboard.press('Enter');
    expect((await box(page, 'demographics')).width).toBe(1000);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(region).toBeHidden();
    await expect(toolbar(page).getByRole('button', { name: 'Démographie' })).toBeFocused();
  });
});
