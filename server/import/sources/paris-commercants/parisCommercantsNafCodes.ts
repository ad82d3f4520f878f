/**
 * NAF rév. 2 sous-classe of each `type_de_commerce` of the Ville de Paris list of shops (2020): the code a
 * shop of that kind most often declares to Sirene. « Autre » says nothing usable: no NAF code (the shop is
 * listed as « Activité non précisée »).
 */
export const PARIS_COMMERCANTS_NAF_CODES: Readonly<Record<string, string | null>> = {
  'Restaurant ou traiteur': '56.10A', // Restauration traditionnelle
  'Boucherie - charcuterie - rôtisserie': '47.22Z', // Commerce de détail de viandes
  Primeur: '47.21Z', // Commerce de détail de fruits et légumes
  'Alimentation générale et produits de première nécessité': '47.11B', // Commerce d'alimentation générale
  Librairie: '47.61Z', // Commerce de détail de livres
  'Caviste - Brasserie': '47.25Z', // Commerce de détail de boissons
  'Boulangerie - pâtisserie': '10.71C', // Boulangerie et boulangerie-pâtisserie
  'Épicerie fine': '47.29Z', // Autres commerces de détail alimentaires en magasin spécialisé
  'Epicerie fine': '47.29Z',
  "Artisanat d'art": '47.78C', // Autres commerces de détail spécialisés divers
  Fromagerie: '47.29Z',
  Fleuriste: '47.76Z', // Commerce de détail de fleurs, plantes, graines…
  Poissonnerie: '47.23Z', // Commerce de détail de poissons, crustacés et mollusques
  'Jouets - Jeux': '47.65Z', // Commerce de détail de jeux et jouets
  'Chocolaterie - Pâtisserie': '47.24Z', // Commerce de détail de pain, pâtisserie et confiserie
  Cosmétique: '47.75Z', // Commerce de détail de parfumerie et de produits de beauté
  'Pharmacies et parapharmacies': '47.73Z', // Commerce de détail de produits pharmaceutiques
  Disquaire: '47.63Z', // Commerce de détail d'enregistrements musicaux et vidéo
  'Équipements informatiques': '47.41Z', // Commerce de détail d'ordinateurs, d'unités périphériques et de logiciels
  Bricolage: '47.52A', // Commerce de détail de quincaillerie, peintures et verres en petites surfaces
  'Presse et papeterie': '47.62Z', // Commerce de détail de journaux et papeterie
  'Articles médicaux et orthopédiques': '47.74Z', // Commerce de détail d'articles médicaux et orthopédiques
  'Blanchisserie-teinturerie': '96.01B', // Blanchisserie-teinturerie de détail
  'Matériels de télécommunication': '47.42Z', // Commerce de détail de matériels de télécommunication
  Autre: null,
};
