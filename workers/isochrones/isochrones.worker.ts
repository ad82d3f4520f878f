import { expose } from 'comlink';
import { createIsochroneWorkerApi } from './isochroneWorkerApi';

/** Re-contours isochrones in the browser from the reached network of a first server computation. */
expose(createIsochroneWorkerApi());
