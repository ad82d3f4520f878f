/** The nine categories the Services publics panel groups services into. */
export const PUBLIC_SERVICE_CATEGORY_IDS = [
  'administration',
  'justice',
  'finances',
  'sante',
  'education',
  'emploi',
  'logement',
  'culture',
  'securite',
] as const;

export type PublicServiceCategoryId = (typeof PUBLIC_SERVICE_CATEGORY_IDS)[number];

/** Names of the icons the client draws (SVG, `src/features/public-services/categoryIcons.tsx`). */
export type PublicServiceIconName =
  | 'Landmark'
  | 'Scale'
  | 'Euro'
  | 'Heart'
  | 'GraduationCap'
  | 'Briefcase'
  | 'Home'
  | 'Palette'
  | 'ShieldCheck';

export interface PublicServiceCategoryDefinition {
  id: PublicServiceCategoryId;
  name: string;
  icon: PublicServiceIconName;
  color: string;
  /** The category's mission, in one sentence. */
  description: string;
}

export const PUBLIC_SERVICE_CATEGORIES: Readonly<Record<PublicServiceCategoryId, PublicServiceCategoryDefinition>> = {
  administration: {
    id: 'administration',
    name: 'Administration',
    icon: 'Landmark',
    color: '#3b5bdb',
    description:
      'Mairies, préfectures, maisons France services, organismes de protection sociale et bureaux de poste : démarches administratives du quotidien.',
  },
  justice: {
    id: 'justice',
    name: 'Justice',
    icon: 'Scale',
    color: '#7048e8',
    description: 'Tribunaux, cours d’appel, conseils de prud’hommes, maisons de justice et du droit, accès au droit.',
  },
  finances: {
    id: 'finances',
    name: 'Finances publiques',
    icon: 'Euro',
    color: '#0c8599',
    description: 'Services des impôts et de la Direction générale des finances publiques : impôts, amendes, paiements.',
  },
  sante: {
    id: 'sante',
    name: 'Santé et action sociale',
    icon: 'Heart',
    color: '#e03131',
    description:
      'Hôpitaux, urgences, maternités, centres de santé, crèches et services d’aide aux personnes âgées ou handicapées.',
  },
  education: {
    id: 'education',
    name: 'Éducation',
    icon: 'GraduationCap',
    color: '#f08c00',
    description: 'Écoles maternelles et élémentaires, collèges, lycées, enseignement supérieur et formation continue.',
  },
  emploi: {
    id: 'emploi',
    name: 'Emploi',
    icon: 'Briefcase',
    color: '#2f9e44',
    description: 'Agences Pôle emploi / France Travail, missions locales et réseaux partenaires de l’emploi.',
  },
  logement: {
    id: 'logement',
    name: 'Logement et hébergement',
    icon: 'Home',
    color: '#a61e4d',
    description:
      'Hébergement social et d’urgence, résidences universitaires, hébergement des personnes âgées ou handicapées, information sur le logement.',
  },
  culture: {
    id: 'culture',
    name: 'Culture',
    icon: 'Palette',
    color: '#d6336c',
    description: 'Bibliothèques, musées, conservatoires et offices de tourisme.',
  },
  securite: {
    id: 'securite',
    name: 'Sécurité',
    icon: 'ShieldCheck',
    color: '#1c7ed6',
    description: 'Commissariats de police et brigades de gendarmerie.',
  },
};

/** BPE 2019 types that are a place to live (hébergement), whatever their family. */
const BPE_HOUSING_TYPES = new Set(['C701', 'D401', 'D601', 'D603', 'D701', 'D703', 'D704', 'D705', 'D709']);

/** Annuaire de l'administration types about housing (ADIL, offices HLM, services du logement). */
const ANNUAIRE_HOUSING_TYPE = /^(adil|anil|oph|office_hlm|hlm|logement|dal_|service_logement)/;

/**
 * The category of a stored service (`public_services.family` and `type_code`):
 * - sécurité ← family `securite` (BPE A101 police, A104 gendarmerie; Annuaire police/gendarmerie);
 * - justice ← `justice` (BPE A105–A109, A124–A126; Annuaire tribunaux, CDAD, SPIP…);
 * - finances ← `finances-publiques` (BPE A119–A121; Annuaire SIE, SIP, trésoreries…);
 * - emploi ← `emploi` (BPE A115, A122, A123; Annuaire Pôle emploi, missions locales…);
 * - éducation ← `enseignement` (Paris schools file; BPE C1–C7 except C701);
 * - logement ← the BPE types that house people (C701 résidence universitaire, D401, D601, D603, D701,
 *   D703–D705, D709) and the Annuaire housing types (ADIL, offices HLM);
 * - santé ← `sante` and `action-sociale` (BPE D1, D4–D7 other than those above);
 * - culture ← `culture` and `tourisme` (BPE F304 musée, F305 conservatoire, F307 bibliothèque, G104);
 * - administration ← everything else: `administration-locale`, `administration-etat`,
 *   `services-au-public` (BPE A127), `protection-sociale`, `poste` (BPE A206–A208) and `autre`.
 */
export function publicServiceCategory(family: string, typeCode: string | null): PublicServiceCategoryId {
  const type = typeCode ?? '';
  if (BPE_HOUSING_TYPES.has(type) || ANNUAIRE_HOUSING_TYPE.test(type.toLowerCase())) return 'logement';
  switch (family) {
    case 'securite':
      return 'securite';
    case 'justice':
      return 'justice';
    case 'finances-publiques':
      return 'finances';
    case 'emploi':
      return 'emploi';
    case 'enseignement':
      return 'education';
    case 'sante':
    case 'action-sociale':
      return 'sante';
    case 'culture':
    case 'tourisme':
      return 'culture';
    default:
      return 'administration';
  }
}
