/** The map opens on France centred on Paris. */
export const FRANCE_CENTER: [number, number] = [2.3522, 48.8566];
export const INITIAL_ZOOM = 6;
export const MIN_ZOOM = 5;
export const MAX_ZOOM = 18;

/** Fly-to targets: zoom and duration (ms) by purpose. */
export const FLY_TO = {
  general: { zoom: 11, duration: 1000 },
  business: { zoom: 11, duration: 1000 },
  zone: { zoom: 13, duration: 1000 },
  businessFromCategory: { zoom: 15, duration: 1000 },
  transaction: { zoom: 16, duration: 1000 },
  service: { zoom: 16, duration: 1000 },
} as const;

export type FlyToPurpose = keyof typeof FLY_TO;

/** Fit padding 50; fit-to-markers max zoom 12. */
export const FIT_PADDING = 50;
export const FIT_TO_MARKERS_MAX_ZOOM = 12;
