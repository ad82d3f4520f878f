import { useEffect } from 'react';
import { formatNumber, formatPercent } from '../../../kernel/format/formatFrench';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { EmptyState } from '../../ui/EmptyState';
import { publicServicesActions } from './publicServicesSlice';
import { SourcesNote } from './SourcesNote';

const share = (count: number, total: number) => (total > 0 ? (count / total) * 100 : 0);

/** 'Statistiques': totals, geolocation coverage, types, communes and completeness of the contacts. */
export function StatisticsView() {
  const dispatch = useAppDispatch();
  const statistics = useAppSelector((state) => state.publicServices.statistics);
  useEffect(() => {
    if (statistics.status === 'idle') dispatch(publicServicesActions.statisticsRequested());
  }, [statistics.status, dispatch]);
  if (statistics.status === 'loading' || statistics.status === 'idle') {
    return (
      <p className="ps-loading" role="status">
        <span className="spinner" aria-hidden="true" /> Chargement des statistiques...
      </p>
    );
  }
  const data = statistics.data;
  if (!data || data.total_services === 0) return <EmptyState title="Aucun service trouvé" />;
  const figures: [string, string][] = [
    ['Total des services', formatNumber(data.total_services)],
    ['Services géolocalisés', formatNumber(data.with_coordinates)],
    ['Couverture géographique', formatPercent(data.coordinate_coverage, 1)],
    ['Types de services', formatNumber(data.service_types)],
    ['Communes', formatNumber(data.communes)],
    ['Codes postaux', formatNumber(data.postal_codes)],
    ['Avec téléphone', formatPercent(share(data.with_phone, data.total_services), 1)],
    ['Avec e-mail', formatPercent(share(data.with_email, data.total_services), 1)],
    ['Avec site web', formatPercent(share(data.with_website, data.total_services), 1)],
  ];
  return (
    <div className="ps-statistics" data-testid="public-services-statistics">
      <dl className="ps-figures">
        {figures.map(([label, value]) => (
          <div key={label} className="ps-figure">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="ps-muted">
        L’Annuaire de l’administration (service-public.fr) est l’annuaire officiel des services publics, mis à jour
        quotidiennement ; les chiffres portent sur les jeux importés ci-dessous.
      </p>
      <SourcesNote sources={data.sources} />
    </div>
  );
}
