import { expose } from 'comlink';
import type { EncodedReach } from '../../src/core/routing/isochroneSchemas';
import { IsochroneContourer } from './IsochroneContourer';

/** Re-contours isochrones in the browser from the reached network of a first server computation. */
const contourer = new IsochroneContourer();

export const isochroneWorkerApi = {
  remember: (key: string, encoded: EncodedReach) => contourer.remember(key, encoded),
  contour: (key: string, limit: number) => contourer.contour(key, limit),
  forget: (key: string) => contourer.forget(key),
};

export type IsochroneWorkerApi = typeof isochroneWorkerApi;

expose(isochroneWorkerApi);
