import { area } from '@turf/turf';
import type { FastifyBaseLogger } from 'fastify';
import { encodeReachedNetwork } from '../../kernel/isochrones/encodeReachedNetwork';
import { OffNetworkError } from '../../kernel/isochrones/IsochroneEngine';
import { contourReachedNetwork } from '../../kernel/isochrones/contourReachedNetwork';
import {
  DEPARTURE_PERCENTILES,
  type IsochroneFeature,
  type ValidIsochroneRequest,
} from '../../kernel/isochrones/isochroneSchemas';
import type { ReachedNetwork } from '../../kernel/isochrones/ReachedNetwork';
import type { Database } from '../db/Database';
import { unprocessable } from '../http/HttpError';
import type { RoadGraphStore } from './RoadGraphStore';
import { networkName, clockTime, timetableNote } from '../../kernel/isochrones/transit/timetableNote';
import { TransitEngineStore } from './transit/TransitEngineStore';
import { transitDeparture } from './transit/transitDeparture';
import { selectDepartementAt } from './transitRepository';
import { VALHALLA_COSTING, ValhallaError, ValhallaOffNetworkError, valhallaIsochrone } from './valhallaIsochrone';

export const OFF_NETWORK_MESSAGE = 'Adresse hors du réseau routier importé';
export const NO_TRANSIT_NETWORK_MESSAGE =
  'Transport en commun indisponible : aucun réseau de transport (GTFS) n’est importé pour ce territoire. Choisissez Voiture, À pied ou Vélo.';

/** Computes isochrones with the in-memory engine, or with Valhalla when `VALHALLA_URL` is set. */
export class IsochroneService {
  constructor(
    private readonly database: Database,
    private readonly store: RoadGraphStore,
    private readonly options: {
      valhallaUrl?: string | undefined;
      fetch?: typeof fetch;
      log?: FastifyBaseLogger;
      transit?: TransitEngineStore;
      /** The clock of the default departure (next Monday 08:00). */
      now?: () => Date;
    } = {},
  ) {
    this.transit = options.transit ?? new TransitEngineStore(database);
  }

  readonly transit: TransitEngineStore;

  async generate(request: ValidIsochroneRequest): Promise<IsochroneFeature> {
    const startedAt = performance.now();
    const metric = request.zoneType;
    const minutes = metric === 'time' ? (request.travelTime as number) : null;
    const metres = metric === 'distance' ? (request.zoneDistance as number) : null;
    const properties = {
      transportMode: request.transportMode,
      zoneType: metric,
      travelTime: minutes,
      zoneDistance: metres,
      center: request.coordinates,
    };
    const finish = (
      geometry: IsochroneFeature['geometry'],
      engine: 'zonalyse' | 'valhalla',
      snapDistance: number | null,
    ): IsochroneFeature => ({
      type: 'Feature',
      geometry,
      properties: {
        ...properties,
        engine,
        snapDistance: snapDistance === null ? null : Math.round(snapDistance * 10) / 10,
        areaKm2: Math.round((area(geometry as Parameters<typeof area>[0]) / 1e6) * 1000) / 1000,
        computationTimeMs: Math.round((performance.now() - startedAt) * 10) / 10,
      },
    });

    if (this.options.valhallaUrl) {
      try {
        const geometry = await valhallaIsochrone(
          this.options.valhallaUrl,
          {
            origin: request.coordinates,
            costing: VALHALLA_COSTING[request.transportMode],
            metric,
            value: metric === 'time' ? (minutes as number) : (metres as number) / 1000,
            departureTime: request.departureTime ?? null,
          },
          this.options.fetch ? { fetch: this.options.fetch } : {},
        );
        return finish(geometry, 'valhalla', null);
      } catch (error) {
        if (error instanceof ValhallaOffNetworkError) throw unprocessable(OFF_NETWORK_MESSAGE, 'OFF_NETWORK');
        if (!(error instanceof ValhallaError)) throw error;
        // Valhalla down: the local engine answers for the road modes.
        this.options.log?.warn({ err: error }, 'Valhalla indisponible, calcul local');
      }
    }

    if (request.transportMode === 'public-transport') {
      const road = await this.store.get();
      // A start far from every street (and so from every stop) is off the network.
      if (!road.snap('walking', ...request.coordinates)) throw unprocessable(OFF_NETWORK_MESSAGE, 'OFF_NETWORK');
      const departement = await selectDepartementAt(this.database, ...request.coordinates);
      const network = await this.transit.get(departement, road);
      if (!network) throw unprocessable(NO_TRANSIT_NETWORK_MESSAGE, 'NO_TRANSIT_NETWORK');
      const { feed, engine } = network;
      const departure = transitDeparture(request.departureTime, engine.timetable.services, this.options.now?.());
      if (!departure) throw unprocessable(NO_TRANSIT_NETWORK_MESSAGE, 'NO_TRANSIT_NETWORK');
      const limit = (minutes as number) * 60;
      const windowMinutes = request.departureWindowMinutes;
      try {
        // With a window, the form's preview also gets the other percentile's network (50 % ↔ 90 % in the worker).
        const percentiles =
          request.includeReach && windowMinutes > 0
            ? [
                request.departurePercentile,
                ...DEPARTURE_PERCENTILES.filter((percentile) => percentile !== request.departurePercentile),
              ]
            : [request.departurePercentile];
        const reachLimit = request.includeReach && request.reachLimit !== undefined ? request.reachLimit * 60 : limit;
        const result = engine.reaches(
          {
            origin: request.coordinates,
            date: departure.serviceDate,
            departureSeconds: departure.seconds,
            windowSeconds: windowMinutes * 60,
            limit: Math.max(limit, reachLimit),
          },
          percentiles,
        );
        const reach = result.reaches[0] as ReachedNetwork;
        const name = networkName(feed.name);
        const feature = finish(contourReachedNetwork(reach, limit), 'zonalyse', result.snapMetres);
        feature.properties.transit = {
          network: name,
          feedId: feed.id,
          requestedDate: departure.requestedDate,
          serviceDate: departure.serviceDate,
          substituted: departure.substituted,
          validFrom: feed.startDate,
          validUntil: feed.endDate,
          departure: clockTime(departure.seconds),
          windowMinutes,
          percentile: windowMinutes > 0 ? request.departurePercentile : null,
          departures: result.departures,
          stopsReached: result.reachedStops,
          note: timetableNote(name, departure.serviceDate),
        };
        if (!request.includeReach) return feature;
        const percentileReaches = percentiles.slice(1).map((percentile, index) => ({
          percentile,
          reach: encodeReachedNetwork(result.reaches[index + 1] as ReachedNetwork),
        }));
        return {
          ...feature,
          reach: encodeReachedNetwork(reach),
          ...(percentileReaches.length > 0 ? { percentileReaches } : {}),
        };
      } catch (error) {
        if (error instanceof OffNetworkError) throw unprocessable(OFF_NETWORK_MESSAGE, 'OFF_NETWORK');
        throw error;
      }
    }

    const engine = await this.store.get();
    const limit = metric === 'time' ? (minutes as number) * 60 : (metres as number);
    const reachLimit =
      request.reachLimit === undefined ? limit : metric === 'time' ? request.reachLimit * 60 : request.reachLimit;
    try {
      const result = engine.isochrone(
        { origin: request.coordinates, mode: request.transportMode, metric, limit },
        request.includeReach ? reachLimit : limit,
      );
      const feature = finish(result.geometry, 'zonalyse', result.snapMetres);
      return request.includeReach ? { ...feature, reach: encodeReachedNetwork(result.reach) } : feature;
    } catch (error) {
      if (error instanceof OffNetworkError) throw unprocessable(OFF_NETWORK_MESSAGE, 'OFF_NETWORK');
      throw error;
    }
  }
}
