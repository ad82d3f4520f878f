import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use as registerEchartsParts, type ComposeOption, type ECharts } from 'echarts/core';
import type { BarSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { formatNumber } from '../../../kernel/format/formatFrench';
import { scheduleChartTask } from './chartTaskQueue';

registerEchartsParts([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

type ChartOption = ComposeOption<
  BarSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

export interface ChartSeries {
  name: string;
  values: (number | null)[];
  /** CSS colour or `var(--…)` token. */
  color?: string;
}

/** Reads the theme's colours (CSS variables) so the chart follows light and dark mode. */
function themeColours() {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    text: read('--color-text', '#172033'),
    muted: read('--color-text-muted', '#5b6475'),
    border: read('--color-border', '#d9dee7'),
    primary: read('--color-primary', '#2563eb'),
    warning: read('--color-warning', '#b45309'),
  };
}

/** Re-renders when the `data-theme` of <html> changes. */
function useThemeVersion(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const observer = new MutationObserver(() => setVersion((value) => value + 1));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);
  return version;
}

/**
 * A bar chart drawn with ECharts (only the bar chart, grid, legend, tooltip and canvas renderer are
 * bundled). `horizontal` lays categories on the vertical axis; `mirrored` draws the first series to the
 * left (age pyramid by sex); `pyramid` puts the first category at the bottom. Values are formatted the French way.
 */
export function DemographicsChart({
  label,
  categories,
  series,
  horizontal = false,
  mirrored = false,
  pyramid = mirrored,
  percent = false,
  stacked = false,
  height = 220,
}: {
  label: string;
  categories: string[];
  series: ChartSeries[];
  horizontal?: boolean;
  mirrored?: boolean;
  /** Horizontal bars with the first category at the bottom (an age pyramid); implied by `mirrored`. */
  pyramid?: boolean;
  percent?: boolean;
  /** Stack the series (shares that add up, e.g. walking-time bands). */
  stacked?: boolean;
  height?: number;
}) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const option = useRef<ChartOption | null>(null);
  const themeVersion = useThemeVersion();
  // The chart is redrawn when what it shows changes, not on every render of the panel.
  const optionKey = JSON.stringify([categories, series, horizontal, mirrored, pyramid, percent, stacked, themeVersion]);

  useEffect(() => {
    const container = element.current;
    if (!container) return undefined;
    let observer: ResizeObserver | undefined;
    let instance: ECharts | undefined;
    let cancelDraw: (() => void) | undefined;
    // Created in a task of its own after the tab is painted, then drawn in a later one (see chartTaskQueue):
    // a trace showed the first chart's creation and first draw together as the panel's longest task.
    const cancel = scheduleChartTask(() => {
      const created = init(container, undefined, { renderer: 'canvas' });
      instance = created;
      cancelDraw = scheduleChartTask(() => {
        chart.current = created;
        // `lazyUpdate`: the option is read in this task, drawn in ECharts' next frame (a task of its own).
        if (option.current) created.setOption(option.current, { notMerge: true, lazyUpdate: true });
        observer = new ResizeObserver(() => created.resize());
        observer.observe(container);
      });
    });
    return () => {
      cancel();
      cancelDraw?.();
      observer?.disconnect();
      instance?.dispose();
      chart.current = null;
    };
  }, []);

  const applyOption = useEffectEvent(() => {
    const colours = themeColours();
    const palette = [colours.primary, colours.warning, '#10b981', '#8b5cf6'];
    // Canvas fonts may lack the narrow no-break space of fr-FR grouping: a plain space is drawn instead.
    const format = (value: number) =>
      (percent ? `${formatNumber(Math.abs(value) * 100, 1)} %` : formatNumber(Math.abs(value))).replace(/\u202f/g, ' ');
    const valueAxis = {
      type: 'value' as const,
      axisLabel: { color: colours.muted, formatter: format },
      splitLine: { lineStyle: { color: colours.border } },
    };
    const categoryAxis = {
      type: 'category' as const,
      data: categories,
      // Horizontal bars read top-down in the categories' order; a pyramid keeps the youngest at the bottom.
      inverse: horizontal && !pyramid,
      // No truncation: ECharts measures a truncated label character by character (measureText was the
      // largest part of the charts' first draw in the trace).
      axisLabel: { color: colours.muted, interval: 0, fontSize: 11 },
      axisLine: { lineStyle: { color: colours.border } },
    };
    const next: ChartOption = {
      animation: false,
      textStyle: { color: colours.text },
      grid: { left: 8, right: 16, top: series.length > 1 ? 32 : 12, bottom: 8, containLabel: true },
      legend: series.length > 1 ? { top: 0, textStyle: { color: colours.text } } : { show: false },
      tooltip: {
        trigger: 'axis',
        valueFormatter: (value) => (typeof value === 'number' ? format(value) : '—'),
      },
      xAxis: horizontal ? valueAxis : categoryAxis,
      yAxis: horizontal ? categoryAxis : valueAxis,
      series: series.map((entry, index) => ({
        type: 'bar',
        name: entry.name,
        stack: mirrored ? 'pyramid' : stacked ? 'total' : undefined,
        itemStyle: { color: entry.color ?? palette[index % palette.length] },
        data: entry.values.map((value) => (value === null ? null : mirrored && index === 0 ? -value : value)),
      })),
    };
    option.current = next;
    chart.current?.setOption(next, { notMerge: true, lazyUpdate: true });
  });
  useEffect(() => {
    applyOption();
  }, [optionKey]);

  return <div ref={element} className="demographics-chart" role="img" aria-label={label} style={{ height }} />;
}
