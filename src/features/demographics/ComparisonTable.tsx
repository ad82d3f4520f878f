import type { AggregatedDemographics } from '../../../kernel/demographics/aggregateDemographics';
import { formatEuros, formatNumber, formatPercent, formatSquareKilometres } from '../../../kernel/format/formatFrench';
import type { Zone } from '../../../kernel/zones/Zone';

const share = (value: number | null) => (value === null ? null : value * 100);

/** The indicators set side by side, each with the group its vintage comes from. */
const INDICATORS: {
  label: string;
  value: (data: AggregatedDemographics) => string;
  vintage: (data: AggregatedDemographics) => string | null;
}[] = [
  { label: 'Zones IRIS', value: (data) => formatNumber(data.analysis_metadata.iris_zones_count), vintage: () => null },
  {
    label: 'Surface',
    value: (data) => formatSquareKilometres(data.analysis_metadata.zone_area_km2),
    vintage: () => null,
  },
  {
    label: 'Population',
    value: (data) => formatNumber(data.population.total),
    vintage: (data) => data.population.vintage_label,
  },
  {
    label: 'Densité (hab./km²)',
    value: (data) => formatNumber(data.population.density_per_km2),
    vintage: (data) => data.population.vintage_label,
  },
  {
    label: 'Âge médian',
    value: (data) => (data.population.median_age === null ? '—' : `${formatNumber(data.population.median_age, 1)} ans`),
    vintage: (data) => data.population.vintage_label,
  },
  {
    label: 'Âge moyen',
    value: (data) =>
      data.population.average_age === null ? '—' : `${formatNumber(data.population.average_age, 1)} ans`,
    vintage: (data) => data.population.vintage_label,
  },
  {
    label: 'Indice de vieillissement',
    value: (data) => formatNumber(data.population.ageing_index, 1),
    vintage: (data) => data.population.vintage_label,
  },
  {
    label: 'Cadres parmi les 15 ans ou plus',
    value: (data) => {
      const executives = data.population.socio_professional_15p[2]?.value ?? null;
      const total = data.population.population_15p;
      return formatPercent(total && executives !== null ? (executives / total) * 100 : null);
    },
    vintage: (data) => data.population.vintage_label,
  },
  {
    label: 'Personnes vivant seules (part des personnes)',
    value: (data) => formatPercent(share(data.households.persons_by_type[0]?.share ?? null)),
    vintage: (data) => data.households.vintage_label,
  },
  {
    label: 'Personnes en famille monoparentale (part)',
    value: (data) => formatPercent(share(data.households.persons_by_type[3]?.share ?? null)),
    vintage: (data) => data.households.vintage_label,
  },
  {
    label: 'Appartements (résidences principales)',
    value: (data) => formatPercent(share(data.housing.flat_share)),
    vintage: (data) => data.housing.vintage_label,
  },
  {
    label: 'Locataires HLM (résidences principales)',
    value: (data) => formatPercent(share(data.housing.social_tenant_share)),
    vintage: (data) => data.housing.vintage_label,
  },
  {
    label: 'Population 15-64 ans',
    value: (data) => formatNumber(data.population.population_15_64),
    vintage: (data) => data.population.working_age_source.vintage_label,
  },
  {
    label: 'Actifs 15-64 ans',
    value: (data) => formatNumber(data.employment.active_15_64),
    vintage: (data) => data.employment.vintage_label,
  },
  {
    label: 'Taux d’activité',
    value: (data) => formatPercent(share(data.employment.activity_rate)),
    vintage: (data) => data.employment.vintage_label,
  },
  {
    label: 'Taux de chômage',
    value: (data) => formatPercent(share(data.unemployment.unemployment_rate)),
    vintage: (data) => data.unemployment.vintage_label,
  },
  {
    label: 'Cadres parmi les actifs',
    value: (data) => {
      const total = data.employment.socio_professional.reduce((sum, group) => sum + (group.value ?? 0), 0);
      const executives = data.employment.socio_professional[2]?.value ?? null;
      return formatPercent(total > 0 && executives !== null ? (executives / total) * 100 : null);
    },
    vintage: (data) => data.employment.vintage_label,
  },
  {
    label: 'Diplômés du supérieur',
    value: (data) => formatPercent(share(data.education.higher_education_share)),
    vintage: (data) => data.education.vintage_label,
  },
  {
    label: 'Niveau de vie médian',
    value: (data) => formatEuros(data.revenue.median),
    vintage: (data) => data.revenue.vintage_label,
  },
  {
    label: 'Taux de pauvreté',
    value: (data) => formatPercent(data.revenue.poverty_rate),
    vintage: (data) => data.revenue.vintage_label,
  },
];

/** Comparisons tab: the selected zones' key figures side by side. */
export function ComparisonTable({ zones }: { zones: { zone: Zone; data: AggregatedDemographics | null }[] }) {
  return (
    <div className="comparison-table__scroll">
      <table className="comparison-table">
        <caption className="visually-hidden">Comparaison des zones</caption>
        <thead>
          <tr>
            <th scope="col">Indicateur</th>
            {zones.map(({ zone }) => (
              <th scope="col" key={zone.id}>
                <span className="comparison-table__swatch" style={{ background: zone.color }} aria-hidden="true" />
                {zone.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {INDICATORS.map((indicator) => {
            const vintage = zones.map(({ data }) => (data ? indicator.vintage(data) : null)).find(Boolean);
            return (
              <tr key={indicator.label}>
                <th scope="row">
                  {indicator.label}
                  {vintage ? <span className="source-tag">{vintage}</span> : null}
                </th>
                {zones.map(({ zone, data }) => (
                  <td key={zone.id}>{data ? indicator.value(data) : '…'}</td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
