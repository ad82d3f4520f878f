import type { Feature, Geometry, MultiPolygon, Polygon } from 'geojson';
import { ADMINISTRATIVE_COLORS } from './zoneColors';
import type { AdministrativeLevel, Zone } from './Zone';

/** What the tree knows of an administrative unit when it is added as a zone. */
export interface AdministrativeUnit {
  level: AdministrativeLevel;
  code: string;
  name: string;
  /** IRIS only: the commune name, for the address '{iris_name}, {commune_name}'. */
  communeName?: string | null;
}

/** Zone ids 'region-{code}', 'department-{code}', 'commune-{code}', 'iris-{iris_code}'. */
export function administrativeZoneId(level: AdministrativeLevel, code: string): string {
  return `${level}-${code}`;
}

/** The zone names of each level. */
export function administrativeZoneName(unit: AdministrativeUnit): string {
  switch (unit.level) {
    case 'region':
      return `${unit.name} - Région Française (${unit.code})`;
    case 'department':
      return `${unit.name} - Département Français (${unit.code})`;
    case 'commune':
      return `${unit.name} - Commune Française (${unit.code})`;
    case 'iris':
      return `${unit.name} - IRIS (${unit.code})`;
  }
}

/** The "already in your list" alerts. */
export const ALREADY_IN_LIST_MESSAGES: Record<AdministrativeLevel, string> = {
  region: 'Cette région est déjà dans votre liste de zones',
  department: 'Ce département est déjà dans votre liste de zones',
  commune: 'Cette commune est déjà dans votre liste de zones',
  iris: 'Cette zone IRIS est déjà dans votre liste de zones',
};

const LEVEL_WITH_ARTICLE: Record<AdministrativeLevel, string> = {
  region: 'de la région',
  department: 'du département',
  commune: 'de la commune',
  iris: 'de la zone IRIS',
};

/**
 * 'Erreur lors de l'ajout de …' when the store refuses the zone. The product's leading '❌' is the error
 * toast's own SVG icon: no emoji font is assumed.
 */
export const addFailedMessage = (level: AdministrativeLevel) => `Erreur lors de l'ajout ${LEVEL_WITH_ARTICLE[level]}`;
/** 'Erreur lors du chargement de …' when the boundary cannot be fetched (the icon as above). */
export const loadFailedMessage = (level: AdministrativeLevel) =>
  `Erreur lors du chargement ${LEVEL_WITH_ARTICLE[level]}`;

/** Coordinates = mean of the outer-ring vertices (every polygon's outer ring; closing vertex once). */
export function outerRingMean(geometry: Polygon | MultiPolygon): [number, number] {
  const rings =
    geometry.type === 'Polygon' ? [geometry.coordinates[0] ?? []] : geometry.coordinates.map((p) => p[0] ?? []);
  let sumX = 0;
  let sumY = 0;
  let count = 0;
  for (const ring of rings) {
    const open = ring.length > 1 && ring[0]?.[0] === ring.at(-1)?.[0] && ring[0]?.[1] === ring.at(-1)?.[1];
    const vertices = open ? ring.slice(0, -1) : ring;
    for (const [x, y] of vertices) {
      sumX += x as number;
      sumY += y as number;
      count += 1;
    }
  }
  if (count === 0) throw new Error('Géométrie sans sommet');
  return [sumX / count, sumY / count];
}

/**
 * The zone of an administrative unit — travelTime 1, zoneType time, zoneDistance 0, mode
 * driving, the level's colour, a feature collection with the one boundary feature, and properties
 * {level, code, type 'administrative'} plus the feature's properties.
 */
export function administrativeZone(
  unit: AdministrativeUnit,
  feature: Feature<Polygon | MultiPolygon, Record<string, unknown> | null>,
  now: Date = new Date(),
): Zone {
  const properties = { ...(feature.properties ?? {}), level: unit.level, code: unit.code, type: 'administrative' };
  const address = unit.level === 'iris' ? `${unit.name}, ${unit.communeName ?? ''}`.replace(/, $/, '') : unit.name;
  return {
    id: administrativeZoneId(unit.level, unit.code),
    name: administrativeZoneName(unit),
    address,
    coordinates: outerRingMean(feature.geometry),
    transportMode: 'driving',
    travelTime: 1,
    zoneType: 'time',
    zoneDistance: 0,
    departureTime: null,
    geometry: {
      type: 'FeatureCollection',
      features: [{ type: 'Feature', geometry: feature.geometry as Geometry, properties }],
    },
    color: ADMINISTRATIVE_COLORS[unit.level],
    properties,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
}
