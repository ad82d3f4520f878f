import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { formatNumber } from '../../../kernel/format/formatFrench';

echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

/** Residents captured for each λ of the sensitivity line (ECharts bars in the theme's colours). */
export function SensitivityChart({
  points,
  current,
}: {
  points: { lambda: number; residents: number }[];
  current: number;
}) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!element.current) return undefined;
    const chart = echarts.init(element.current, undefined, { renderer: 'canvas' });
    const style = getComputedStyle(element.current);
    const text = style.color;
    const grid = style.getPropertyValue('--color-border').trim() || '#d9dee7';
    chart.setOption({
      animation: false,
      grid: { left: 56, right: 16, top: 24, bottom: 32 },
      tooltip: {
        trigger: 'axis',
        valueFormatter: (value: unknown) => formatNumber(typeof value === 'number' ? value : null),
      },
      xAxis: {
        type: 'category',
        name: 'λ',
        nameTextStyle: { color: text },
        data: points.map((point) => `λ = ${formatNumber(point.lambda, 1)}`),
        axisLabel: { color: text },
      },
      yAxis: {
        type: 'value',
        splitLine: { lineStyle: { color: grid } },
        axisLabel: { color: text, formatter: (value: number) => formatNumber(value) },
      },
      series: [
        {
          type: 'bar',
          data: points.map((point) => ({
            value: Math.round(point.residents),
            itemStyle: { color: point.lambda === current ? '#7e22ce' : '#c084fc' },
          })),
          label: {
            show: true,
            position: 'top',
            color: text,
            formatter: ({ value }: { value: number }) => formatNumber(value),
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
  }, [points, current]);
  return (
    <figure className="market-figure" data-testid="market-sensitivity-chart">
      <div
        ref={element}
        className="market-chart"
        role="img"
        aria-label="Habitants captés selon λ (sensibilité du modèle de Huff)"
      />
      {/* Text alternative for screen readers and tests (ECharts owns the chart's element). */}
      <figcaption className="visually-hidden">
        {points
          .map((point) => `λ ${formatNumber(point.lambda, 1)} : ${formatNumber(point.residents)} habitants`)
          .join(' ; ')}
      </figcaption>
    </figure>
  );
}
