/** How each `establishments.source` is named next to a figure. */
export const BUSINESS_SOURCE_LABELS: Readonly<Record<string, string>> = {
  sirene: 'Sirene (INSEE)',
  osm: 'OpenStreetMap',
  'apur-bdcom': 'APUR BDCOM',
  'paris-commercants': 'Ville de Paris (commerçants 2020)',
  'demo-bpe': 'Démonstration (BPE 2019)',
};

export function businessSourceLabel(source: string): string {
  return BUSINESS_SOURCE_LABELS[source] ?? source;
}

/** Synthetic rows placed from BPE counts: always labelled « démonstration ». */
export const isDemoSource = (source: string) => source === 'demo-bpe';
