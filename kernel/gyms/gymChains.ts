/**
 * The fitness chains recognised from an establishment's name or sign (Sirene denomination / enseigne,
 * OpenStreetMap name): each chain's key, display name and the patterns matched on the lower-case,
 * unaccented name with punctuation turned into spaces. Open data gives no chain field: this list is it.
 */
export const GYM_CHAINS = [
  { key: 'basic-fit', name: 'Basic-Fit', patterns: [/\bbasic ?fit\b/] },
  { key: 'fitness-park', name: 'Fitness Park', patterns: [/\bfitness park\b/] },
  { key: 'keep-cool', name: 'Keep Cool', patterns: [/\bkeep ?cool\b/] },
  { key: 'orange-bleue', name: 'L’Orange Bleue', patterns: [/\borange bleue\b/] },
  { key: 'neoness', name: 'Neoness', patterns: [/\bneoness\b/] },
  { key: 'on-air', name: 'On Air', patterns: [/\bon ?air fitness\b/, /^on air\b/] },
  { key: 'cmg', name: 'CMG Sports Club', patterns: [/\bcmg\b/, /\bclub med gym\b/] },
  { key: 'episod', name: 'Episod', patterns: [/\bepisod\b/] },
  { key: 'magic-form', name: 'Magic Form', patterns: [/\bmagic ?form\b/] },
  { key: 'vita-liberte', name: 'Vita Liberté', patterns: [/\bvita liberte\b/] },
  { key: 'amazonia', name: 'Amazonia', patterns: [/\bamazonia\b/] },
  { key: 'wellness-sport-club', name: 'Wellness Sport Club', patterns: [/\bwellness sport club\b/] },
  { key: 'moving', name: 'Moving', patterns: [/^moving\b/, /\bmoving (fitness|club)\b/] },
  { key: 'cityfit', name: 'CityFit', patterns: [/\bcity ?fit\b/] },
  { key: 'klay', name: 'Klay', patterns: [/^klay\b/] },
] as const;

export type GymChainKey = (typeof GYM_CHAINS)[number]['key'];
export const GYM_CHAIN_KEYS = GYM_CHAINS.map((chain) => chain.key) as [GymChainKey, ...GymChainKey[]];

/** Lower case, no accents, punctuation and apostrophes as spaces, single spaces. */
export function normaliseName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The chain a gym belongs to, from its names (first match), or null for an independent gym. */
export function chainOf(...names: readonly (string | null | undefined)[]): (typeof GYM_CHAINS)[number] | null {
  for (const name of names) {
    if (!name) continue;
    const normalised = normaliseName(name);
    const chain = GYM_CHAINS.find((candidate) => candidate.patterns.some((pattern) => pattern.test(normalised)));
    if (chain) return chain;
  }
  return null;
}
