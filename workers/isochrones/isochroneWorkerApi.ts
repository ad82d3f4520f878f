import type { EncodedReach } from '../../kernel/isochrones/isochroneSchemas';
import { IsochroneContourer } from './IsochroneContourer';

/** What the isochrone worker exposes through Comlink. */
export function createIsochroneWorkerApi(contourer = new IsochroneContourer()) {
  return {
    remember: (key: string, encoded: EncodedReach) => contourer.remember(key, encoded),
    contour: (key: string, limit: number) => contourer.contour(key, limit),
    forget: (key: string) => contourer.forget(key),
  };
}

export type IsochroneWorkerApi = ReturnType<typeof createIsochroneWorkerApi>;
