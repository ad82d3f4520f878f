import { HOME_CATEGORIES, type HomeCategoryKey } from '../businesses/homeCategories';

/** The home category of a key (the key is checked by the request schema). */
export function sectorOf(key: HomeCategoryKey): (typeof HOME_CATEGORIES)[number] {
  const category = HOME_CATEGORIES.find((entry) => entry.key === key);
  if (!category) throw new RangeError(`famille NAF inconnue : ${key}`);
  return category;
}
