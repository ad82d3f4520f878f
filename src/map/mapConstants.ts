/** Spec §1/§9: the map opens on France centred on Paris. */
export const FRANCE_CENTER: [number, number] = [2.3522, 48.8566];
export const INITIAL_ZOOM = 6;
export const MIN_ZOOM = 5;
export const MAX_ZOOM = 18;
