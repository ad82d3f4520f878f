import { MessageChannel } from 'node:worker_threads';
import * as turf from '@turf/turf';
import { expose, type Endpoint } from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeReachedNetwork } from '../../../kernel/isochrones/encodeReachedNetwork';
import { gridGraph } from '../../../kernel/isochrones/gridGraph';
import { IsochroneEngine } from '../../../kernel/isochrones/IsochroneEngine';
import type { IsochroneFeature } from '../../../kernel/isochrones/isochroneSchemas';
import { createIsochroneWorkerApi } from '../../../workers/isochrones/isochroneWorkerApi';
import { IsochroneRecontour } from './IsochroneRecontour';

const CENTRE: [number, number] = [2.35, 48.85];
const engine = new IsochroneEngine(gridGraph({ centre: CENTRE, size: 61, spacingMetres: 100 }));
const channels: MessageChannel[] = [];

/** The worker's API behind a real MessageChannel, as Comlink talks to the Worker. */
function workerEndpoint(): Endpoint {
  const channel = new MessageChannel();
  channels.push(channel);
  expose(createIsochroneWorkerApi(), channel.port1 as unknown as Endpoint);
  return channel.port2 as unknown as Endpoint;
}

function answer(limitMinutes: number, reachMinutes: number | undefined): IsochroneFeature {
  const result = engine.isochrone(
    { origin: CENTRE, mode: 'walking', metric: 'time', limit: limitMinutes * 60 },
    (reachMinutes ?? limitMinutes) * 60,
  );
  return {
    type: 'Feature',
    geometry: result.geometry as IsochroneFeature['geometry'],
    properties: {
      transportMode: 'walking',
      zoneType: 'time',
      travelTime: limitMinutes,
      zoneDistance: null,
      center: CENTRE,
      engine: 'zonalyse',
      snapDistance: 0,
      areaKm2: 0,
      computationTimeMs: 1,
    },
    ...(reachMinutes ? { reach: encodeReachedNetwork(result.reach) } : {}),
  };
}

describe('IsochroneRecontour (client API of the worker)', () => {
  afterEach(() => {
    for (const channel of channels.splice(0)) {
      channel.port1.close();
      channel.port2.close();
    }
  });

  it('re-contours slider values up to the reach limit through the worker', async () => {
    const recontour = new IsochroneRecontour(workerEndpoint);
    expect(await recontour.remember('zone-1', answer(15, 60))).toBe(true);
    expect(recontour.canRecontour('zone-1', 'time', 45)).toBe(true);
    expect(recontour.canRecontour('zone-1', 'time', 65)).toBe(false);
    expect(recontour.canRecontour('zone-1', 'distance', 1000)).toBe(false);
    const twenty = await recontour.recontour('zone-1', 'time', 20);
    const direct = engine.isochrone({ origin: CENTRE, mode: 'walking', metric: 'time', limit: 1200 }).geometry;
    expect(Math.abs(turf.area(twenty) - turf.area(direct)) / turf.area(direct)).toBeLessThan(0.05);
    recontour.forget('zone-1');
    expect(recontour.canRecontour('zone-1', 'time', 20)).toBe(false);
  });

  it('says so when the answer carries no reached network', async () => {
    const recontour = new IsochroneRecontour(workerEndpoint);
    expect(await recontour.remember('zone-2', answer(10, undefined))).toBe(false);
    expect(recontour.canRecontour('zone-2', 'time', 10)).toBe(false);
  });
});
