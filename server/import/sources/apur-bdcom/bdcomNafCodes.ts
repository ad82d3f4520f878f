/**
 * NAF rév. 2 sous-classe of each activity code (`CODACT`) of the APUR BDCOM food-shop layer: the code a
 * shop of that kind most often declares to Sirene. A BDCOM code may span several NAF codes (a « Charcuterie
 * - Traiteur - Epicerie fine » may be 10.13B or 47.29Z); the table picks the most common one.
 */
export const BDCOM_NAF_CODES: Readonly<Record<string, string>> = {
  CA101: '10.13B', // Charcuterie - Traiteur - Epicerie fine → Charcuterie
  CA102: '56.21Z', // Traiteur asiatique → Services des traiteurs
  CA103: '10.71C', // Boulangerie - Boulangerie Pâtisserie → Boulangerie et boulangerie-pâtisserie
  CA104: '10.71D', // Pâtisserie
  CA105: '47.24Z', // Chocolaterie - Confiserie → Commerce de détail de pain, pâtisserie et confiserie
  CA106: '47.29Z', // Torréfacteur, thé et café → Autres commerces de détail alimentaires en magasin spécialisé
  CA107: '47.11A', // Vente de produits surgelés → Commerce de détail de produits surgelés
  CA108: '47.21Z', // Vente de fruits et légumes
  CA109: '47.22Z', // Boucherie - Boucherie-Charcuterie → Commerce de détail de viandes
  CA110: '47.23Z', // Poissonnerie
  CA111: '47.25Z', // Commerce détail de boissons
  CA112: '47.29Z', // Crèmerie - Fromagerie
  CA113: '10.52Z', // Glacier → Fabrication de glaces et sorbets
  CA114: '47.29Z', // Produits alimentaires spécialisés régionaux et étrangers
  CA115: '47.29Z', // Produits alimentaires bio et circuits courts
  CA201: '47.11D', // Monoprix → Supermarchés
  CA202: '47.11D', // Supermarché classique
  CA203: '47.11D', // Supermarché discount
  CA204: '47.11D', // Supermarché spécialisé
  CA205: '47.11D', // Alimentation générale de luxe > 300 m²
  CA206: '47.11F', // Hypermarché
  CA301: '47.11B', // Alimentation générale < 120 m² → Commerce d'alimentation générale
  CA302: '47.11C', // Supérette classique → Supérettes
  CA303: '47.11C', // Supérette discount
  CA304: '47.11C', // Supérette spécialisée
};

/**
 * The BDCOM inventory records every food shop front of Paris: the demo rows of these NAF codes step aside
 * where it is loaded. (56.21Z and 10.52Z are left out: traiteurs and glaciers also work without a shop.)
 */
export const BDCOM_COVERED_NAF_CODES: readonly string[] = [
  ...new Set(Object.values(BDCOM_NAF_CODES).filter((code) => code !== '56.21Z' && code !== '10.52Z')),
].sort();
