/** Which INSEE IRIS figures make the resident population, and how to name it. */
export interface PopulationKeys {
  vintage: number;
  keys: string[];
  /** French description shown under the figures. */
  label: string;
  /** Whether the figure is the whole population (false: residents aged 15 to 64 only). */
  total: boolean;
}

const AGE_BANDS = ['0014', '1529', '3044', '4559', '6074', '75P'] as const;

/**
 * The best population the INSEE IRIS bases hold: the census total `Pyy_POP` of the latest vintage,
 * else the sum of its six age bands, else the residents aged 15 to 64 (`Pyy_POP1564`).
 */
export function choosePopulationKeys(available: readonly { vintage: number; key: string }[]): PopulationKeys | undefined {
  const keysOf = new Map<number, Set<string>>();
  for (const { vintage, key } of available) keysOf.set(vintage, (keysOf.get(vintage) ?? new Set()).add(key));
  const vintages = [...keysOf.keys()].sort((a, b) => b - a);
  const prefix = (vintage: number) => `P${String(vintage % 100).padStart(2, '0')}_POP`;
  const census = (vintage: number) => `recensement ${vintage} (Insee, IRIS)`;
  for (const vintage of vintages) {
    if (keysOf.get(vintage)?.has(prefix(vintage))) {
      return { vintage, keys: [prefix(vintage)], label: `Population, ${census(vintage)}`, total: true };
    }
  }
  for (const vintage of vintages) {
    const bands = AGE_BANDS.map((band) => `${prefix(vintage)}${band}`);
    if (bands.every((key) => keysOf.get(vintage)?.has(key))) {
      return { vintage, keys: bands, label: `Population, ${census(vintage)}`, total: true };
    }
  }
  for (const vintage of vintages) {
    if (keysOf.get(vintage)?.has(`${prefix(vintage)}1564`)) {
      return {
        vintage,
        keys: [`${prefix(vintage)}1564`],
        label: `Population de 15 à 64 ans, ${census(vintage)} — la population totale n’est pas importée`,
        total: false,
      };
    }
  }
  return undefined;
}
