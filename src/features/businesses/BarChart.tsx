import { BarChart as EchartsBar } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { formatNumber } from '../../../kernel/format/formatFrench';

echarts.use([EchartsBar, GridComponent, TooltipComponent, CanvasRenderer]);

/** An ECharts bar chart (vertical or horizontal), in the theme's text colour, with French numbers. */
export function BarChart({
  labels,
  values,
  colors,
  horizontal = false,
  label,
  height = 220,
}: {
  labels: string[];
  values: number[];
  colors?: string[];
  horizontal?: boolean;
  /** Accessible description of the chart. */
  label: string;
  height?: number;
}) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!element.current) return undefined;
    const chart = echarts.init(element.current, undefined, { renderer: 'canvas' });
    const style = getComputedStyle(element.current);
    const text = style.color;
    const grid = style.getPropertyValue('--color-border').trim() || '#d9dee7';
    const category = {
      type: 'category' as const,
      data: labels,
      inverse: horizontal,
      axisLabel: { color: text, width: horizontal ? 150 : undefined, overflow: 'truncate' as const, interval: 0 },
    };
    const value = {
      type: 'value' as const,
      splitLine: { lineStyle: { color: grid } },
      axisLabel: { color: text, formatter: (number: number) => formatNumber(number) },
    };
    chart.setOption({
      animation: false,
      grid: { left: horizontal ? 160 : 48, right: 16, top: 12, bottom: 28 },
      tooltip: {
        trigger: 'axis',
        valueFormatter: (number: unknown) => formatNumber(typeof number === 'number' ? number : null),
      },
      xAxis: horizontal ? value : category,
      yAxis: horizontal ? category : value,
      series: [
        {
          type: 'bar',
          data: values.map((number, index) => ({ value: number, itemStyle: { color: colors?.[index] ?? '#2563eb' } })),
          label: {
            show: true,
            position: horizontal ? 'right' : 'top',
            color: text,
            formatter: ({ value: number }: { value: number }) => formatNumber(number),
          },
        },
      ],
    });
    const resize = new ResizeObserver(() => chart.resize());
    resize.observe(element.current);
    return () => {
      resize.disconnect();
      chart.dispose();
    };
  }, [labels, values, colors, horizontal]);
  return (
    <div ref={element} className="biz-chart" style={{ height }} role="img" aria-label={label}>
      {/* Text alternative for screen readers and tests. */}
      <span className="visually-hidden">
        {labels.map((name, index) => `${name} : ${formatNumber(values[index])}`).join(' ; ')}
      </span>
    </div>
  );
}
