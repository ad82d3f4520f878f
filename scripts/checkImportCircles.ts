import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * `npm run lint:circles`: fails when modules of src/, workers/, server/ or kernel/ import each other in
 * a circle (type-only imports count: a circle of types is still a knot a reader has to untie).
 * Imports are resolved with the project's own compiler options, dynamic `import()` included.
 */
const ROOT = resolve(import.meta.dirname, '..');
const FOLDERS = ['src', 'workers', 'server', 'kernel'];

function sourceFiles(folder: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(folder)) {
    const path = join(folder, entry);
    if (statSync(path).isDirectory()) files.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(entry) && !/\.d\.ts$/.test(entry)) files.push(path);
  }
  return files;
}

function importedSpecifiers(path: string): string[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

/** The import graph: file → files of the project it imports. */
export function importGraph(root: string, folders: string[]): Map<string, string[]> {
  const configPath = join(root, 'tsconfig.json');
  const config = ts.parseJsonConfigFileContent(ts.readConfigFile(configPath, ts.sys.readFile).config, ts.sys, root);
  const files = folders.flatMap((folder) => sourceFiles(join(root, folder)));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets: string[] = [];
    for (const specifier of importedSpecifiers(file)) {
      const resolved = ts.resolveModuleName(specifier, file, config.options, ts.sys).resolvedModule?.resolvedFileName;
      if (resolved && known.has(resolved)) targets.push(resolved);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Strongly connected components of more than one file (or a file importing itself), Tarjan's algorithm. */
export function importCircles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const low = (file: string): number => lowLink.get(file) ?? 0;
  const connect = (file: string): void => {
    index.set(file, counter);
    lowLink.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        connect(target);
        lowLink.set(file, Math.min(low(file), low(target)));
      } else if (onStack.has(target)) {
        lowLink.set(file, Math.min(low(file), index.get(target) ?? 0));
      }
    }
    if (lowLink.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || (graph.get(file) ?? []).includes(file)) circles.push(component.sort());
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) connect(file);
  return circles;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const circles = importCircles(importGraph(ROOT, FOLDERS));
  if (circles.length === 0) {
    console.log(`No import circle in ${FOLDERS.join(', ')}.`);
  } else {
    for (const circle of circles) {
      console.error(
        `Import circle of ${circle.length} files:\n  ${circle.map((file) => relative(ROOT, file)).join('\n  ')}`,
      );
    }
    process.exitCode = 1;
  }
}
