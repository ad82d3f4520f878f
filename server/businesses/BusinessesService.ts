import { businessSourceLabel, isDemoSource } from '../../kernel/businesses/businessSources';
import {
  type Business,
  type BusinessList,
  type ZoneBusinessStatistics,
  type ZoneInput,
} from '../../kernel/businesses/businessSchemas';
import { employeeBandLabel, SIZE_CLASSES, sizeClassOf, type SizeClass } from '../../kernel/businesses/employeeBands';
import { HOME_CATEGORIES } from '../../kernel/businesses/homeCategories';
import { NAF_SECTIONS, sectionOfNafCode } from '../../kernel/businesses/nafSections';
import type { Database } from '../db/Database';
import { badRequest } from '../http/HttpError';
import {
  type BusinessQuery,
  type BusinessRow,
  type BusinessZone,
  codesArea,
  geometryArea,
  selectBusinesses,
  selectDatasetsLoadStamp,
  selectFuzzyBusinesses,
  selectNafCodesWithData,
  selectStatisticsGroups,
} from './businessesRepository';
import { NafCatalogue } from './NafCatalogue';
import { selectCommuneCodes } from '../territory/territoryRepository';
import { resolveZone, zoneOutlineJson } from '../zones/resolveZone';
import type { ZoneOwner } from '../zones/zonesRepository';
import { StatisticsCache } from './StatisticsCache';

const SIRET = /^\d{14}$/;
const round2 = (value: number) => Math.round(value * 100) / 100;
const percentage = (count: number, total: number) => (total > 0 ? round2((count / total) * 100) : 0);

/** A zone ready for SQL, with its area. */
export interface ResolvedZone {
  zone: BusinessZone;
  areaKm2: number | null;
}

/** `fuzziness` (Elasticsearch's spelling) → the minimum pg_trgm word similarity. */
export function similarityThreshold(fuzziness: 'AUTO' | number, length: number): number {
  if (fuzziness === 'AUTO') return length <= 4 ? 0.6 : 0.45;
  return [0.8, 0.5, 0.35][fuzziness] ?? 0.45;
}

/** Business logic of the establishments endpoints: zones, statistics, lists, searches. */
export class BusinessesService {
  readonly naf: NafCatalogue;
  readonly cache = new StatisticsCache<unknown>();

  constructor(private readonly database: Database) {
    this.naf = new NafCatalogue(database);
  }

  /**
   * The zone reference first (`resolveZone`: the owner's saved zone, a territory unit by its codes, a
   * geometry), then codes (département, commune, IRIS: by index), else the geometry; 400 when there is
   * none or it is unreadable.
   */
  async resolveZone(
    input: Pick<ZoneInput, 'zone' | 'geometry' | 'department_code' | 'commune_code' | 'iris_codes'>,
    field = 'geometry',
    owner?: ZoneOwner,
  ): Promise<ResolvedZone> {
    let zone: BusinessZone;
    const resolved = input.zone ? await resolveZone(this.database, input.zone, owner) : undefined;
    if (resolved?.kind === 'territory' && resolved.level === 'department') {
      zone = { kind: 'departement', code: resolved.code };
    } else if (resolved?.kind === 'territory' && resolved.level === 'commune') {
      zone = { kind: 'communes', codes: resolved.communeCodes };
    } else if (resolved?.kind === 'territory' && resolved.level === 'iris') {
      zone = { kind: 'iris', codes: [resolved.code] };
    } else if (resolved) {
      return this.resolveZone(
        { geometry: JSON.parse(await zoneOutlineJson(this.database, resolved)) as never },
        'zone',
      );
    } else if (input.department_code) zone = { kind: 'departement', code: input.department_code };
    else if (input.commune_code) {
      const codes = await selectCommuneCodes(this.database, input.commune_code);
      zone = { kind: 'communes', codes: codes.length > 0 ? codes : [input.commune_code] };
    } else if (input.iris_codes?.length) zone = { kind: 'iris', codes: input.iris_codes };
    else if (input.geometry) {
      const geojson = JSON.stringify(input.geometry);
      const areaKm2 = await geometryArea(this.database, geojson);
      if (areaKm2 === null) {
        throw badRequest(`corps « ${field} » : géométrie vide ou illisible`, {
          errors: [{ field, message: 'géométrie vide ou illisible' }],
        });
      }
      return { zone: { kind: 'geometry', geojson }, areaKm2 };
    } else {
      throw badRequest('Aucune géométrie fournie', { errors: [{ field, message: 'requis' }] });
    }
    return { zone, areaKm2: await codesArea(this.database, zone) };
  }

  /** 400 naming the field when a NAF code is not in the catalogue (prefixes `56`, `56.1` are codes too). */
  async checkNafCodes(
    codes: readonly string[],
    field: string,
    location: 'corps' | 'paramètre' = 'corps',
  ): Promise<void> {
    const unknown = await this.naf.unknownCodes(codes);
    if (unknown.length > 0) {
      const message = `code NAF inconnu « ${unknown.join(', ')} »`;
      throw badRequest(`${location} « ${field} » : ${message}`, { errors: [{ field, message }] });
    }
  }

  /** Total, area, density, size classes, top 10 divisions with their sous-classes, sources; cached. */
  async zoneStatistics(input: ZoneInput, owner?: ZoneOwner): Promise<ZoneBusinessStatistics> {
    const startedAt = performance.now();
    // Resolved before the cache key: a saved zone's id means different zones for different owners.
    const { zone, areaKm2 } = await this.resolveZone(input, 'geometry', owner);
    const key = JSON.stringify([
      'statistics',
      await selectDatasetsLoadStamp(this.database),
      zone,
      input.include_inactive,
    ]);
    const statistics = (await this.cache.get(key, async () => {
      const [groups, catalogue] = await Promise.all([
        selectStatisticsGroups(this.database, zone, input.include_inactive),
        this.naf.all(),
      ]);
      return this.assembleStatistics(groups, catalogue, areaKm2);
    })) as ZoneBusinessStatistics;
    return { ...statistics, search_time_ms: Math.round(performance.now() - startedAt) };
  }

  private assembleStatistics(
    groups: Awaited<ReturnType<typeof selectStatisticsGroups>>,
    catalogue: Awaited<ReturnType<NafCatalogue['all']>>,
    areaKm2: number | null,
  ): ZoneBusinessStatistics {
    let total = 0;
    let demo = 0;
    const sizes = new Map<SizeClass, number>(SIZE_CLASSES.map((size) => [size, 0]));
    const divisions = new Map<string, { count: number; codes: Map<string, number> }>();
    const sources = new Map<string, { vintage: string | null; count: number }>();
    const sections = new Map<string, number>();
    for (const group of groups) {
      const sectionCode = sectionOfNafCode(group.naf_code)?.code ?? 'NC';
      sections.set(sectionCode, (sections.get(sectionCode) ?? 0) + group.count);
      total += group.count;
      if (isDemoSource(group.source)) demo += group.count;
      const size = sizeClassOf(group.tranche_effectifs);
      sizes.set(size, (sizes.get(size) ?? 0) + group.count);
      const nafCode = group.naf_code ?? 'NC';
      const division = group.naf_code ? group.naf_code.slice(0, 2) : 'NC';
      const entry = divisions.get(division) ?? { count: 0, codes: new Map<string, number>() };
      entry.count += group.count;
      entry.codes.set(nafCode, (entry.codes.get(nafCode) ?? 0) + group.count);
      divisions.set(division, entry);
      const sourceKey = `${group.source}\u0000${group.source_vintage ?? ''}`;
      const source = sources.get(sourceKey) ?? { vintage: group.source_vintage, count: 0 };
      source.count += group.count;
      sources.set(sourceKey, source);
    }
    const ranked = [...divisions.entries()]
      .sort((a, b) => b[1].count - a[1].count || a[0].localeCompare(b[0]))
      .slice(0, 10);
    return {
      total_businesses: total,
      zone_area_km2: areaKm2 === null ? null : round2(areaKm2),
      business_density: areaKm2 ? round2(total / areaKm2) : null,
      employee_size_breakdown: Object.fromEntries(
        SIZE_CLASSES.map((size) => [
          size,
          { count: sizes.get(size) ?? 0, percentage: percentage(sizes.get(size) ?? 0, total) },
        ]),
      ) as ZoneBusinessStatistics['employee_size_breakdown'],
      top_naf_categories: ranked.map(([division, entry], index) => {
        const section = division === 'NC' ? undefined : sectionOfNafCode(division);
        const label =
          division === 'NC' ? 'Activité non précisée' : (catalogue.get(division)?.label ?? `Division ${division}`);
        return {
          rank: index + 1,
          naf_code: division,
          label,
          count: entry.count,
          percentage: percentage(entry.count, total),
          section_code: section?.code ?? null,
          section_label: section?.name ?? null,
          division_code: division,
          division_label: label,
          subcategories: [...entry.codes.entries()]
            .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
            .map(([code, count]) => ({
              naf_code: code,
              label: code === 'NC' ? 'Activité non précisée' : (catalogue.get(code)?.label ?? code),
              count,
            })),
        };
      }),
      section_breakdown: [...sections.entries()]
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .map(([code, count]) => ({
          section_code: code,
          label: NAF_SECTIONS.find((section) => section.code === code)?.name ?? 'Activité non précisée',
          count,
          percentage: percentage(count, total),
        })),
      sources: [...sources.entries()]
        .map(([key, value]) => {
          const source = key.split('\u0000')[0] as string;
          return {
            source,
            label: businessSourceLabel(source),
            vintage: value.vintage,
            count: value.count,
            demo: isDemoSource(source),
          };
        })
        .sort((a, b) => b.count - a.count),
      demo_count: demo,
      search_time_ms: 0,
    };
  }

  /** Rows → the wire shape, with labels, section, size band, source and duplicates. */
  async toBusinesses(rows: readonly BusinessRow[]): Promise<Business[]> {
    const catalogue = await this.naf.all();
    return rows.map((row) => {
      const section = sectionOfNafCode(row.naf_code);
      return {
        id: row.id,
        siret: SIRET.test(row.id) ? row.id : null,
        siren: row.siren ?? (SIRET.test(row.id) ? row.id.slice(0, 9) : null),
        denomination: row.denomination,
        enseigne: row.enseigne,
        address: row.adresse,
        city: row.city,
        postal_code: row.code_postal,
        commune_code: row.commune_code,
        latitude: row.latitude,
        longitude: row.longitude,
        naf_code: row.naf_code,
        naf_label: row.naf_label ?? (row.naf_code ? (catalogue.get(row.naf_code)?.label ?? null) : null),
        section_code: section?.code ?? null,
        section_label: section?.name ?? null,
        employee_size: row.tranche_effectifs,
        employee_range: employeeBandLabel(row.tranche_effectifs),
        status: row.etat === 'F' ? 'F' : 'A',
        date_creation: row.date_creation,
        source: row.source,
        source_label: businessSourceLabel(row.source),
        source_vintage: row.source_vintage,
        demo: isDemoSource(row.source),
        also_in: (row.duplicates ?? []).map((entry) => {
          const [source = '', id = ''] = entry.split(' ');
          return { id, source, source_label: businessSourceLabel(source) };
        }),
      };
    });
  }

  async list(query: BusinessQuery, restriction: string | null = null): Promise<BusinessList> {
    const startedAt = performance.now();
    const { rows, total } = await selectBusinesses(this.database, query);
    const businesses = await this.toBusinesses(rows);
    return {
      businesses,
      returned_count: businesses.length,
      total_count: total ?? -1,
      search_time_ms: Math.round(performance.now() - startedAt),
      restriction_info: restriction,
    };
  }

  /** Raw rows of a list (Arrow answers encode them without the JSON mapping). */
  rows(query: BusinessQuery): Promise<{ rows: BusinessRow[]; total: number | null }> {
    return selectBusinesses(this.database, query);
  }

  async fuzzy(text: string, fuzziness: 'AUTO' | number, limit: number, zone?: BusinessZone): Promise<BusinessList> {
    const startedAt = performance.now();
    const { rows, total } = await selectFuzzyBusinesses(
      this.database,
      text,
      similarityThreshold(fuzziness, text.length),
      limit,
      zone,
    );
    const businesses = await this.toBusinesses(rows);
    return {
      businesses,
      returned_count: businesses.length,
      total_count: total,
      search_time_ms: Math.round(performance.now() - startedAt),
      restriction_info:
        total > businesses.length ? `Affichage des ${businesses.length} premiers résultats sur ${total}` : null,
    };
  }

  /** The ten home categories in a zone: count, most common band, a first list of establishments. */
  async categoryAnalysis(
    input: ZoneInput,
    keys: readonly string[] | undefined,
    perCategoryLimit: number,
    owner?: ZoneOwner,
  ) {
    const startedAt = performance.now();
    const { zone } = await this.resolveZone(input, 'geometry', owner);
    const categories = HOME_CATEGORIES.filter((category) => !keys?.length || keys.includes(category.key));
    const [groups, withData] = await Promise.all([
      selectStatisticsGroups(this.database, zone, input.include_inactive),
      selectNafCodesWithData(
        this.database,
        zone,
        categories.flatMap((category) => [...category.naf_codes]),
      ),
    ]);
    const results = await Promise.all(
      categories.map(async (category) => {
        const query: BusinessQuery = {
          zone,
          includeInactive: input.include_inactive,
          nafPrefixes: category.naf_codes,
          limit: perCategoryLimit,
          offset: 0,
          count: true,
        };
        const { rows, total } = await selectBusinesses(this.database, query);
        const bands = bandCounts(groups, category.naf_codes);
        const businesses = await this.toBusinesses(rows);
        return {
          category: category.key,
          name: category.name,
          icon: category.icon,
          naf_codes: [...category.naf_codes],
          count: total ?? businesses.length,
          // No loaded source lists this category in the zone's départements: its 0 means "not known".
          available: category.naf_codes.some((code) => withData.has(code)),
          businesses: businesses.map((business) => ({
            siret: business.id,
            business_name: business.denomination ?? business.enseigne,
            address: business.address,
            city: business.city,
            latitude: business.latitude,
            longitude: business.longitude,
            employee_range: business.employee_range,
            naf_code: business.naf_code,
            naf_label: business.naf_label,
            source_label: business.source_label,
            source_vintage: business.source_vintage,
            demo: business.demo,
          })),
          employee_ranges: bands,
        };
      }),
    );
    return { categories: results, search_time_ms: Math.round(performance.now() - startedAt) };
  }
}

/** Establishments per headcount band (`NN` for none) among the groups of these NAF codes. */
function bandCounts(
  groups: Awaited<ReturnType<typeof selectStatisticsGroups>>,
  nafCodes: readonly string[],
): Record<string, number> {
  const bands: Record<string, number> = {};
  for (const group of groups) {
    if (!group.naf_code || !nafCodes.some((code) => group.naf_code?.startsWith(code))) continue;
    const band = group.tranche_effectifs ?? 'NN';
    bands[band] = (bands[band] ?? 0) + group.count;
  }
  return bands;
}
