/**
 * The ten home business categories of the product and the NAF rév. 2 sous-classes each gathers.
 * `icon` names an icon of `src/ui/icons`.
 */
export const HOME_CATEGORIES = [
  { key: 'restaurants', name: 'Restaurants', icon: 'restaurant', naf_codes: ['56.10A', '56.10B'] },
  { key: 'fast_food', name: 'Restauration rapide', icon: 'fast-food', naf_codes: ['56.10C'] },
  { key: 'bars', name: 'Bars et cafés', icon: 'bar', naf_codes: ['56.30Z'] },
  { key: 'bakeries', name: 'Boulangeries et pâtisseries', icon: 'bakery', naf_codes: ['10.71C', '10.71D', '47.24Z'] },
  {
    key: 'supermarkets',
    name: 'Supermarchés et alimentation',
    icon: 'cart',
    naf_codes: ['47.11A', '47.11B', '47.11C', '47.11D', '47.11E', '47.11F'],
  },
  { key: 'pharmacies', name: 'Pharmacies', icon: 'pharmacy', naf_codes: ['47.73Z'] },
  { key: 'beauty_salons', name: 'Coiffure et beauté', icon: 'beauty', naf_codes: ['96.02A', '96.02B'] },
  { key: 'fitness_gyms', name: 'Salles de sport', icon: 'fitness', naf_codes: ['93.13Z', '93.11Z'] },
  { key: 'banks', name: 'Banques', icon: 'bank', naf_codes: ['64.19Z'] },
  { key: 'real_estate', name: 'Agences immobilières', icon: 'real-estate', naf_codes: ['68.31Z'] },
] as const;

export type HomeCategoryKey = (typeof HOME_CATEGORIES)[number]['key'];
export const HOME_CATEGORY_KEYS = HOME_CATEGORIES.map((category) => category.key) as [
  HomeCategoryKey,
  ...HomeCategoryKey[],
];
