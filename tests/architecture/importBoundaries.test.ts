import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The tier boundaries of eslint.config.js, checked by linting deliberate violations as if they were
 * written in real files of each tier (the text replaces the file's content for this lint only).
 */
const ROOT = resolve(import.meta.dirname, '../..');
let eslint: ESLint;

async function boundaryErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, filePath) });
  return (result?.messages ?? [])
    .filter((message) => BOUNDARY_RULES.includes(message.ruleId ?? ''))
    .map((message) => message.message);
}

const BOUNDARY_RULES = ['no-restricted-imports', 'no-restricted-globals', 'no-restricted-syntax'];

beforeAll(() => {
  // Only the boundary rules, which need no type information: no TypeScript program is built.
  eslint = new ESLint({
    cwd: ROOT,
    overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
    ruleFilter: ({ ruleId }) => BOUNDARY_RULES.includes(ruleId),
  });
});

describe('import boundaries', () => {
  it('kernel/ imports neither the client, the server nor the workers', async () => {
    const file = 'kernel/format/formatFrench.ts';
    expect(await boundaryErrors("export { createAppStore } from '../../src/app/store';\n", file)).toEqual([
      expect.stringContaining('kernel/ is shared'),
    ]);
    expect(await boundaryErrors("export { buildApp } from '../../server/app';\n", file)).toHaveLength(1);
    expect(
      await boundaryErrors(
        "export type { InsightsWorkerApi } from '../../workers/visualizations/insightsWorkerApi';\n",
        file,
      ),
    ).toHaveLength(1);
  });

  it('kernel/ uses no Node, DOM or React API', async () => {
    const file = 'kernel/format/formatFrench.ts';
    expect(await boundaryErrors("export { readFileSync } from 'node:fs';\n", file)).toEqual([
      expect.stringContaining('pure domain logic'),
    ]);
    expect(await boundaryErrors("export { useState } from 'react';\n", file)).toHaveLength(1);
    expect(await boundaryErrors('export const home = process.env.HOME;\n', file)).toHaveLength(1);
    expect(await boundaryErrors('export const title = document.title;\n', file)).toHaveLength(1);
  });

  it('kernel/ may import its own modules and zod', async () => {
    expect(
      await boundaryErrors(
        "export { z } from 'zod';\nexport { formatNumber } from '../format/formatFrench';\n",
        'kernel/subscription/tiers.ts',
      ),
    ).toEqual([]);
  });

  it('server/ never imports src/ or workers/', async () => {
    const file = 'server/health/healthRoutes.ts';
    expect(await boundaryErrors("export { httpClient } from '../../src/api/httpClient';\n", file)).toEqual([
      expect.stringContaining('server/ never imports the client'),
    ]);
    expect(
      await boundaryErrors("export * from '../../workers/real-estate/zoneTransactionsQuery';\n", file),
    ).toHaveLength(1);
    expect(
      await boundaryErrors("export * from '../../../../src/app/store';\n", 'server/import/sources/dvf/dvfImporter.ts'),
    ).toHaveLength(1);
    expect(await boundaryErrors("export * from '../../kernel/format/formatFrench';\n", file)).toEqual([]);
  });

  it('a feature reaches the app shell only through its public modules', async () => {
    const file = 'src/features/zones/ZoneRow.tsx';
    expect(await boundaryErrors("export { toastsSlice } from '../../app/toasts/toastsSlice';\n", file)).toEqual([
      expect.stringContaining('only through src/app/store'),
    ]);
    expect(await boundaryErrors("export { layoutSlice } from '../../app/layout/layoutSlice';\n", file)).toHaveLength(1);
    expect(await boundaryErrors("export { buildApp } from '../../../server/app';\n", file)).toHaveLength(1);
    expect(
      await boundaryErrors(
        [
          "export { toastShown } from '../../app/shellActions';",
          "export { useAppDispatch } from '../../app/hooks';",
          "export type { RootState } from '../../app/store';",
          "export { selectZones } from '../../app/selectors';",
          '',
        ].join('\n'),
        file,
      ),
    ).toEqual([]);
  });

  it('a feature talks to the map only through the map controller', async () => {
    const file = 'src/features/zones/ZoneLayers.tsx';
    const reachingPast = [
      "import { useMapController } from '../../map/MapControllerContext';",
      'export function useZoom(): number | undefined {',
      '  const controller = useMapController();',
      '  return controller?.map.getZoom();',
      '}',
      '',
    ].join('\n');
    expect(await boundaryErrors(reachingPast, file)).toEqual([expect.stringContaining('MapController methods')]);
    const throughMethods = reachingPast.replace('controller?.map.getZoom()', 'controller?.view().zoom');
    expect(await boundaryErrors(throughMethods, file)).toEqual([]);
  });
});
