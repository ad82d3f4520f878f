import type { TransportMode } from './Zone';
import type { AdministrativeLevel } from './Zone';

/** Isochrone colours by transport mode (public transport and bus purple, default grey). */
export const TRANSPORT_MODE_COLORS: Record<TransportMode | 'bus', string> = {
  walking: '#4CAF50',
  cycling: '#2196F3',
  driving: '#FF9800',
  'public-transport': '#9C27B0',
  bus: '#9C27B0',
};
export const DEFAULT_ZONE_COLOR = '#757575';

/** Colours of administrative zones by level. */
export const ADMINISTRATIVE_COLORS: Record<AdministrativeLevel, string> = {
  region: '#8B5CF6',
  department: '#3B82F6',
  commune: '#10B981',
  iris: '#F59E0B',
};

/** Zone default colours cycle through 8 colours by the number of existing zones. */
export const ZONE_PALETTE = [
  '#3B82F6',
  '#EF4444',
  '#10B981',
  '#F59E0B',
  '#8B5CF6',
  '#EC4899',
  '#14B8A6',
  '#F97316',
] as const;

/** The default colour of the next zone when `existingCount` zones exist. */
export function defaultZoneColor(existingCount: number): string {
  return ZONE_PALETTE[((existingCount % ZONE_PALETTE.length) + ZONE_PALETTE.length) % ZONE_PALETTE.length] as string;
}

/** Zone fill opacity and border width. */
export const ZONE_FILL_OPACITY = 0.3;
export const ZONE_BORDER_WIDTH = 3;
/** Drawn polygons are blue by default. */
export const DRAWN_POLYGON_COLOR = '#3B82F6';
