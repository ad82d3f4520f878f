import { aggregateDemographics, type AggregatedDemographics } from '../../kernel/demographics/aggregateDemographics';
import { demographicsFromArrow } from '../../kernel/demographics/demographicsArrow';

/** What the demographics worker exposes through Comlink (plain functions, testable in Node). */
export const demographicsWorkerApi = {
  /** Decodes the analyze answer (Arrow IPC stream) and aggregates it. */
  aggregateArrow(bytes: ArrayBuffer): AggregatedDemographics {
    return aggregateDemographics(demographicsFromArrow(bytes));
  },
};

export type DemographicsWorkerApi = typeof demographicsWorkerApi;
