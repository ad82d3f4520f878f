import { expose } from 'comlink';
import { demographicsWorkerApi } from './demographicsWorkerApi';

/** The demographics Web Worker: decodes the Arrow answer and aggregates it off the main thread. */
expose(demographicsWorkerApi);
