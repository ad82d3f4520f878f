import * as echarts from 'echarts';
import type { ExportZone } from '../../kernel/export/exportDocument';
import type { MetricDefinition, MetricReading } from '../../kernel/export/metricCatalogue';
import { formatFrench } from './exportValues';

/** Units whose metrics of one sub-category add up to a whole (a distribution worth a bar chart). */
const COUNT_UNITS = new Set(['habitants', 'personnes', 'ménages', 'logements', 'établissements', 'services', 'ventes']);

/** Zone colours of the charts (the zones' order). */
export const ZONE_COLOURS = [
  '#2563eb',
  '#f59e0b',
  '#10b981',
  '#8b5cf6',
  '#ef4444',
  '#0ea5e9',
  '#84cc16',
  '#ec4899',
  '#64748b',
  '#14b8a6',
];

export interface ChartRows {
  metrics: MetricDefinition[];
  readings: MetricReading[][];
}

/** A sub-category gets a chart when it has at least 3 count metrics of one unit with figures. */
export function chartable(rows: ChartRows): boolean {
  const units = new Set(rows.metrics.map((metric) => metric.unit));
  if (units.size !== 1 || !COUNT_UNITS.has(rows.metrics[0]?.unit ?? '')) return false;
  const withFigures = rows.readings.filter((readings) => readings.some((reading) => reading.value !== null));
  return withFigures.length >= 3;
}

/** Shortens a label for an axis (the table beside the chart has the full label). */
const short = (label: string) => {
  const text = label
    .replace(/^Population de /, '')
    .replace(/^Diplôme le plus élevé : /, '')
    .replace(/^Établissements /, '');
  return text.length > 34 ? `${text.slice(0, 33)}…` : text;
};

/** A horizontal bar chart of the sub-category (one series per zone), as an SVG string (ECharts SSR). */
export function barChartSvg(rows: ChartRows, zones: readonly ExportZone[], width: number, height: number): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  const labels = rows.metrics.map((metric) => short(metric.label));
  // The legend wraps when the zones' names do not fit on one line: the plot starts below it.
  const legendWidth = zones.reduce((total, zone) => total + zone.name.length * 5 + 30, 0);
  const legendLines = zones.length > 1 ? Math.ceil(legendWidth / (width - 20)) : 0;
  chart.setOption({
    animation: false,
    textStyle: { fontFamily: 'Noto Sans', fontSize: 9, color: '#1f2937' },
    grid: { left: 8, right: 24, top: 8 + legendLines * 16, bottom: 8, containLabel: true },
    legend:
      zones.length > 1
        ? { top: 0, itemWidth: 10, itemHeight: 8, textStyle: { fontSize: 9 }, data: zones.map((zone) => zone.name) }
        : undefined,
    xAxis: {
      type: 'value',
      axisLabel: {
        fontSize: 8,
        formatter: (value: number) => new Intl.NumberFormat('fr-FR', { notation: 'compact' }).format(value),
      },
      splitLine: { lineStyle: { color: '#e5e7eb' } },
    },
    yAxis: { type: 'category', inverse: true, data: labels, axisLabel: { fontSize: 8 }, axisTick: { show: false } },
    series: zones.map((zone, index) => ({
      name: zone.name,
      type: 'bar',
      barMaxWidth: 14,
      itemStyle: { color: ZONE_COLOURS[index % ZONE_COLOURS.length] },
      data: rows.readings.map((readings) => readings[index]?.value ?? null),
      label:
        zones.length === 1
          ? {
              show: true,
              position: 'right',
              fontSize: 8,
              formatter: ({ dataIndex }: { dataIndex: number }) => {
                const metric = rows.metrics[dataIndex] as MetricDefinition;
                const value = rows.readings[dataIndex]?.[index]?.value;
                return value === null || value === undefined ? '' : formatFrench(metric, value);
              },
            }
          : undefined,
    })),
  });
  const svg = chart.renderToSVGString();
  chart.dispose();
  return svg;
}

/** The sentence of reading under a chart: the largest part of the distribution, per zone. */
export function chartReading(subCategory: string, rows: ChartRows, zones: readonly ExportZone[]): string {
  const sentences = zones.map((zone, index) => {
    let best: { metric: MetricDefinition; value: number } | undefined;
    let total = 0;
    rows.metrics.forEach((metric, row) => {
      const value = rows.readings[row]?.[index]?.value;
      if (value === null || value === undefined) return;
      total += value;
      if (!best || value > best.value) best = { metric, value };
    });
    if (!best) return `${zone.name} : données non disponibles.`;
    const share =
      total > 0 ? new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 }).format((best.value / total) * 100) : '0';
    return (
      `${zones.length > 1 ? `${zone.name} : ` : ''}« ${best.metric.label} » est la plus forte part ` +
      `(${formatFrench(best.metric, best.value)} ${best.metric.unit}, ${share} % du total des barres)`
    );
  });
  return `Lecture — ${subCategory} : ${sentences.join(' ; ')}.`;
}
