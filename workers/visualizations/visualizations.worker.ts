import * as Comlink from 'comlink';
import { insightsWorkerApi } from './insightsWorkerApi';

/** Insights of the visible areas, computed off the main thread (Comlink). */
Comlink.expose(insightsWorkerApi);
