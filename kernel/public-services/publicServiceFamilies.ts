/** The families of public services (`public_services.family`), with their French labels. */
export const PUBLIC_SERVICE_FAMILIES = {
  'administration-locale': 'Mairies et administrations locales',
  'administration-etat': 'Préfectures et services de l’État',
  'services-au-public': 'Maisons France services',
  'protection-sociale': 'Protection sociale (CAF, CPAM, retraite)',
  emploi: 'Emploi',
  'finances-publiques': 'Finances publiques',
  securite: 'Sécurité',
  justice: 'Justice',
  poste: 'La Poste',
  enseignement: 'Enseignement',
  sante: 'Établissements de santé',
  'action-sociale': 'Action sociale et petite enfance',
  culture: 'Culture',
  tourisme: 'Information touristique',
  autre: 'Autres services publics',
} as const;

export type PublicServiceFamily = keyof typeof PUBLIC_SERVICE_FAMILIES;

/**
 * The family of a BPE 2019 equipment type, for the types that are public services (undefined for
 * shops, craftsmen, private health professions, sports grounds…).
 */
export function bpePublicServiceFamily(type: string): PublicServiceFamily | undefined {
  if (type === 'A101' || type === 'A104') return 'securite';
  if (/^A10[5-9]$/.test(type) || /^A12[4-6]$/.test(type)) return 'justice';
  if (type === 'A115' || type === 'A122' || type === 'A123') return 'emploi';
  if (/^A1(19|20|21)$/.test(type)) return 'finances-publiques';
  if (type === 'A127') return 'services-au-public';
  if (/^A20[678]$/.test(type)) return 'poste';
  if (type.startsWith('C')) return 'enseignement';
  if (type.startsWith('D1')) return 'sante';
  if (/^D[4-7]/.test(type)) return 'action-sociale';
  if (type === 'F304' || type === 'F305' || type === 'F307') return 'culture';
  if (type === 'G104') return 'tourisme';
  return undefined;
}

/** The family of a service of the Annuaire de l'administration, from its `type_service_local` (pivot). */
export function annuairePublicServiceFamily(typeServiceLocal: string): PublicServiceFamily {
  const type = typeServiceLocal.toLowerCase();
  if (/^mairie|^hotel_(de_ville|departement|region)|^conseil_(departemental|regional)|^epci/.test(type)) {
    return 'administration-locale';
  }
  if (/^(prefecture|sous_pref|ddt|dreal|ddpp|ddcs|rectorat|dsden|drac|ars)/.test(type)) return 'administration-etat';
  if (/maison_(de_)?services?_au_public|france_services|^msap/.test(type)) return 'services-au-public';
  if (/^(caf|cpam|carsat|cicas|msa|urssaf|cnav|mdph|ccas)/.test(type)) return 'protection-sociale';
  if (/pole_emploi|france_travail|mission_locale|^apec|^cap_emploi/.test(type)) return 'emploi';
  if (/^(sie|sip|sip_sie|cdif|centre_impots|tresorerie|finances_publiques|paierie|spf|ddfip|drfip)/.test(type)) {
    return 'finances-publiques';
  }
  if (/police|gendarmerie|commissariat|brigade/.test(type)) return 'securite';
  if (/tribunal|cour_appel|justice|prud_hommes|greffe|cdad|spip|pjj/.test(type)) return 'justice';
  if (/^(ecole|college|lycee|cio|greta|crous)/.test(type)) return 'enseignement';
  if (/tourisme/.test(type)) return 'tourisme';
  return 'autre';
}
