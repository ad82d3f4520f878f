import { useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { formatEuros, formatEurosPerSquareMetre, formatNumber, formatPercent } from '../../../kernel/format/formatFrench';
import { irisTypeLabel } from '../../../kernel/visualizations/irisProperties';
import { irisDensity } from './irisSelection';
import { selectVisualizations, visualizationsActions } from './visualizationsSlice';

const NOT_AVAILABLE = 'donnée non disponible';

/**
 * Opens on the left for the selected IRIS and closes with 'Fermer'. Code,
 * name, commune, zone type, population, density (population / area rounded, N/A when zero) and area
 * in km² with 2 decimals, then the other indicators of `/api/iris/details/{irisCode}`. Until the details
 * arrive, the map-selection properties (with the spec's defaults) are shown.
 */
export function IrisDetailPanel() {
  const dispatch = useAppDispatch();
  const { selectedIris, detail } = useAppSelector(selectVisualizations);
  const closeButton = useRef<HTMLButtonElement>(null);
  const code = selectedIris?.iris_code;

  useEffect(() => {
    if (code) closeButton.current?.focus({ preventScroll: true });
  }, [code]);

  if (!selectedIris) return null;
  const data = detail.data;
  const name = data?.iris_name ?? selectedIris.nom_iris;
  const commune = data?.administrative.commune_name ?? selectedIris.commune;
  const type = data?.iris_type ?? selectedIris.typ_iris;
  const population = data ? data.population : selectedIris.population;
  const area = data ? data.area_km2 : selectedIris.surface;
  const density = irisDensity(population, area);
  const rows: [string, string, string][] = [
    ['code', 'Code IRIS', selectedIris.iris_code],
    ['name', 'Nom', name],
    [
      'commune',
      'Commune',
      data?.administrative.commune_code ? `${commune} (${data.administrative.commune_code})` : commune,
    ],
    ['type', 'Type de zone', irisTypeLabel(type)],
    [
      'population',
      'Population',
      population === null
        ? type === 'A' || type === 'D'
          ? 'Non recensée (IRIS d’activité ou divers)'
          : NOT_AVAILABLE
        : `${formatNumber(population)} habitants${data?.population_vintage ? ` (RP ${data.population_vintage}${data.population_scope === '2+' ? ', 2 ans ou plus' : ''})` : ''}`,
    ],
    ['density', 'Densité', density === null ? 'N/A' : `${formatNumber(density)} hab./km²`],
    ['area', 'Superficie', area === null ? NOT_AVAILABLE : `${formatNumber(area, 2)} km²`],
  ];
  if (data) {
    rows.push(
      [
        'median_income',
        'Revenu médian',
        data.median_income === null
          ? NOT_AVAILABLE
          : `${formatEuros(data.median_income)} par an et par UC${data.income_vintage ? ` (${data.income_vintage})` : ''}`,
      ],
      [
        'employment_rate',
        'Taux d’emploi (15-64 ans)',
        data.employment_rate === null ? NOT_AVAILABLE : formatPercent(data.employment_rate * 100),
      ],
      [
        'land_value',
        'Valeur foncière au m²',
        data.land_value_per_sqm === null
          ? NOT_AVAILABLE
          : `${formatEurosPerSquareMetre(data.land_value_per_sqm)} (${formatNumber(data.land_value_sales)} ventes)`,
      ],
      ['businesses', 'Entreprises', data.business_count === null ? NOT_AVAILABLE : formatNumber(data.business_count)],
    );
  }

  return (
    <aside
      className="iris-detail-panel"
      aria-label={`Détail de l’IRIS ${selectedIris.iris_code}`}
      data-testid="iris-detail-panel"
      onKeyDown={(event) => {
        if (event.key === 'Escape') dispatch(visualizationsActions.irisSelectionCleared());
      }}
    >
      <header className="iris-detail-panel__header">
        <h2 className="iris-detail-panel__title">{name}</h2>
        <button
          ref={closeButton}
          type="button"
          className="visualizations-button"
          onClick={() => dispatch(visualizationsActions.irisSelectionCleared())}
        >
          Fermer
        </button>
      </header>
      <dl className="iris-detail-panel__fields">
        {rows.map(([key, label, value]) => (
          <div key={key} className="iris-detail-panel__field" data-field={key}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {detail.status === 'loading' ? (
        <p className="iris-detail-panel__status" role="status">
          Chargement des indicateurs…
        </p>
      ) : null}
      {detail.status === 'error' ? (
        <p className="iris-detail-panel__status iris-detail-panel__status--error" role="alert">
          {detail.error}
        </p>
      ) : null}
    </aside>
  );
}
