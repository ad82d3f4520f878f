/** "Paris 4e Arrondissement" → "Paris", "Marseille 1er Arrondissement" → "Marseille"; other names unchanged. */
export function cityOfCommuneName(name: string): string {
  return name.replace(/\s+\d+(?:er|e|ème)?\s+arrondissement$/i, '').trim();
}

export interface BanAddressParts {
  numero: number | null;
  rep: string | null;
  nomVoie: string;
  codePostal: string | null;
  nomCommune: string | null;
}

/**
 * The label of an address as the BAN geocoder writes it: "12 bis Rue de Rivoli 75004 Paris" (number,
 * repetition index, street, postcode, city — the city without its arrondissement).
 */
export function banAddressLabel(parts: BanAddressParts): string {
  const number = parts.numero === null ? '' : `${parts.numero}${parts.rep ? ` ${parts.rep}` : ''} `;
  const city = parts.nomCommune ? cityOfCommuneName(parts.nomCommune) : '';
  return `${number}${parts.nomVoie} ${[parts.codePostal, city].filter(Boolean).join(' ')}`.trim();
}
