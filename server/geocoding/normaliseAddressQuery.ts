/**
 * Street-type and title abbreviations of French addresses (La Poste / BAN usage) → full words, as
 * the BAN labels spell them.
 */
export const ADDRESS_ABBREVIATIONS: Readonly<Record<string, string>> = {
  r: 'rue',
  bd: 'boulevard',
  bld: 'boulevard',
  boul: 'boulevard',
  blvd: 'boulevard',
  av: 'avenue',
  ave: 'avenue',
  pl: 'place',
  fg: 'faubourg',
  fbg: 'faubourg',
  sq: 'square',
  imp: 'impasse',
  pass: 'passage',
  psg: 'passage',
  qu: 'quai',
  crs: 'cours',
  all: 'allee',
  ch: 'chemin',
  che: 'chemin',
  chem: 'chemin',
  rte: 'route',
  rpt: 'rond-point',
  rdpt: 'rond-point',
  vla: 'villa',
  prom: 'promenade',
  pte: 'porte',
  gal: 'galerie',
  sen: 'sentier',
  st: 'saint',
  ste: 'sainte',
  mal: 'marechal',
  gen: 'general',
  pdt: 'president',
  prof: 'professeur',
  cdt: 'commandant',
  dr: 'docteur',
  lt: 'lieutenant',
};

/** Lower case, accents removed (as PostgreSQL's `lower(unaccent(…))`), apostrophes and punctuation as spaces. */
export function simplifyText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Words too common in addresses to find one by (street types, articles, the city): left out of {@link AddressQuery.keywords}. */
const COMMON_WORDS = new Set([
  'de',
  'du',
  'des',
  'la',
  'le',
  'les',
  'l',
  'd',
  'et',
  'a',
  'au',
  'aux',
  'en',
  'sur',
  'sous',
  'rue',
  'avenue',
  'boulevard',
  'place',
  'impasse',
  'passage',
  'quai',
  'square',
  'allee',
  'villa',
  'cite',
  'chemin',
  'route',
  'cours',
  'paris',
  'bis',
  'ter',
  'quater',
]);

export interface AddressQuery {
  /** The query as the gazetteer's `search_text` spells it: "12 rue de rivoli". */
  text: string;
  /** Its distinctive words ("rivoli"), for the trigram index; the whole text when there are none. */
  keywords: string;
  /** House number, when the query starts with one. */
  numero: number | undefined;
  /** A five-digit postcode in the query. */
  postcode: string | undefined;
}

/** "12 r de Rivoli" → "12 rue de rivoli"; "place d'Italie" → "place d italie"; "bd St-Michel" → "boulevard saint michel". */
export function normaliseAddressQuery(query: string): AddressQuery {
  const words = simplifyText(query)
    .split(' ')
    .filter(Boolean)
    .map((word, index, all) => {
      const full = ADDRESS_ABBREVIATIONS[word];
      // "r" only means "rue" before a name, not as a lone letter at the end.
      if (full === undefined || (word === 'r' && index === all.length - 1)) return word;
      return full;
    });
  const text = words.join(' ');
  const numberMatch = /^(\d{1,4})(?:\s|$)/.exec(text);
  const postcodeMatch = /(?:^|\s)(\d{5})(?:\s|$)/.exec(text);
  const distinctive = words.filter((word) => !COMMON_WORDS.has(word) && !/^\d+$/.test(word));
  return {
    text,
    keywords: distinctive.length > 0 ? distinctive.join(' ') : text,
    numero: numberMatch ? Number(numberMatch[1]) : undefined,
    postcode: postcodeMatch ? postcodeMatch[1] : undefined,
  };
}
