import { chromium, type Browser } from '@playwright/test';
import { buildClientIfNeeded } from '../../scripts/clientBuild';
import type { BenchContext } from './BenchContext';
import { startServer, type StartedServer } from './serverProcess';

/** Chromium's software WebGL (SwiftShader), as on this machine without a GPU. */
export const SOFTWARE_RENDERING = ['--disable-gpu', '--enable-unsafe-swiftshader'];

/** The built client served by a server process on the demo territory (PGlite), for a browser bench. */
export function startDemoServer(
  context: BenchContext,
  port: number,
  environment: Record<string, string> = {},
): Promise<StartedServer> {
  buildClientIfNeeded();
  return startServer(
    {
      DATA_DIR: context.pgliteDataDirectory,
      DATABASE_URL: '',
      OPENDATA_DIR: context.openDataDirectory,
      AUTO_IMPORT: 'false',
      ...environment,
    },
    port,
  );
}

/** Debian's Chromium (`CHROMIUM_PATH` to use another), headless, with the rendering flags given. */
export function launchBenchBrowser(renderingFlags: readonly string[] = SOFTWARE_RENDERING): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--no-first-run', ...renderingFlags],
  });
}
