import type { NearestCompetitors, NearestCompetitorsRequest } from '../../kernel/businesses/businessSchemas';
import { FASTEST_WALK_METRES_PER_SECOND, walkingTimes } from '../../kernel/businesses/nearestCompetitors';
import type { Database } from '../db/Database';
import { unprocessable } from '../http/HttpError';
import { OFF_NETWORK_MESSAGE } from '../isochrones/IsochroneService';
import type { RoadGraphStore } from '../isochrones/RoadGraphStore';
import type { BusinessesService } from './BusinessesService';
import { selectBusinessesByIds, selectEstablishmentsNear } from './businessesRepository';

/** At most this many establishments are walked to (the nearest in a straight line within the reach). */
const CANDIDATE_LIMIT = 5_000;

/** How the answer is computed, as the card says it. */
export const NEAREST_COMPETITORS_METHOD =
  'Temps de marche sur le graphe des rues (moteur d’isochrones de Zonalyse, 5 km/h, Dijkstra borné depuis le point rattaché à la rue la plus proche), pas à vol d’oiseau';

/**
 * The nearest competitors of a point: the counted, active establishments of the NAF codes within the
 * straight-line reach of the walk, then their walking times on the street graph (one bounded Dijkstra
 * from the point), nearest first.
 */
export class NearestCompetitorsService {
  constructor(
    private readonly database: Database,
    private readonly roads: RoadGraphStore,
    private readonly businesses: BusinessesService,
  ) {}

  async nearest(request: NearestCompetitorsRequest): Promise<NearestCompetitors> {
    const startedAt = performance.now();
    const limitSeconds = request.max_minutes * 60;
    const origin = { longitude: request.longitude, latitude: request.latitude };
    const [engine, candidates] = await Promise.all([
      this.roads.get(),
      selectEstablishmentsNear(
        this.database,
        origin,
        request.naf_codes,
        limitSeconds * FASTEST_WALK_METRES_PER_SECOND,
        CANDIDATE_LIMIT,
      ),
    ]);
    const times = walkingTimes(engine, [origin.longitude, origin.latitude], candidates, limitSeconds);
    if (!times) throw unprocessable(OFF_NETWORK_MESSAGE, 'OFF_NETWORK');
    const chosen = times.reached.slice(0, request.limit);
    const rows = await selectBusinessesByIds(
      this.database,
      chosen.map((entry) => entry.id),
    );
    const businesses = new Map((await this.businesses.toBusinesses(rows)).map((business) => [business.id, business]));
    const straight = new Map(candidates.map((candidate) => [candidate.id, candidate.straight_metres]));
    return {
      origin: { ...origin, snap_metres: Math.round(times.snapMetres) },
      competitors: chosen.flatMap((entry, index) => {
        const business = businesses.get(entry.id);
        return business
          ? [
              {
                rank: index + 1,
                walking_seconds: Math.round(entry.seconds),
                walking_minutes: Math.round((entry.seconds / 60) * 10) / 10,
                straight_metres: Math.round(straight.get(entry.id) ?? 0),
                business,
              },
            ]
          : [];
      }),
      candidates_count: candidates.length,
      max_minutes: request.max_minutes,
      method: NEAREST_COMPETITORS_METHOD,
      search_time_ms: Math.round(performance.now() - startedAt),
    };
  }
}
