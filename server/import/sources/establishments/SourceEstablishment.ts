/**
 * One establishment read from a real source other than Sirene (OpenStreetMap, APUR BDCOM, Ville de Paris),
 * mapped to the columns of `establishments` by the source's pure parser.
 */
export interface SourceEstablishment {
  /** Identity: the SIRET when the source gives a valid one, else a stable source id (`osm:node/123`). */
  id: string;
  denomination: string | null;
  enseigne: string | null;
  adresse: string | null;
  codePostal: string | null;
  /** INSEE code of the commune (Paris: the arrondissement, `75111`); null = from the point's IRIS. */
  communeCode: string | null;
  /** 9-character IRIS code given by the source; null = the IRIS containing the point. */
  irisCode: string | null;
  /** NAF rév. 2 sous-classe from the source's documented mapping table; null when it says nothing usable. */
  nafCode: string | null;
  /** WGS84 point, or Lambert-93 `x`/`y` projected at load. */
  longitude: number | null;
  latitude: number | null;
  x: number | null;
  y: number | null;
  /** The source's own activity, from which the NAF code was mapped (`cuisine=pizza`, `CA103 Boulangerie…`). */
  sourceActivity: string;
}

/** Metropolitan France and Corsica, with a margin: a point outside is a bad coordinate. */
export function insideFrance(longitude: number, latitude: number): boolean {
  return longitude >= -5 && longitude <= 10 && latitude >= 41 && latitude <= 51;
}
