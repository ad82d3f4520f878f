import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

let names: Map<string, string> | undefined;

/** "Paris (75)" for a département code, from the COG of `@etalab/decoupage-administratif`. */
export function departementLabel(code: string): string {
  names ??= new Map(
    (require('@etalab/decoupage-administratif/data/departements.json') as { code: string; nom: string }[]).map(
      (departement) => [departement.code, departement.nom],
    ),
  );
  const name = names.get(code);
  return name ? `${name} (${code})` : `département ${code}`;
}
