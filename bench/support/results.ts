import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const HEADER = `# Benchmarks

Written by \`npm run bench\` (\`npm run bench -- <name>\` reruns one section). Each section gives the
machine and date of its run. Targets: \`../shared/DESIGN.md\` and each issue.
`;

/** Replaces (or appends) the section of one benchmark in RESULTS.md. */
export function writeSection(path: string, name: string, markdown: string): void {
  const current = existsSync(path) ? readFileSync(path, 'utf8') : HEADER;
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const pattern = new RegExp(`${start}[\\s\\S]*?${end}`);
  const next = pattern.test(current) ? current.replace(pattern, block) : `${current.trimEnd()}\n\n${block}\n`;
  writeFileSync(path, next);
}
