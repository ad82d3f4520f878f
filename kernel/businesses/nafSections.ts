/** The 21 NAF rév. 2 sections with the product's short names and badge colours. */
export const NAF_SECTIONS = [
  { code: 'A', name: 'Agriculture, Sylviculture et Pêche', color: '#2e7d32', background: '#e8f5e9', divisions: [1, 3] },
  { code: 'B', name: 'Industries Extractives', color: '#5d4037', background: '#efebe9', divisions: [5, 9] },
  { code: 'C', name: 'Industrie Manufacturière', color: '#455a64', background: '#eceff1', divisions: [10, 33] },
  { code: 'D', name: 'Électricité, Gaz, Vapeur', color: '#f9a825', background: '#fffde7', divisions: [35, 35] },
  { code: 'E', name: 'Eau, Assainissement, Déchets', color: '#0277bd', background: '#e1f5fe', divisions: [36, 39] },
  { code: 'F', name: 'Construction', color: '#ef6c00', background: '#fff3e0', divisions: [41, 43] },
  { code: 'G', name: 'Commerce', color: '#1565c0', background: '#e3f2fd', divisions: [45, 47] },
  { code: 'H', name: 'Transports et Entreposage', color: '#6a1b9a', background: '#f3e5f5', divisions: [49, 53] },
  { code: 'I', name: 'Hébergement et Restauration', color: '#c62828', background: '#ffebee', divisions: [55, 56] },
  { code: 'J', name: 'Information et Communication', color: '#00838f', background: '#e0f7fa', divisions: [58, 63] },
  { code: 'K', name: 'Activités Financières', color: '#283593', background: '#e8eaf6', divisions: [64, 66] },
  { code: 'L', name: 'Activités Immobilières', color: '#4e342e', background: '#efebe9', divisions: [68, 68] },
  {
    code: 'M',
    name: 'Activités Scientifiques et Techniques',
    color: '#00695c',
    background: '#e0f2f1',
    divisions: [69, 75],
  },
  { code: 'N', name: 'Services Administratifs', color: '#546e7a', background: '#eceff1', divisions: [77, 82] },
  { code: 'O', name: 'Administration Publique', color: '#37474f', background: '#eceff1', divisions: [84, 84] },
  { code: 'P', name: 'Enseignement', color: '#1b5e20', background: '#e8f5e9', divisions: [85, 85] },
  { code: 'Q', name: 'Santé et Action Sociale', color: '#ad1457', background: '#fce4ec', divisions: [86, 88] },
  { code: 'R', name: 'Arts et Spectacles', color: '#8e24aa', background: '#f3e5f5', divisions: [90, 93] },
  { code: 'S', name: 'Autres Services', color: '#6d4c41', background: '#efebe9', divisions: [94, 96] },
  { code: 'T', name: 'Activités des Ménages', color: '#757575', background: '#f5f5f5', divisions: [97, 98] },
  { code: 'U', name: 'Activités Extra-territoriales', color: '#616161', background: '#f5f5f5', divisions: [99, 99] },
] as const;

export type NafSection = (typeof NAF_SECTIONS)[number];

/** The section of a NAF code from its first two digits (the division), e.g. `56.10A` → I. */
export function sectionOfNafCode(nafCode: string | null | undefined): NafSection | undefined {
  const division = Number(nafCode?.slice(0, 2));
  if (!Number.isInteger(division)) return undefined;
  return NAF_SECTIONS.find((section) => division >= section.divisions[0] && division <= section.divisions[1]);
}
