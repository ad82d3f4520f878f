import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { formatEurosPerSquareMetre, formatNumber, formatPercent } from '../../../kernel/format/formatFrench';
import type { MarketSnapshot } from '../../../kernel/real-estate/realEstateSchemas';

echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

const TYPES = ['Appartement', 'Maison'] as const;
const COLORS: Record<(typeof TYPES)[number], string> = { Appartement: '#2563eb', Maison: '#d97706' };

/** ECharts line of the median €/m² per quarter, one line per type. */
function TrendChart({ snapshot }: { snapshot: MarketSnapshot }) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!element.current) return undefined;
    const chart = echarts.init(element.current, undefined, { renderer: 'canvas' });
    const quarters = [...new Set(snapshot.by_type_quarter.map((row) => row.quarter))].sort();
    const text = getComputedStyle(element.current).color;
    chart.setOption({
      animation: false,
      grid: { left: 56, right: 12, top: 28, bottom: 28 },
      legend: { top: 0, textStyle: { color: text } },
      tooltip: {
        trigger: 'axis',
        valueFormatter: (value: unknown) => formatEurosPerSquareMetre(typeof value === 'number' ? value : null),
      },
      xAxis: { type: 'category', data: quarters, axisLabel: { color: text } },
      yAxis: {
        type: 'value',
        scale: true,
        axisLabel: { color: text, formatter: (value: number) => `${formatNumber(value / 1000, 0)} k€` },
      },
      series: TYPES.map((type) => ({
        name: type,
        type: 'line',
        connectNulls: true,
        itemStyle: { color: COLORS[type] },
        data: quarters.map(
          (quarter) =>
            snapshot.by_type_quarter.find((row) => row.type_local === type && row.quarter === quarter)?.median ?? null,
        ),
      })),
    });
    const resize = new ResizeObserver(() => chart.resize());
    resize.observe(element.current);
    return () => {
      resize.disconnect();
      chart.dispose();
    };
  }, [snapshot]);
  return <div ref={element} className="re-chart" role="img" aria-label="Évolution du prix médian au m² par trimestre" />;
}

/** Beyond the spec: median and quartiles of €/m² by type and quarter, zone vs département. */
export function MarketSnapshotCard({ snapshot }: { snapshot: MarketSnapshot | null }) {
  if (!snapshot || snapshot.sales_count === 0) {
    return (
      <section className="re-section" aria-label="Instantané du marché">
        <h3 className="re-section__title">Instantané du marché</h3>
        <p className="re-muted">Aucune donnée disponible</p>
      </section>
    );
  }
  const gap =
    snapshot.zone_median_price_per_m2 !== null && snapshot.departement_median_price_per_m2
      ? ((snapshot.zone_median_price_per_m2 - snapshot.departement_median_price_per_m2) /
          snapshot.departement_median_price_per_m2) *
        100
      : null;
  return (
    <section className="re-section" aria-label="Instantané du marché" data-testid="market-snapshot">
      <h3 className="re-section__title">Instantané du marché</h3>
      <p className="re-muted">
        Médianes du prix au m² des ventes d’un seul logement (hors lots multiples, dépendances comprises) ·{' '}
        {formatNumber(snapshot.sales_count)} ventes
      </p>
      <table className="re-table">
        <thead>
          <tr>
            <th scope="col">Type</th>
            <th scope="col">Ventes</th>
            <th scope="col">1er quartile</th>
            <th scope="col">Médiane</th>
            <th scope="col">3e quartile</th>
          </tr>
        </thead>
        <tbody>
          {snapshot.by_type.map((row) => (
            <tr key={row.type_local}>
              <th scope="row">{row.type_local}</th>
              <td>{formatNumber(row.count)}</td>
              <td>{formatEurosPerSquareMetre(row.q1)}</td>
              <td>{formatEurosPerSquareMetre(row.median)}</td>
              <td>{formatEurosPerSquareMetre(row.q3)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="re-compare">
        Médiane de la zone : <strong>{formatEurosPerSquareMetre(snapshot.zone_median_price_per_m2)}</strong>
        {snapshot.departement_code ? (
          <>
            {' '}
            — département {snapshot.departement_code} :{' '}
            <strong>{formatEurosPerSquareMetre(snapshot.departement_median_price_per_m2)}</strong>
            {gap === null ? null : ` (${gap >= 0 ? '+' : ''}${formatPercent(gap)})`}
          </>
        ) : null}
      </p>
      <TrendChart snapshot={snapshot} />
    </section>
  );
}
