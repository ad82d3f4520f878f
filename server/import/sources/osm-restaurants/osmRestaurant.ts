import { RowError } from '../../pipeline/ImportError';
import { insideFrance, type SourceEstablishment } from '../establishments/SourceEstablishment';
import { osmRestaurantNafCode } from './osmRestaurantNafCode';

/** An element of an Overpass API JSON answer (`out body; >; out skel qt;`). */
export interface OverpassElement {
  type: 'node' | 'way' | 'relation';
  id: number;
  lat?: number;
  lon?: number;
  nodes?: number[];
  members?: { type: string; ref: number; role: string }[];
  tags?: Record<string, string>;
}

const SIRET = /^\d{14}$/;

/** Where an element is: a node's coordinates, else the mean of its (outer) member nodes. */
export function elementPoint(
  element: OverpassElement,
  nodes: ReadonlyMap<number, OverpassElement>,
  ways: ReadonlyMap<number, OverpassElement>,
): [number, number] | undefined {
  if (element.type === 'node')
    return element.lat === undefined || element.lon === undefined ? undefined : [element.lon, element.lat];
  let nodeIds: number[] = [];
  if (element.type === 'way') nodeIds = element.nodes ?? [];
  else {
    const members = element.members ?? [];
    const outer = members.filter((member) => member.type === 'way' && member.role !== 'inner');
    for (const member of outer.length > 0 ? outer : members) {
      if (member.type === 'way') nodeIds.push(...(ways.get(member.ref)?.nodes ?? []));
      else if (member.type === 'node') nodeIds.push(member.ref);
    }
  }
  // A closed ring repeats its first node: count each node once.
  const points = [...new Set(nodeIds)].map((id) => nodes.get(id)).filter((node) => node?.lat !== undefined);
  if (points.length === 0) return undefined;
  const longitude = points.reduce((sum, node) => sum + (node?.lon ?? 0), 0) / points.length;
  const latitude = points.reduce((sum, node) => sum + (node?.lat ?? 0), 0) / points.length;
  return [longitude, latitude];
}

/** `addr:*`, else the `contact:*` spelling some mappers use. */
function address(tags: Readonly<Record<string, string>>, key: string): string | undefined {
  const value = (tags[`addr:${key}`] ?? tags[`contact:${key}`])?.trim();
  return value ? value : undefined;
}

/**
 * One restaurant of the Overpass answer → an establishment: identity = `ref:FR:SIRET` when it is 14 digits
 * and no other restaurant of the file carries it (`siretCount`), else `osm:<type>/<id>`; name, `brand` as
 * enseigne, address from `addr:*`/`contact:*`, NAF from {@link osmRestaurantNafCode}. A restaurant without
 * any position, or placed outside France, is an error.
 */
export function osmRestaurant(
  element: OverpassElement,
  point: [number, number] | undefined,
  siretCount: ReadonlyMap<string, number>,
): SourceEstablishment {
  const tags = element.tags ?? {};
  if (!point) throw new RowError('lat', `${element.type} ${element.id} sans position (ni coordonnées ni nœuds)`);
  const [longitude, latitude] = point;
  if (!insideFrance(longitude, latitude)) {
    throw new RowError('lon', `position hors de France « ${longitude}, ${latitude} »`);
  }
  const siret = tags['ref:FR:SIRET']?.replace(/\s/g, '');
  const id = siret && SIRET.test(siret) && siretCount.get(siret) === 1 ? siret : `osm:${element.type}/${element.id}`;
  const street = address(tags, 'street');
  const number = address(tags, 'housenumber');
  const postcode = address(tags, 'postcode');
  return {
    id,
    denomination: tags.name?.trim() || null,
    enseigne: tags.brand?.trim() || null,
    adresse: street ? [number, street].filter(Boolean).join(' ') : null,
    codePostal: postcode && /^\d{5}$/.test(postcode) ? postcode : null,
    communeCode: null,
    irisCode: null,
    nafCode: osmRestaurantNafCode(tags),
    longitude,
    latitude,
    x: null,
    y: null,
    sourceActivity: tags.cuisine ? `restaurant, cuisine=${tags.cuisine}` : 'restaurant',
  };
}
