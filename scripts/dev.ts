import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';

/** `npm run dev`: the API with reload (tsx watch) and Vite with hot reload, proxying /api. */
const ROOT = resolve(import.meta.dirname, '..');
const apiPort = process.env.API_PORT ?? '3000';
const children: ChildProcess[] = [
  spawn(
    process.execPath,
    [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'watch', '--clear-screen=false', 'server/main.ts'],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, PORT: apiPort },
    },
  ),
  spawn(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js')], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children)
  child.once('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
