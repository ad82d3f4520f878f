import { normaliseAddressQuery, simplifyText } from './normaliseAddressQuery';
import type { GeocodingFeature, GeocodingResponse } from '../../kernel/geocoding/geocodingSchemas';
import type { Database } from '../db/Database';
import {
  communeAt,
  nearestAddress,
  searchAddresses,
  selectCommunes,
  type AddressRow,
  type Bbox,
  type CommuneRow,
} from './geocodingRepository';

/** How far `reverse` looks for an address before answering with the commune. */
const REVERSE_RADIUS_METRES = 250;

interface CommuneEntry extends CommuneRow {
  simple: string;
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;

function addressFeature(row: AddressRow, relevance: number): GeocodingFeature {
  const center: [number, number] = [round(row.longitude), round(row.latitude)];
  const street = row.numero === null ? row.nom_voie : `${row.numero}${row.rep ? ` ${row.rep}` : ''} ${row.nom_voie}`;
  return {
    type: 'Feature',
    id: `address.${row.id}`,
    place_type: [row.numero === null ? 'street' : 'address'],
    relevance: Math.round(relevance * 1000) / 1000,
    text: street,
    place_name: row.label,
    center,
    geometry: { type: 'Point', coordinates: center },
    properties: {
      source: 'ban',
      id: row.id,
      numero: row.numero,
      nom_voie: row.nom_voie,
      code_postal: row.code_postal,
      code_insee: row.code_insee,
      nom_commune: row.nom_commune,
    },
  };
}

function communeFeature(
  commune: CommuneRow,
  placeType: 'municipality' | 'postcode',
  relevance: number,
): GeocodingFeature {
  const center: [number, number] = [round(commune.longitude), round(commune.latitude)];
  const postcode = commune.postcodes[0];
  return {
    type: 'Feature',
    id: `${placeType}.${commune.code}`,
    place_type: [placeType],
    relevance,
    text: commune.name,
    place_name: postcode ? `${commune.name} ${placeType === 'postcode' ? '' : `(${postcode})`}`.trim() : commune.name,
    center,
    geometry: { type: 'Point', coordinates: center },
    properties: {
      source: 'communes',
      code_insee: commune.code,
      code_postal: postcode ?? null,
      nom_commune: commune.name,
      departement_code: commune.departement_code,
    },
  };
}

const inBbox = (bbox: Bbox | undefined, longitude: number, latitude: number) =>
  !bbox || (longitude >= bbox[0] && longitude <= bbox[2] && latitude >= bbox[1] && latitude <= bbox[3]);

/**
 * Geocoding on the local gazetteer: BAN addresses (pg_trgm word similarity on `search_text`),
 * communes by name and postcodes (an in-memory index loaded on first use).
 */
export class GeocodingService {
  private communes: Promise<CommuneEntry[]> | undefined;

  constructor(private readonly database: Database) {}

  private communeIndex(): Promise<CommuneEntry[]> {
    this.communes ??= selectCommunes(this.database).then((rows) =>
      rows.map((row) => ({ ...row, simple: simplifyText(row.name) })),
    );
    return this.communes;
  }

  async search(query: string, options: { bbox?: Bbox | undefined; limit: number }): Promise<GeocodingResponse> {
    const normalised = normaliseAddressQuery(query);
    const features: GeocodingFeature[] = [];
    const communes = (await this.communeIndex()).filter((commune) =>
      inBbox(options.bbox, commune.longitude, commune.latitude),
    );
    if (/^\d{5}$/.test(normalised.text)) {
      // The most specific first: Paris 11e (75011 only) before Paris (every 750xx).
      const matches = communes
        .filter((commune) => commune.postcodes.includes(normalised.text))
        .sort((a, b) => a.postcodes.length - b.postcodes.length);
      for (const commune of matches) {
        features.push(communeFeature({ ...commune, postcodes: [normalised.text] }, 'postcode', 1));
      }
    } else if (normalised.numero === undefined) {
      // "bondy", "paris 11e arrondissement", "paris" — names equal to or starting the query.
      for (const commune of communes) {
        if (commune.simple === normalised.text) features.push(communeFeature(commune, 'municipality', 1));
        else if (normalised.text.length >= 3 && commune.simple.startsWith(`${normalised.text} `)) {
          features.push(communeFeature(commune, 'municipality', 0.9));
        }
      }
      features.sort((a, b) => b.relevance - a.relevance || a.text.localeCompare(b.text, 'fr'));
      features.splice(Math.min(features.length, 3));
    }
    if (!/^\d{5}$/.test(normalised.text) && normalised.text.length >= 2) {
      const addresses = await searchAddresses(this.database, normalised, options);
      features.push(...addresses.map((row) => addressFeature(row, row.score)));
    }
    return { type: 'FeatureCollection', query: [query], features: features.slice(0, options.limit) };
  }

  async reverse(longitude: number, latitude: number): Promise<GeocodingResponse> {
    const query = [`${longitude},${latitude}`];
    const address = await nearestAddress(this.database, longitude, latitude, REVERSE_RADIUS_METRES);
    if (address) {
      const relevance = Math.max(0, 1 - address.distance / REVERSE_RADIUS_METRES);
      return { type: 'FeatureCollection', query, features: [addressFeature(address, relevance)] };
    }
    const commune = await communeAt(this.database, longitude, latitude);
    return {
      type: 'FeatureCollection',
      query,
      features: commune ? [communeFeature(commune, 'municipality', 0.5)] : [],
    };
  }
}
