/**
 * NAF rév. 2 sous-classe of an OpenStreetMap `amenity=restaurant`, from its tags:
 *
 * | tags                                                                      | NAF     | label                                   |
 * |---------------------------------------------------------------------------|---------|-----------------------------------------|
 * | `self_service=yes`, or `cuisine` canteen / cafeteria                       | 56.10B  | Cafétérias et autres libres-services    |
 * | `takeaway=only`, or a `cuisine` of {@link FAST_FOOD_CUISINES}               | 56.10C  | Restauration de type rapide             |
 * | any other restaurant (with or without `cuisine`)                          | 56.10A  | Restauration traditionnelle             |
 *
 * OSM tags cafés, bars and fast-food outlets with other `amenity` values, so an `amenity=restaurant` is a
 * sit-down restaurant unless its tags say otherwise. Only 56.10A is covered exhaustively by the file
 * (see {@link OSM_COVERED_NAF_CODES}).
 */
export const FAST_FOOD_CUISINES: ReadonlySet<string> = new Set([
  'burger',
  'kebab',
  'sandwich',
  'chicken',
  'fried_chicken',
  'hot_dog',
  'fish_and_chips',
  'bagel',
  'friture',
  'poke',
  'bowl',
  'pita',
  'falafel',
  'wrap',
  'tacos',
  'bubble_tea',
]);

const SELF_SERVICE_CUISINES: ReadonlySet<string> = new Set(['canteen', 'cafeteria']);

/** The `cuisine` values of a tag (`italian;pizza` → italian, pizza), lower case. */
export function cuisines(cuisine: string | undefined): string[] {
  return (cuisine ?? '')
    .split(';')
    .map((value) => value.trim().toLowerCase())
    .filter((value) => value.length > 0);
}

export function osmRestaurantNafCode(tags: Readonly<Record<string, string>>): '56.10A' | '56.10B' | '56.10C' {
  const kinds = cuisines(tags.cuisine);
  if (tags.self_service === 'yes' || kinds.some((kind) => SELF_SERVICE_CUISINES.has(kind))) return '56.10B';
  if (tags.takeaway === 'only' || kinds.some((kind) => FAST_FOOD_CUISINES.has(kind))) return '56.10C';
  return '56.10A';
}

/** The restaurants file lists every sit-down restaurant OSM knows in Paris: the demo 56.10A rows step aside. */
export const OSM_COVERED_NAF_CODES = ['56.10A'] as const;
