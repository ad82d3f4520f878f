import { expose } from 'comlink';
import { createServiceClustersWorkerApi } from './serviceClustersWorkerApi';

/** The public-services Web Worker: per-category supercluster indexes, queried for each map view. */
expose(createServiceClustersWorkerApi());
