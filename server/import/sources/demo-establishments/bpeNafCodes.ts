/**
 * The NAF rév. 2 sous-classe given to a demo establishment of each BPE 2019 equipment type: the activity a
 * Sirene establishment of that kind would most often declare (e.g. A504 « Restaurant - Restauration
 * rapide » → 56.10A « Restauration traditionnelle », B203 « Boulangerie » → 10.71C « Boulangerie et
 * boulangerie-pâtisserie », D201 « Médecin omnipraticien » → 86.21Z). It is an approximation chosen by hand
 * for demonstration data, never presented as Sirene's classification: one type may span several NAF
 * classes (a « Spécialiste » of any speciality → 86.22C, every sports equipment → 93.11Z).
 */
export const BPE_NAF_CODES: Readonly<Record<string, string>> = {
  // A1 Services publics
  A101: '84.24Z', // Police → Activités d'ordre public et de sécurité
  A104: '84.24Z', // Gendarmerie
  A105: '84.23Z', // Cour d'appel → Justice
  A106: '84.23Z',
  A107: '84.23Z',
  A108: '84.23Z',
  A109: '84.23Z',
  A115: '84.13Z', // Pôle emploi → Administration publique des activités économiques
  A119: '84.11Z', // Finances publiques → Administration publique générale
  A120: '84.11Z',
  A121: '84.11Z',
  A122: '84.13Z',
  A123: '84.13Z',
  A124: '84.23Z',
  A125: '84.23Z',
  A126: '84.23Z',
  A127: '84.11Z', // Maison de services au public
  // A2 Services généraux
  A203: '64.19Z', // Banque → Autres intermédiations monétaires
  A205: '96.03Z', // Pompes funèbres → Services funéraires
  A206: '53.10Z', // Poste → Activités de poste dans le cadre d'une obligation de service universel
  A207: '53.10Z',
  A208: '53.10Z',
  // A3 Services automobiles
  A301: '45.20A', // Entretien et réparation de véhicules automobiles légers
  A302: '71.20A', // Contrôle technique automobile
  A303: '77.11A', // Location de courte durée de voitures et de véhicules automobiles légers
  A304: '85.53Z', // Enseignement de la conduite
  // A4 Artisanat du bâtiment
  A401: '43.99C', // Travaux de maçonnerie générale et gros œuvre de bâtiment
  A402: '43.34Z', // Travaux de peinture et vitrerie
  A403: '43.32A', // Travaux de menuiserie bois et PVC
  A404: '43.22A', // Travaux d'installation d'eau et de gaz en tous locaux
  A405: '43.21A', // Travaux d'installation électrique dans tous locaux
  A406: '41.20A', // Construction de maisons individuelles
  // A5 Autres services à la population
  A501: '96.02A', // Coiffure
  A502: '75.00Z', // Activités vétérinaires
  A503: '78.20Z', // Activités des agences de travail temporaire
  A504: '56.10A', // Restauration traditionnelle
  A505: '68.31Z', // Agences immobilières
  A506: '96.01B', // Blanchisserie-teinturerie de détail
  A507: '96.02B', // Soins de beauté
  // B1 Grandes surfaces
  B101: '47.11F', // Hypermarchés
  B102: '47.11D', // Supermarchés
  B103: '47.52B', // Commerce de détail de quincaillerie, peintures et verres en grandes surfaces
  // B2 Commerces alimentaires
  B201: '47.11C', // Supérettes
  B202: '47.11B', // Commerce d'alimentation générale
  B203: '10.71C', // Boulangerie et boulangerie-pâtisserie
  B204: '47.22Z', // Commerce de détail de viandes et de produits à base de viande
  B205: '47.11A', // Commerce de détail de produits surgelés
  B206: '47.23Z', // Commerce de détail de poissons, crustacés et mollusques
  // B3 Commerces spécialisés non alimentaires
  B301: '47.61Z', // Commerce de détail de livres
  B302: '47.71Z', // Commerce de détail d'habillement
  B303: '47.59B', // Commerce de détail d'autres équipements du foyer
  B304: '47.72A', // Commerce de détail de la chaussure
  B305: '47.54Z', // Commerce de détail d'appareils électroménagers
  B306: '47.59A', // Commerce de détail de meubles
  B307: '47.64Z', // Commerce de détail d'articles de sport
  B308: '47.53Z', // Commerce de détail de tapis, moquettes et revêtements de murs et de sols
  B309: '47.52A', // Commerce de détail de quincaillerie, peintures et verres en petites surfaces
  B310: '47.75Z', // Commerce de détail de parfumerie et de produits de beauté
  B311: '47.77Z', // Commerce de détail d'articles d'horlogerie et de bijouterie
  B312: '47.76Z', // Commerce de détail de fleurs, plantes, graines, engrais, animaux de compagnie
  B313: '47.78A', // Commerces de détail d'optique
  B315: '47.74Z', // Commerce de détail d'articles médicaux et orthopédiques
  B316: '47.30Z', // Commerce de détail de carburants
  // C Enseignement
  C101: '85.10Z', // Enseignement pré-primaire
  C102: '85.10Z',
  C104: '85.20Z', // Enseignement primaire
  C105: '85.20Z',
  C201: '85.31Z', // Enseignement secondaire général
  C301: '85.31Z',
  C302: '85.32Z', // Enseignement secondaire technique ou professionnel
  C303: '85.32Z',
  C304: '85.31Z',
  C305: '85.32Z',
  C401: '85.41Z', // Enseignement post-secondaire non supérieur
  C402: '85.42Z', // Enseignement supérieur
  C403: '85.42Z',
  C409: '85.41Z',
  C501: '85.42Z',
  C502: '85.42Z',
  C503: '85.42Z',
  C504: '85.42Z',
  C505: '85.42Z',
  C509: '85.42Z',
  C601: '85.32Z',
  C602: '85.59A', // Formation continue d'adultes
  C603: '85.59A',
  C604: '85.51Z', // Enseignement de disciplines sportives et d'activités de loisirs
  C605: '85.32Z',
  C609: '85.59A',
  C701: '55.90Z', // Autres hébergements
  C702: '56.29B', // Autres services de restauration n.c.a.
  // D1 Établissements et services de santé
  D101: '86.10Z', // Activités hospitalières
  D102: '86.10Z',
  D103: '86.10Z',
  D104: '86.10Z',
  D105: '86.10Z',
  D106: '86.10Z',
  D107: '86.10Z',
  D108: '86.21Z', // Centre de santé → Activité des médecins généralistes
  D109: '86.10Z',
  D110: '86.90E', // Activités des professionnels de la rééducation, de l'appareillage et des pédicures-podologues
  D111: '86.10Z',
  D112: '86.10Z',
  D113: '86.21Z',
  // D2 Fonctions médicales et paramédicales
  D201: '86.21Z', // Activité des médecins généralistes
  D202: '86.22C', // Autres activités des médecins spécialistes
  D203: '86.22C',
  D206: '86.22C',
  D207: '86.22C',
  D208: '86.22C',
  D209: '86.22C',
  D210: '86.22C',
  D211: '86.22C',
  D212: '86.22A', // Activités de radiodiagnostic et de radiothérapie
  D213: '86.22C',
  D214: '86.22C',
  D221: '86.23Z', // Pratique dentaire
  D231: '86.90D', // Activités des infirmiers et des sages-femmes
  D232: '86.90D',
  D233: '86.90E',
  D235: '86.90E',
  D236: '86.90E',
  D237: '86.90E',
  D238: '47.74Z',
  D239: '86.90E',
  D240: '86.90E',
  D241: '86.90E',
  D242: '86.90E',
  D243: '86.90F', // Activités de santé humaine non classées ailleurs
  // D3 Autres établissements et services à caractère sanitaire
  D301: '47.73Z', // Commerce de détail de produits pharmaceutiques en magasin spécialisé
  D302: '86.90B', // Laboratoires d'analyses médicales
  D303: '86.90A', // Ambulances
  D304: '86.90F',
  D305: '96.04Z', // Entretien corporel
  // D4–D7 Action sociale
  D401: '87.30A', // Hébergement social pour personnes âgées
  D402: '86.90D',
  D403: '88.10A', // Aide à domicile
  D404: '88.99B', // Action sociale sans hébergement n.c.a.
  D502: '88.91A', // Accueil de jeunes enfants
  D601: '87.20A', // Hébergement social pour handicapés mentaux et malades mentaux
  D602: '88.91B', // Accueil ou accompagnement sans hébergement d'enfants handicapés
  D603: '87.30B', // Hébergement social pour handicapés physiques
  D604: '88.10B', // Accueil ou accompagnement sans hébergement d'adultes handicapés ou de personnes âgées
  D605: '88.10C', // Aide par le travail
  D606: '86.90D',
  D701: '87.90A', // Hébergement social pour enfants en difficultés
  D702: '88.99A', // Autre accueil ou accompagnement sans hébergement d'enfants et d'adolescents
  D703: '87.90B', // Hébergement social pour adultes et familles en difficultés et autre hébergement social
  D704: '87.90B',
  D705: '87.90B',
  D709: '87.90B',
  // E Transports et déplacements
  E101: '49.32Z', // Transports de voyageurs par taxis
  E102: '52.23Z', // Services auxiliaires des transports aériens
  E107: '52.21Z', // Services auxiliaires des transports terrestres
  E108: '52.21Z',
  E109: '52.21Z',
  // F1–F2 Sports
  F101: '93.11Z', // Gestion d'installations sportives
  F102: '93.11Z',
  F103: '93.11Z',
  F104: '93.11Z',
  F105: '93.11Z',
  F106: '93.11Z',
  F107: '93.11Z',
  F108: '93.11Z',
  F109: '93.11Z',
  F110: '93.11Z',
  F111: '93.11Z',
  F112: '93.11Z',
  F113: '93.11Z',
  F114: '93.11Z',
  F116: '93.11Z',
  F117: '93.11Z',
  F118: '93.11Z',
  F119: '93.11Z',
  F120: '93.13Z', // Activités des centres de culture physique
  F121: '93.11Z',
  F201: '93.29Z', // Autres activités récréatives et de loisirs
  F202: '93.29Z',
  F203: '93.19Z', // Autres activités liées au sport
  // F3 Culture
  F303: '59.14Z', // Projection de films cinématographiques
  F304: '91.02Z', // Gestion des musées
  F305: '85.52Z', // Enseignement culturel
  F306: '90.04Z', // Gestion de salles de spectacles
  F307: '91.01Z', // Gestion des bibliothèques et des archives
  // G Tourisme
  G101: '79.11Z', // Activités des agences de voyage
  G102: '55.10Z', // Hôtels et hébergement similaire
  G103: '55.30Z', // Terrains de camping et parcs pour caravanes ou véhicules de loisirs
  G104: '79.90Z', // Autres services de réservation et activités connexes
};
