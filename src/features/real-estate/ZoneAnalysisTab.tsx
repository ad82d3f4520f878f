import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import {
  formatEuros,
  formatEurosPerSquareMetre,
  formatNumber,
  formatPercent,
} from '../../../kernel/format/formatFrench';
import type { Breakdown, ZoneStatistics } from '../../../kernel/real-estate/realEstateSchemas';
import { natureMutationLabel, type RealEstateLot, typeLocalLabel } from '../../../kernel/real-estate/realEstateTypes';
import type { Zone } from '../../../kernel/zones/Zone';
import { EmptyState } from '../../ui/EmptyState';
import { MarketSnapshotCard } from './MarketSnapshotCard';
import { coverageOf } from './priceCoverage';
import { realEstateActions } from './realEstateSlice';
import { TransactionList } from './TransactionList';

function BreakdownList({ title, rows }: { title: string; rows: (Breakdown & { label: string })[] }) {
  return (
    <section className="re-section" aria-label={title}>
      <h3 className="re-section__title">{title}</h3>
      {rows.length === 0 ? (
        <p className="re-muted">Aucune donnée disponible</p>
      ) : (
        <ul className="re-breakdown">
          {rows.map((row) => (
            <li key={row.label}>
              <div className="re-breakdown__line">
                <span>{row.label}</span>
                <span>
                  {formatPercent(row.percentage)} · {formatNumber(row.count)}
                </span>
              </div>
              <div className="re-bar" aria-hidden="true">
                <span style={{ width: `${Math.min(100, row.percentage)}%` }} />
              </div>
              <div className="re-muted">
                Prix moyen {formatEuros(row.avg_price)}
                {row.avg_price_per_m2 !== null ? ` · ${formatEurosPerSquareMetre(row.avg_price_per_m2)}` : ''}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The headline €/m² of apartments: sales of exactly one apartment without dependency by default; the
 * figure with dependencies (cave, parking: their price is in the sale, their surface is not) one click away.
 */
function ApartmentPriceCard({ figures }: { figures: ZoneStatistics['apartment_price_per_m2'] }) {
  const [withDependencies, setWithDependencies] = useState(false);
  const figure = withDependencies ? figures.with_dependencies : figures.without_dependencies;
  const other = withDependencies ? figures.without_dependencies : figures.with_dependencies;
  return (
    <div className="re-card re-card--wide" data-testid="apartment-price-card">
      <span className="re-card__label">Prix au m² · appartements</span>
      <span className="re-card__value" data-testid="apartment-price-median">
        {formatEurosPerSquareMetre(figure.median)}
      </span>
      <span className="re-muted">
        Médiane des ventes d’un seul appartement {withDependencies ? 'avec cave ou parking' : 'sans dépendance'} ·{' '}
        {coverageOf(figure)}
      </span>
      <button
        type="button"
        className="re-link-button"
        aria-pressed={withDependencies}
        onClick={() => setWithDependencies(!withDependencies)}
      >
        {withDependencies ? 'Voir sans dépendance' : 'Voir avec dépendances'} ({formatEurosPerSquareMetre(other.median)},{' '}
        {formatNumber(other.count)} ventes)
      </button>
    </div>
  );
}

/** 'Analyse de zone': cards, breakdowns, market snapshot, transaction list, CSV export. */
export function ZoneAnalysisTab({ zone }: { zone: Zone | undefined }) {
  const dispatch = useAppDispatch();
  const analysis = useAppSelector((state) => state.realEstate.analysis);
  const csvExport = useAppSelector((state) => state.realEstate.csvExport);
  useEffect(() => {
    if (zone && analysis.zoneId !== zone.id) dispatch(realEstateActions.analysisRequested({ zone }));
  }, [zone, analysis.zoneId, dispatch]);

  if (!zone) {
    return <EmptyState title="Zone de recherche requise" message="Sélectionnez ou créez une zone pour analyser les ventes immobilières (DVF)." />;
  }
  if (analysis.status === 'loading' || analysis.status === 'idle') {
    return (
      <div className="re-loading" role="status">
        <span className="spinner" aria-hidden="true" /> Chargement des statistiques…
      </div>
    );
  }
  if (analysis.status === 'error' || !analysis.statistics) {
    return (
      <div className="re-error" role="alert">
        <strong>Erreur de chargement</strong>
        <p>{analysis.error ?? 'Erreur de chargement des statistiques'}</p>
        <button type="button" className="button" onClick={() => dispatch(realEstateActions.analysisRequested({ zone }))}>
          Réessayer
        </button>
      </div>
    );
  }
  const statistics = analysis.statistics;
  return (
    <div className="re-analysis" data-testid="real-estate-analysis">
      <p className="re-zone">
        Zone : <strong>{zone.name}</strong>
      </p>
      <div className="re-cards">
        <ApartmentPriceCard figures={statistics.apartment_price_per_m2} />
        <div className="re-card">
          <span className="re-card__label">Prix moyen d’une vente</span>
          <span className="re-card__value">{formatEuros(statistics.price_statistics.avg)}</span>
          <span className="re-muted">
            médiane {formatEuros(statistics.price_statistics.median)} · {formatNumber(statistics.price_statistics.count)}{' '}
            ventes, tous biens
          </span>
        </div>
        <div className="re-card">
          <span className="re-card__label">Ventes de logements</span>
          <span className="re-card__value" data-testid="dwelling-sales-total">
            {formatNumber(statistics.dwelling_sales)}
          </span>
          <span className="re-muted">ventes, VEFA et adjudications d’appartements ou de maisons</span>
        </div>
        <div className="re-card">
          <span className="re-card__label">Mutations</span>
          <span className="re-card__value" data-testid="transactions-total">
            {formatNumber(statistics.total_transactions)}
          </span>
          <span className="re-muted">toutes natures et tous biens (parkings, locaux, échanges…)</span>
        </div>
      </div>
      <p className="re-muted" data-testid="price-per-m2-mix">
        Prix au m² de toutes les ventes d’un seul bien : moyenne{' '}
        {formatEurosPerSquareMetre(statistics.price_per_m2_statistics.avg)}, médiane{' '}
        {formatEurosPerSquareMetre(statistics.price_per_m2_statistics.median)} —{' '}
        {statistics.price_per_m2_statistics.mix
          .map((row) => `${typeLocalLabel(row.type_local)} : ${formatNumber(row.count)}`)
          .join(', ') || 'aucune vente'}{' '}
        (types mélangés, dépendances comprises).
      </p>
      {statistics.total_transactions > 0 && statistics.price_statistics.count < 3 ? (
        <p className="re-note">Moins de 3 ventes : les moyennes ne sont pas affichées.</p>
      ) : null}
      <BreakdownList
        title="Répartition par type"
        rows={statistics.property_type_breakdown.map((row) => ({ ...row, label: typeLocalLabel(row.type_local) }))}
      />
      <BreakdownList
        title="Répartition par type de mutation"
        rows={statistics.mutation_type_breakdown.map((row) => ({ ...row, label: natureMutationLabel(row.nature_mutation) }))}
      />
      <MarketSnapshotCard snapshot={statistics.market_snapshot} />
      <TransactionList
        zone={zone}
        sampleLots={statistics.sample_transactions as RealEstateLot[]}
        total={statistics.total_transactions}
      />
      <div className="re-actions">
        <button
          type="button"
          className="button"
          disabled={csvExport.status === 'running' || statistics.total_transactions === 0}
          onClick={() => dispatch(realEstateActions.transactionsExportRequested({ zone }))}
        >
          {csvExport.status === 'running' ? 'Export…' : 'Exporter les transactions (CSV)'}
        </button>
        {csvExport.status === 'done' ? <span className="re-muted" role="status">{csvExport.message}</span> : null}
      </div>
      <p className="re-muted re-source">
        Source : DVF géolocalisé (DGFiP / Etalab, Licence Ouverte) · {formatNumber(statistics.search_time_ms)} ms
      </p>
    </div>
  );
}
