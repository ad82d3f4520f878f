import { HOME_CATEGORIES, type HomeCategoryKey } from '../../kernel/businesses/homeCategories';
import { selectNafCodesWithData, type BusinessZone } from '../businesses/businessesRepository';
import type { AdministrativeHint } from '../demographics/analyzeZone';
import type { ZoneMarketFigures } from '../../kernel/export/zoneFigures';
import { analysisRequestSchema, MARKET_LIMITS } from '../../kernel/market/marketSchemas';
import type { Database } from '../db/Database';
import { HttpError } from '../http/HttpError';
import { roadGraphStoreFor } from '../isochrones/RoadGraphStore';
import type { UserZoneRow } from '../zones/zonesRepository';
import { HuffAnalysisService } from './HuffAnalysisService';
import { irisFiguresStoreFor } from './IrisFiguresStore';
import { countZoneOutletsByNafCode } from './marketRepository';

/** The zone by its codes when it is a territory below the région (its départements are then known without a spatial query). */
function territoryOf(administrative: AdministrativeHint | undefined): BusinessZone | undefined {
  switch (administrative?.level) {
    case 'department':
      return { kind: 'departement', code: administrative.code };
    case 'commune':
      return { kind: 'communes', codes: [administrative.code] };
    case 'iris':
      return { kind: 'iris', codes: [administrative.code] };
    default:
      return undefined;
  }
}

/** The longest isochrone a Huff run accepts, by mode (the analysis endpoint's limits). */
const HUFF_MODES: Readonly<Record<string, number>> = {
  walking: MARKET_LIMITS.huffMinutes.walking,
  cycling: MARKET_LIMITS.huffMinutes.cycling,
};

/**
 * The market figures of a saved zone for the export: its competitors by home category (counted inside
 * the zone) and, when the zone is a walking or cycling isochrone within the model's limits, the Huff
 * model of a site at its starting point for each sector asked (the analysis endpoint's own service).
 */
export class ZoneMarketService {
  private readonly huff: HuffAnalysisService;

  constructor(private readonly database: Database) {
    this.huff = new HuffAnalysisService(database, roadGraphStoreFor(database), irisFiguresStoreFor(database));
  }

  /** Whether the zone's starting point can be studied with the Huff model (mode and time). */
  static huffApplies(zone: Pick<UserZoneRow, 'zone_type' | 'transport_mode' | 'travel_time'>): boolean {
    const maximum = HUFF_MODES[zone.transport_mode];
    return (
      zone.zone_type === 'time' &&
      maximum !== undefined &&
      zone.travel_time >= MARKET_LIMITS.huffMinutes.minimum &&
      zone.travel_time <= maximum
    );
  }

  async figuresOf(
    zone: UserZoneRow,
    geometryJson: string,
    huffSectors: readonly HomeCategoryKey[],
    establishments: { loaded: boolean; vintage: string | null } | Promise<{ loaded: boolean; vintage: string | null }>,
    administrative?: AdministrativeHint,
  ): Promise<ZoneMarketFigures> {
    const nafCodes = HOME_CATEGORIES.flatMap((category) => [...category.naf_codes]);
    const [counts, withData, loadedEstablishments] = await Promise.all([
      countZoneOutletsByNafCode(this.database, geometryJson, nafCodes),
      selectNafCodesWithData(
        this.database,
        territoryOf(administrative) ?? { kind: 'geometry', geojson: geometryJson },
        nafCodes,
      ),
      establishments,
    ]);
    const competitors: NonNullable<ZoneMarketFigures['competitors']> = {};
    for (const category of HOME_CATEGORIES) {
      // A category no loaded source lists in the zone's départements stays out: 'non disponible', not 0.
      if (!category.naf_codes.some((code) => withData.has(code))) continue;
      competitors[category.key] = counts
        .filter((row) => category.naf_codes.some((code) => row.naf_code.startsWith(code)))
        .reduce((sum, row) => sum + row.count, 0);
    }
    const huff: ZoneMarketFigures['huff'] = {};
    if (ZoneMarketService.huffApplies(zone)) {
      // One sector after the other: each run holds the street graph's searches of its study area.
      for (const sector of huffSectors) {
        const request = analysisRequestSchema.parse({
          coordinates: [zone.longitude, zone.latitude],
          sector,
          mode: zone.transport_mode,
          minutes: zone.travel_time,
        });
        try {
          const analysis = await this.huff.analysis(request, undefined);
          const vintages = analysis.sources.map((source) => source.vintage).filter(Boolean);
          huff[sector] = {
            residents: analysis.captured.residents,
            share: analysis.captured.share_of_area,
            vintage: vintages.length > 0 ? [...new Set(vintages)].join(', ') : null,
          };
        } catch (error) {
          // A starting point outside the territory or off the street network: 'non disponible'.
          if (!(error instanceof HttpError)) throw error;
        }
      }
    }
    return {
      competitors: loadedEstablishments.loaded ? competitors : null,
      competitorsVintage: loadedEstablishments.vintage,
      huff,
    };
  }
}
