import { expose } from 'comlink';
import { createBusinessMarkersWorkerApi } from './businessMarkersWorkerApi';

/** The businesses Web Worker: locations and their supercluster index, queried for each map view. */
expose(createBusinessMarkersWorkerApi());
