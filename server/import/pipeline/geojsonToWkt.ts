import type { Geometry, Position } from 'geojson';

const position = (point: Position) => `${point[0]} ${point[1]}`;
const ring = (points: Position[]) => `(${points.map(position).join(',')})`;
const polygon = (rings: Position[][]) => `(${rings.map(ring).join(',')})`;

/** Well-known text of a GeoJSON geometry (2D; extra ordinates dropped). */
export function geojsonToWkt(geometry: Geometry): string {
  switch (geometry.type) {
    case 'Point':
      return `POINT(${position(geometry.coordinates)})`;
    case 'MultiPoint':
      return `MULTIPOINT(${geometry.coordinates.map((point) => `(${position(point)})`).join(',')})`;
    case 'LineString':
      return `LINESTRING${ring(geometry.coordinates)}`;
    case 'MultiLineString':
      return `MULTILINESTRING(${geometry.coordinates.map(ring).join(',')})`;
    case 'Polygon':
      return `POLYGON${polygon(geometry.coordinates)}`;
    case 'MultiPolygon':
      return `MULTIPOLYGON(${geometry.coordinates.map(polygon).join(',')})`;
    case 'GeometryCollection':
      return `GEOMETRYCOLLECTION(${geometry.geometries.map(geojsonToWkt).join(',')})`;
  }
}

/** Extended WKT with the SRID, as PostGIS reads it in `COPY` (`SRID=4326;POINT(…)`). */
export function geojsonToEwkt(geometry: Geometry, srid = 4326): string {
  return `SRID=${srid};${geojsonToWkt(geometry)}`;
}
