import { useEffect } from 'react';
import { formatNumber } from '../../../kernel/format/formatFrench';
import type { Zone } from '../../../kernel/zones/Zone';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { EmptyState } from '../../ui/EmptyState';
import { CategoryCard } from './CategoryCard';
import { publicServicesActions } from './publicServicesSlice';
import { ServedPopulationSection } from './ServedPopulationSection';
import { SourcesNote } from './SourcesNote';

/** 'Analyse': the services of the active zone by category, and how well the zone is served on foot. */
export function ZoneAnalysisTab({ zone }: { zone: Zone | undefined }) {
  const dispatch = useAppDispatch();
  const analysis = useAppSelector((state) => state.publicServices.analysis);
  const served = useAppSelector((state) => state.publicServices.served);

  useEffect(() => {
    if (zone && analysis.zoneId !== zone.id) dispatch(publicServicesActions.analysisRequested({ zone }));
    if (zone && served.zoneId !== zone.id) dispatch(publicServicesActions.servedRequested({ zone }));
  }, [zone, analysis.zoneId, served.zoneId, dispatch]);

  if (!zone) return <EmptyState title="Aucune donnée disponible" message="Sélectionnez une zone sur la carte..." />;
  if (analysis.status === 'loading' || analysis.status === 'idle') {
    return (
      <div className="ps-loading" role="status">
        <span className="spinner" aria-hidden="true" /> Analyse en cours...
      </div>
    );
  }
  if (analysis.status === 'error' || !analysis.data) {
    return (
      <div className="ps-error" role="alert">
        <strong>Erreur de chargement</strong>
        <p>{analysis.error}</p>
        <button type="button" className="button" onClick={() => dispatch(publicServicesActions.analysisRequested({ zone }))}>
          Réessayer
        </button>
      </div>
    );
  }
  const data = analysis.data;
  return (
    <div className="ps-analysis" data-testid="public-services-analysis">
      <p className="ps-zone">
        Zone : <strong>{zone.name}</strong> — {formatNumber(data.total_services)} service
        {data.total_services > 1 ? 's' : ''} public{data.total_services > 1 ? 's' : ''}
      </p>
      {data.categories.length === 0 ? (
        <EmptyState title="Aucune donnée disponible" message="Aucun service public connu dans cette zone." />
      ) : (
        data.categories.map((category) => <CategoryCard key={category.category} category={category} />)
      )}
      <ServedPopulationSection served={served} onRetry={() => dispatch(publicServicesActions.servedRequested({ zone }))} />
      <SourcesNote sources={data.sources} />
    </div>
  );
}
