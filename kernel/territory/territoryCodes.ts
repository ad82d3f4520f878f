import { z } from 'zod';

/**
 * The codes of the French territory, one pattern per level. Every part of the product (routes,
 * schemas, importers, client) takes its pattern or its parser from here.
 */

/** A région code: two digits (`11` Île-de-France, `01`–`06` overseas). */
export const REGION_CODE_PATTERN = /^\d{2}$/;

/**
 * A département code: `01`–`95` (`2A` and `2B` instead of `20`), or `971`–`976` overseas
 * (Guadeloupe, Martinique, Guyane, La Réunion, Saint-Pierre-et-Miquelon, Mayotte).
 */
/** The alternatives of a département code, for patterns that embed one (file names). */
export const DEPARTEMENT_CODE_SOURCE = '0[1-9]|1\\d|2[1-9AB]|[3-8]\\d|9[0-5]|97[1-6]';
export const DEPARTEMENT_CODE_PATTERN = new RegExp(`^(${DEPARTEMENT_CODE_SOURCE})$`);

/** A commune code (code officiel géographique): five digits, or 2A/2B and three digits in Corsica. */
export const COMMUNE_CODE_PATTERN = /^(\d{5}|2[AB]\d{3})$/;

/** An IRIS code: the commune code followed by four digits (`751114101`). */
export const IRIS_CODE_PATTERN = /^(\d{5}|2[AB]\d{3})\d{4}$/;

/** The four levels of the territory, spelt as the product's paths and ids spell them. */
export const TERRITORY_LEVELS = ['region', 'department', 'commune', 'iris'] as const;
export type TerritoryLevel = (typeof TERRITORY_LEVELS)[number];
export const territoryLevelSchema = z.enum(TERRITORY_LEVELS, {
  error: 'niveau attendu : region, department, commune ou iris',
});

/** The French message of a code that does not match its level's pattern. */
export const TERRITORY_CODE_MESSAGES: Record<TerritoryLevel, string> = {
  region: 'code de région attendu (2 chiffres)',
  department: 'code de département attendu (75, 2A, 971…)',
  commune: 'code commune INSEE attendu (5 caractères)',
  iris: 'code IRIS attendu (9 caractères)',
};

/** The 404 message of a unit whose code is not loaded. */
export const TERRITORY_NOT_FOUND_MESSAGES: Record<TerritoryLevel, string> = {
  region: 'Région introuvable',
  department: 'Département introuvable',
  commune: 'Commune introuvable',
  iris: 'Zone IRIS introuvable',
};

const PATTERNS: Record<TerritoryLevel, RegExp> = {
  region: REGION_CODE_PATTERN,
  department: DEPARTEMENT_CODE_PATTERN,
  commune: COMMUNE_CODE_PATTERN,
  iris: IRIS_CODE_PATTERN,
};

/** The code as written canonically: trimmed, upper case (`2a004` → `2A004`). */
const canonical = (text: string) => text.trim().toUpperCase();

/** Whether the text is a code of that level, as written (no trimming). */
export function isTerritoryCode(level: TerritoryLevel, text: string): boolean {
  return PATTERNS[level].test(text);
}

/** The zod schema of a level's code: trims, upper-cases, checks the pattern (French message), brands. */
const codeSchema = (level: TerritoryLevel) =>
  z.string().transform(canonical).pipe(z.string().regex(PATTERNS[level], TERRITORY_CODE_MESSAGES[level]));

export const regionCodeSchema = codeSchema('region').pipe(z.string().brand<'RegionCode'>());
export const departementCodeSchema = codeSchema('department').pipe(z.string().brand<'DepartementCode'>());
export const communeCodeSchema = codeSchema('commune').pipe(z.string().brand<'CommuneCode'>());
export const irisCodeSchema = codeSchema('iris').pipe(z.string().brand<'IrisCode'>());

/** Branded codes: a commune code cannot be passed where an IRIS code is expected. */
export type RegionCode = z.output<typeof regionCodeSchema>;
export type DepartementCode = z.output<typeof departementCodeSchema>;
export type CommuneCode = z.output<typeof communeCodeSchema>;
export type IrisCode = z.output<typeof irisCodeSchema>;

/** The code schema of a level (the zone reference and the territory routes use it). */
export const TERRITORY_CODE_SCHEMAS = {
  region: regionCodeSchema,
  department: departementCodeSchema,
  commune: communeCodeSchema,
  iris: irisCodeSchema,
} as const;

/** The code of one level as written canonically, or undefined when it is not one. */
function parseCode<Code extends string>(level: TerritoryLevel, text: string): Code | undefined {
  const code = canonical(text);
  return PATTERNS[level].test(code) ? (code as Code) : undefined;
}

export const parseRegionCode = (text: string) => parseCode<RegionCode>('region', text);
export const parseDepartementCode = (text: string) => parseCode<DepartementCode>('department', text);
export const parseCommuneCode = (text: string) => parseCode<CommuneCode>('commune', text);
export const parseIrisCode = (text: string) => parseCode<IrisCode>('iris', text);

/** A code of the given level (canonical), or undefined. */
export function parseTerritoryCode(level: TerritoryLevel, text: string): string | undefined {
  return parseCode<string>(level, text);
}

/** The département of a commune or IRIS code (`75111` → `75`, `97411…` → `974`). */
export function departementOfCode(code: string): DepartementCode {
  return (code.startsWith('97') ? code.slice(0, 3) : code.slice(0, 2)) as DepartementCode;
}
