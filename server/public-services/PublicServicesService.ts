import {
  PUBLIC_SERVICE_CATEGORIES,
  PUBLIC_SERVICE_CATEGORY_IDS,
  publicServiceCategory,
  type PublicServiceCategoryId,
} from '../../kernel/public-services/publicServiceCategories';
import { PUBLIC_SERVICE_FAMILIES } from '../../kernel/public-services/publicServiceFamilies';
import {
  PUBLIC_SERVICE_SOURCE_LABELS,
  type PublicService,
  type PublicServiceStatistics,
  type SearchResponse,
  type ServiceCategory,
  type ServiceType,
  type SourceNote,
  type ZoneAnalysis,
  type ZoneCategory,
  type ZoneService,
} from '../../kernel/public-services/publicServiceSchemas';
import { serviceTypeName } from '../../kernel/public-services/serviceTypeName';
import type { Database } from '../db/Database';
import { badRequest } from '../http/HttpError';
import {
  selectNearby,
  selectServices,
  selectServicesVersion,
  selectServiceTypes,
  selectSources,
  selectStatistics,
  selectZoneServices,
  type ServiceFilter,
  type ServiceRow,
} from './publicServicesRepository';

/** Text of an Annuaire detail that may be a string, a list of strings or a list of {valeur}. */
function detailText(value: unknown): string | null {
  let parsed = value;
  if (typeof value === 'string' && value.trim().startsWith('[')) {
    try {
      parsed = JSON.parse(value) as unknown;
    } catch {
      return value.trim() || null;
    }
  }
  if (Array.isArray(parsed)) {
    for (const item of parsed) {
      const text = detailText(item && typeof item === 'object' ? (item as { valeur?: unknown }).valeur : item);
      if (text) return text;
    }
    return null;
  }
  if (typeof parsed === 'number') return String(parsed);
  return typeof parsed === 'string' && parsed.trim() ? parsed.trim() : null;
}

const isDemo = (row: Pick<ServiceRow, 'source' | 'demo_position'>) => row.source === 'bpe' || row.demo_position;

function toService(row: ServiceRow): PublicService {
  return {
    id: row.id,
    nom: row.name,
    type_service_local: row.type_code ?? row.family,
    type_label: row.type_label,
    category: publicServiceCategory(row.family, row.type_code),
    numero_voie: row.address,
    code_postal: row.code_postal,
    nom_commune: row.commune_name,
    code_commune: row.commune_code,
    telephone: detailText(row.telephone),
    adresse_courriel: detailText(row.adresse_courriel),
    site_internet: detailText(row.site_internet) ?? detailText(row.url_service_public),
    latitude: row.latitude,
    longitude: row.longitude,
    source: row.source,
    vintage: row.vintage ?? 'inconnu',
    demo_position: isDemo(row),
    ...(row.distance_m === undefined ? {} : { distance_m: Math.round(row.distance_m) }),
  };
}

function toZoneService(row: ServiceRow): ZoneService {
  const service = toService(row);
  return {
    id: service.id,
    service_type: service.type_service_local,
    name: service.nom,
    title: row.type_label ?? serviceTypeName(row.type_code ?? row.family, null),
    address: service.numero_voie,
    postal_code: service.code_postal,
    city: service.nom_commune,
    phone: service.telephone,
    email: service.adresse_courriel,
    website: service.site_internet,
    latitude: service.latitude,
    longitude: service.longitude,
    source: service.source,
    vintage: service.vintage,
    demo_position: service.demo_position,
  };
}

function typeDescription(category: PublicServiceCategoryId, source: ServiceRow['source']): string {
  const mission = PUBLIC_SERVICE_CATEGORIES[category].description;
  const origin = PUBLIC_SERVICE_SOURCE_LABELS[source];
  return source === 'bpe'
    ? `${mission} Source : ${origin} ; positions de démonstration (équipements comptés par IRIS, placés à des adresses de leur IRIS).`
    : `${mission} Source : ${origin}.`;
}

/**
 * The public services of the `public_services` table: catalogue of types and the nine categories,
 * searches, statistics and zone analysis. The catalogue is kept until an import changes the table.
 */
export class PublicServicesService {
  private catalogue: { version: string; types: Promise<ServiceType[]> } | undefined;

  constructor(private readonly database: Database) {}

  async serviceTypes(): Promise<ServiceType[]> {
    const version = await selectServicesVersion(this.database);
    if (!this.catalogue || this.catalogue.version !== version) {
      const types = selectServiceTypes(this.database).then((rows) =>
        rows.map((row): ServiceType => {
          const category = publicServiceCategory(row.family, row.type === row.family ? null : row.type);
          const familyName = (PUBLIC_SERVICE_FAMILIES as Record<string, string>)[row.type];
          return {
            type_service_local: row.type,
            name: familyName ?? serviceTypeName(row.type, row.type_label),
            count: row.count,
            with_coordinates: row.with_coordinates,
            description: typeDescription(category, row.source),
            category,
            source: row.source,
            demo_positions: row.source === 'bpe',
          };
        }),
      );
      this.catalogue = { version, types };
      types.catch(() => {
        if (this.catalogue?.types === types) this.catalogue = undefined;
      });
    }
    return this.catalogue.types;
  }

  async categories(): Promise<ServiceCategory[]> {
    const types = await this.serviceTypes();
    return PUBLIC_SERVICE_CATEGORY_IDS.map((id) => {
      const definition = PUBLIC_SERVICE_CATEGORIES[id];
      const services = types
        .filter((type) => type.category === id)
        .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'fr'));
      return {
        category_id: id,
        name: definition.name,
        icon: definition.icon,
        color: definition.color,
        description: definition.description,
        service_count: services.reduce((sum, type) => sum + type.count, 0),
        services,
      };
    });
  }

  /** 400 naming `field` when a type is not in the catalogue. */
  async checkTypes(types: readonly string[] | undefined, field = 'service_types'): Promise<void> {
    if (!types?.length) return;
    const known = new Set((await this.serviceTypes()).map((type) => type.type_service_local));
    const unknown = types.filter((type) => !known.has(type));
    if (unknown.length > 0) {
      const detail = `paramètre « ${field} » : type de service inconnu ${unknown.map((type) => `« ${type} »`).join(', ')}`;
      throw badRequest(detail, { errors: [{ field, message: 'type de service inconnu' }] });
    }
  }

  async search(filter: ServiceFilter, page: { limit: number; offset: number }): Promise<SearchResponse> {
    await this.checkTypes(filter.types);
    const { rows, total } = await selectServices(this.database, filter, page);
    return { services: rows.map(toService), total, limit: page.limit, offset: page.offset };
  }

  async nearby(
    point: { longitude: number; latitude: number },
    radiusKm: number,
    types: readonly string[] | undefined,
    limit: number,
  ): Promise<{ services: PublicService[]; total: number }> {
    await this.checkTypes(types);
    const rows = await selectNearby(this.database, point, radiusKm * 1000, types, limit);
    return { services: rows.map(toService), total: rows.length };
  }

  async statistics(): Promise<PublicServiceStatistics> {
    const [row, sources] = await Promise.all([selectStatistics(this.database), this.sources()]);
    const coverage = row.total_services > 0 ? Math.round((row.with_coordinates / row.total_services) * 1000) / 10 : 0;
    return { ...row, coordinate_coverage: coverage, sources };
  }

  async sources(): Promise<(SourceNote & { count: number })[]> {
    const rows = await selectSources(this.database);
    return rows.map((row) => ({
      source: row.source,
      label: PUBLIC_SERVICE_SOURCE_LABELS[row.source],
      vintage: row.vintage,
      demo_positions: row.demo || row.source === 'bpe',
      count: row.count,
    }));
  }

  /** The services inside the zone, grouped by category (categories without services left out). */
  async zoneAnalysis(geometryJson: string): Promise<ZoneAnalysis> {
    const startedAt = performance.now();
    const [rows, sources] = await Promise.all([selectZoneServices(this.database, geometryJson), this.sources()]);
    const grouped = new Map<PublicServiceCategoryId, ZoneService[]>();
    for (const row of rows) {
      const category = publicServiceCategory(row.family, row.type_code);
      const list = grouped.get(category) ?? [];
      list.push(toZoneService(row));
      grouped.set(category, list);
    }
    const categories: ZoneCategory[] = PUBLIC_SERVICE_CATEGORY_IDS.filter((id) => grouped.has(id)).map((id) => {
      const definition = PUBLIC_SERVICE_CATEGORIES[id];
      const services = grouped.get(id) ?? [];
      return {
        category: id,
        name: definition.name,
        count: services.length,
        icon: definition.icon,
        color: definition.color,
        description: definition.description,
        services,
      };
    });
    return {
      categories,
      total_services: rows.length,
      sources: sources.map(({ count: _count, ...note }) => note),
      computation_time_ms: Math.round((performance.now() - startedAt) * 10) / 10,
    };
  }
}
