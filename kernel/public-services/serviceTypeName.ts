/** French names of the common `type_service_local` values of the Annuaire de l'administration. */
const ANNUAIRE_TYPE_NAMES: Readonly<Record<string, string>> = {
  mairie: 'Mairie',
  mairie_mobile: 'Mairie annexe',
  prefecture: 'Préfecture',
  sous_pref: 'Sous-préfecture',
  caf: 'Caisse d’allocations familiales (CAF)',
  cpam: 'Caisse primaire d’assurance maladie (CPAM)',
  carsat: 'Caisse d’assurance retraite et de santé au travail (Carsat)',
  urssaf: 'Urssaf',
  ccas: 'Centre communal d’action sociale (CCAS)',
  pole_emploi: 'France Travail (ex-Pôle emploi)',
  france_travail: 'France Travail',
  mission_locale: 'Mission locale',
  commissariat_police: 'Commissariat de police',
  gendarmerie: 'Brigade de gendarmerie',
  sie: 'Service des impôts des entreprises (SIE)',
  sip: 'Service des impôts des particuliers (SIP)',
  sip_sie: 'Service des impôts des particuliers et des entreprises',
  tresorerie: 'Trésorerie',
  tribunal_judiciaire: 'Tribunal judiciaire',
  tribunal_proximite: 'Tribunal de proximité',
  cour_appel: 'Cour d’appel',
  prud_hommes: 'Conseil de prud’hommes',
  maison_justice_droit: 'Maison de justice et du droit',
  france_services: 'France services',
  msap: 'Maison de services au public',
  adil: 'Agence départementale d’information sur le logement (ADIL)',
  cio: 'Centre d’information et d’orientation (CIO)',
};

/** The name of a service type: the stored label, the Annuaire name, or the code made readable. */
export function serviceTypeName(type: string, storedLabel: string | null): string {
  if (storedLabel) return storedLabel;
  const known = ANNUAIRE_TYPE_NAMES[type.toLowerCase()];
  if (known) return known;
  const words = type.replace(/[_-]+/g, ' ').trim();
  return words.length > 0 ? words.charAt(0).toUpperCase() + words.slice(1) : type;
}
