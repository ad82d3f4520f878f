import type { OsmTags } from './readOsmPbf';

/** Speeds (km/h) per mode and one-way rules of one OSM way; `null` speed = the mode may not use it. */
export interface RoadProfile {
  highway: string;
  drivingSpeedKmh: number | null;
  walkingSpeedKmh: number | null;
  cyclingSpeedKmh: number | null;
  /** 1 = drivable only in the direction of the (possibly reversed) geometry. */
  oneway: 0 | 1;
  cyclingOneway: 0 | 1;
  /** OSM `oneway=-1`: the geometry must be reversed so that 1 means "forward". */
  reversed: boolean;
}

/**
 * Default driving speeds (km/h) by `highway`, those of the OSRM car profile (profiles/car.lua,
 * `speeds.highway`), lowered to the tag `maxspeed` when it is smaller.
 */
export const DRIVING_SPEEDS_KMH: Readonly<Record<string, number>> = {
  motorway: 90,
  motorway_link: 45,
  trunk: 85,
  trunk_link: 40,
  primary: 65,
  primary_link: 30,
  secondary: 55,
  secondary_link: 25,
  tertiary: 40,
  tertiary_link: 20,
  unclassified: 25,
  residential: 25,
  living_street: 10,
  service: 15,
  road: 25,
};

/** Walking speed (OSRM foot profile: 5 km/h; steps at half speed). */
export const WALKING_SPEED_KMH = 5;
/** Cycling speed (OSRM bicycle profile: 15 km/h; pushing the bike on footways at 6 km/h, steps 2 km/h). */
export const CYCLING_SPEED_KMH = 15;
const PUSHING_SPEED_KMH = 6;

/** Highways that are walked or cycled but not driven. */
const NON_MOTOR = new Set(['footway', 'path', 'cycleway', 'pedestrian', 'steps', 'track', 'bridleway', 'corridor']);
const NO_WALKING = new Set(['motorway', 'motorway_link', 'trunk', 'trunk_link']);
const PUSH_BIKE = new Set(['footway', 'pedestrian', 'corridor']);
const DENIED = new Set(['no', 'private']);

function parseMaxspeed(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const match = /^(\d+(?:\.\d+)?)\s*(mph)?$/.exec(value.trim());
  if (!match) return undefined;
  const speed = Number(match[1]);
  return match[2] ? speed * 1.609344 : speed;
}

function allowed(tags: OsmTags, keys: readonly string[], byDefault: boolean): boolean {
  for (const key of keys) {
    const value = tags[key];
    if (value === undefined) continue;
    return !DENIED.has(value);
  }
  return byDefault;
}

/** The routing profile of an OSM way, or `undefined` when it is not a routable road or path. */
export function osmRoadProfile(tags: OsmTags): RoadProfile | undefined {
  const highway = tags.highway;
  if (!highway || (!(highway in DRIVING_SPEEDS_KMH) && !NON_MOTOR.has(highway))) return undefined;
  if (tags.area === 'yes') return undefined;
  const generalAccess = tags.access === undefined || !DENIED.has(tags.access);
  const drivingDefault = DRIVING_SPEEDS_KMH[highway];
  const maxspeed = parseMaxspeed(tags.maxspeed);
  const drives =
    drivingDefault !== undefined && allowed(tags, ['motorcar', 'motor_vehicle', 'vehicle', 'access'], generalAccess);
  const walks = !NO_WALKING.has(highway) && allowed(tags, ['foot', 'access'], generalAccess);
  const cycles = !NO_WALKING.has(highway) && allowed(tags, ['bicycle', 'vehicle', 'access'], generalAccess);
  const onewayTag = tags.oneway;
  const reversed = onewayTag === '-1' || onewayTag === 'reverse';
  const impliedOneway =
    highway === 'motorway' || tags.junction === 'roundabout' || tags.junction === 'circular' ? 1 : 0;
  const oneway: 0 | 1 =
    reversed || onewayTag === 'yes' || onewayTag === 'true' || onewayTag === '1'
      ? 1
      : onewayTag === 'no'
        ? 0
        : impliedOneway;
  const contraflow =
    tags['oneway:bicycle'] === 'no' ||
    /^opposite/.test(tags.cycleway ?? '') ||
    tags['cycleway:left'] === 'opposite_lane';
  return {
    highway,
    drivingSpeedKmh: drives ? Math.min(drivingDefault, maxspeed ?? Infinity) : null,
    walkingSpeedKmh: walks ? (highway === 'steps' ? WALKING_SPEED_KMH / 2 : WALKING_SPEED_KMH) : null,
    cyclingSpeedKmh: cycles
      ? highway === 'steps'
        ? 2
        : PUSH_BIKE.has(highway) && tags.bicycle !== 'yes' && tags.bicycle !== 'designated'
          ? PUSHING_SPEED_KMH
          : CYCLING_SPEED_KMH
      : null,
    oneway,
    cyclingOneway: oneway === 1 && !contraflow ? 1 : 0,
    reversed,
  };
}
