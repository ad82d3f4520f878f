import { useMemo } from 'react';
import { formatNumber } from '../../../kernel/format/formatFrench';
import type { ServedPopulation } from '../../../kernel/public-services/publicServiceSchemas';
import { DemographicsChart } from '../demographics/DemographicsChart';
import type { Loadable } from './publicServicesSlice';

const percent = (share: number) => `${formatNumber(share * 100, 0)} %`;

/** How well the zone is served: residents within 5/10/15 min' walk per category, and rates against Paris. */
export function ServedPopulationSection({ served, onRetry }: { served: Loadable<ServedPopulation>; onRetry: () => void }) {
  const data = served.data;
  const series = useMemo(
    () =>
      data
        ? [
            { name: '≤ 5 min', values: data.categories.map((row) => row.within_5), color: '#2f9e44' },
            { name: '≤ 10 min', values: data.categories.map((row) => row.within_10 - row.within_5), color: '#74b816' },
            { name: '≤ 15 min', values: data.categories.map((row) => row.within_15 - row.within_10), color: '#fab005' },
          ]
        : [],
    [data],
  );
  const names = useMemo(() => data?.categories.map((row) => row.name) ?? [], [data]);
  return (
    <section className="ps-section" aria-labelledby="ps-served-title">
      <h3 className="ps-section__title" id="ps-served-title">
        Desserte à pied de la zone
      </h3>
      {served.status === 'loading' || served.status === 'idle' ? (
        <p className="ps-muted" role="status">
          Calcul des temps de marche en cours...
        </p>
      ) : served.status === 'error' || !data ? (
        <div role="alert" className="ps-error">
          <strong>Erreur de chargement</strong>
          <p>{served.error}</p>
          <button type="button" className="button" onClick={onRetry}>
            Réessayer
          </button>
        </div>
      ) : (
        <>
          <table className="ps-table" data-testid="served-population">
            <caption className="visually-hidden">Part des habitants à moins de 5, 10 et 15 minutes à pied</caption>
            <thead>
              <tr>
                <th scope="col">Catégorie</th>
                <th scope="col">≤ 5 min</th>
                <th scope="col">≤ 10 min</th>
                <th scope="col">≤ 15 min</th>
                <th scope="col">Pour 10 000 hab.</th>
                <th scope="col">Paris</th>
              </tr>
            </thead>
            <tbody>
              {data.categories.map((row) => (
                <tr key={row.category}>
                  <th scope="row">{row.name}</th>
                  <td>{percent(row.within_5)}</td>
                  <td>{percent(row.within_10)}</td>
                  <td>{percent(row.within_15)}</td>
                  <td>{formatNumber(row.rate_per_10000, 1)}</td>
                  <td>{formatNumber(row.paris_rate_per_10000, 1)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <DemographicsChart
            label="Part des habitants de la zone à 5, 10 et 15 minutes à pied du service le plus proche, par catégorie"
            categories={names}
            series={series}
            horizontal
            percent
            stacked
            height={280}
          />
          <p className="ps-muted">
            Méthode : {data.method} Habitants de la zone : {formatNumber(data.population)} ({data.population_source}).
          </p>
        </>
      )}
    </section>
  );
}
