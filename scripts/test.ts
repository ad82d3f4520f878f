import { spawn } from 'node:child_process';

/**
 * `npm test`: the two static checks (types, lint) side by side — one core each — then Vitest's unit and
 * integration projects. Arguments after `--` go to Vitest. A check's output is printed whole when it ends,
 * so the two never interleave.
 */
function run(command: string, args: string[], buffered: boolean): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

const startedAt = performance.now();
const seconds = () => ((performance.now() - startedAt) / 1000).toFixed(0);

const checks = await Promise.all(
  ['typecheck', 'lint'].map(async (script) => {
    const result = await run('npm', ['run', '--silent', script], true);
    process.stdout.write(result.output);
    console.log(`${result.code === 0 ? '✓' : '✗'} npm run ${script} (${seconds()} s)`);
    return result.code;
  }),
);
if (checks.some((code) => code !== 0)) process.exit(1);

const tests = await run('npx', ['vitest', 'run', ...process.argv.slice(2)], false);
console.log(`${tests.code === 0 ? '✓' : '✗'} vitest (${seconds()} s in all)`);
process.exit(tests.code);
