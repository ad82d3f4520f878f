import {
  computeInsights,
  describeInsights,
  type AreaValue,
  type InsightFormat,
} from '../../src/features/visualizations/insights';

/** What the insights worker answers: the figures and the sentences written from them. */
export const insightsWorkerApi = {
  analyse(areas: readonly AreaValue[], breaks: readonly number[], format: InsightFormat, areaWord: string) {
    const result = computeInsights(areas, breaks);
    return { result, sentences: describeInsights(result, format, areaWord) };
  },
};

export type InsightsWorkerApi = typeof insightsWorkerApi;
