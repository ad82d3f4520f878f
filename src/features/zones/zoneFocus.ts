import type { Position } from 'geojson';
import { zoneGeometry, type Zone } from '../../../kernel/zones/Zone';
import type { MapController } from '../../map/MapController';

/** The zone's bounds [[west, south], [east, north]], from its geometry. */
export function zoneBounds(zone: Zone): [[number, number], [number, number]] | undefined {
  const geometry = zoneGeometry(zone);
  if (!geometry || (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon')) return undefined;
  const rings: Position[][] = geometry.type === 'Polygon' ? geometry.coordinates : geometry.coordinates.flat();
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const ring of rings)
    for (const [x, y] of ring) {
      west = Math.min(west, x as number);
      east = Math.max(east, x as number);
      south = Math.min(south, y as number);
      north = Math.max(north, y as number);
    }
  return Number.isFinite(west)
    ? [
        [west, south],
        [east, north],
      ]
    : undefined;
}

/** Centre on a zone — zoom 13 in 1 s. */
export function centreOnZone(controller: MapController | null, zone: Zone): void {
  controller?.flyTo(zone.coordinates, 'zone');
}

/** Shows a new zone whole (large administrative zones do not fit at zoom 13). */
export function showNewZone(controller: MapController | null, zone: Zone): void {
  const bounds = zoneBounds(zone);
  if (bounds) controller?.fitBounds(bounds, 15);
  else centreOnZone(controller, zone);
}
