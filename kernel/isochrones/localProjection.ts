/**
 * An equirectangular projection in metres around an origin: accurate to well under 1 % over the
 * tens of kilometres of an isochrone, and cheap enough for every sample of a contour.
 */
export interface LocalProjection {
  origin: readonly [number, number];
  metresPerDegreeLongitude: number;
  metresPerDegreeLatitude: number;
}

export function localProjection(origin: readonly [number, number]): LocalProjection {
  const latitude = (origin[1] * Math.PI) / 180;
  return {
    origin,
    metresPerDegreeLongitude: 111_320 * Math.cos(latitude),
    metresPerDegreeLatitude: 110_574,
  };
}

export const projectX = (projection: LocalProjection, longitude: number) =>
  (longitude - projection.origin[0]) * projection.metresPerDegreeLongitude;
export const projectY = (projection: LocalProjection, latitude: number) =>
  (latitude - projection.origin[1]) * projection.metresPerDegreeLatitude;
export const unprojectLongitude = (projection: LocalProjection, x: number) =>
  projection.origin[0] + x / projection.metresPerDegreeLongitude;
export const unprojectLatitude = (projection: LocalProjection, y: number) =>
  projection.origin[1] + y / projection.metresPerDegreeLatitude;
