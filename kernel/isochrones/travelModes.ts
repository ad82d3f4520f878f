/** The modes the road network serves (public transport needs a GTFS network, not roads). */
export const ROAD_MODES = ['driving', 'walking', 'cycling'] as const;
export type RoadMode = (typeof ROAD_MODES)[number];

/** What a zone measures: travel time (seconds) or network distance (metres). */
export type ReachMetric = 'time' | 'distance';

/**
 * Off the network (from the start to the nearest node, and from a reached street into the blocks
 * beside it) everyone walks: 5 km/h, in seconds per metre.
 */
export const OFF_NETWORK_SECONDS_PER_METRE = 3.6 / 5;

/** How far from a reached street the zone extends (metres), and how far a start may be from the network. */
export const OFF_NETWORK_REACH_METRES = 60;
export const MAXIMUM_SNAP_METRES = 400;

/** Sliders: time 5–60 min, distance 1–50 km. */
export const TRAVEL_TIME_MINUTES = { minimum: 5, maximum: 60 } as const;
export const ZONE_DISTANCE_METRES = { minimum: 1_000, maximum: 50_000 } as const;
