/** The map_areas geometry column simplified for a tile zoom (tiles are drawn 512 px wide). */
export function geometryColumnForZoom(zoom: number): string {
  if (zoom <= 6) return 'geometry_z6';
  if (zoom <= 8) return 'geometry_z8';
  if (zoom <= 10) return 'geometry_z10';
  return 'geometry';
}
