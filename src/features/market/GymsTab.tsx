import { useState, type FormEvent } from 'react';
import { GYM_CHAINS, type GymChainKey } from '../../../kernel/gyms/gymChains';
import { formatNumber } from '../../../kernel/format/formatFrench';
import type { Gym } from '../../../kernel/gyms/gymSchemas';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useMapController } from '../../map/MapControllerContext';
import { EmptyState } from '../../ui/EmptyState';
import { GYM_COLOURS } from './gymsMapModule';
import { marketActions, selectMarket, type GymsRequest } from './marketSlice';

const DISTANCES_KM = [0.5, 1, 2, 5, 10] as const;

const distanceText = (kilometres: number | null) =>
  kilometres === null
    ? '—'
    : kilometres < 1
      ? `${formatNumber(kilometres * 1_000)} m`
      : `${formatNumber(kilometres, Number.isInteger(kilometres) ? 0 : 1)} km`;

/** The sources and vintages of the listed gyms, demo rows said so. */
function sourcesOf(list: readonly Gym[]): string[] {
  const labels = list.map(
    (gym) =>
      `${gym.source_label}${gym.source_vintage ? `, ${gym.source_vintage}` : ''}${gym.demo ? ' (données de démonstration)' : ''}`,
  );
  return [...new Set(labels)];
}

/**
 * Fitness establishments (NAF 93.13Z) around the studied site, or the centre of the map: distance, chain
 * (recognised from the names) or independents only, name; the list nearest first and the markers on the map.
 */
export function GymsTab() {
  const dispatch = useAppDispatch();
  const { results: study, gyms } = useAppSelector(selectMarket);
  const controller = useMapController();
  const [maxDistanceKm, setMaxDistanceKm] = useState<number>(gyms.request?.maxDistanceKm ?? 1);
  const [chain, setChain] = useState<GymsRequest['chain']>(gyms.request?.chain ?? null);
  const [name, setName] = useState(gyms.request?.name ?? '');

  const origin = (): Pick<GymsRequest, 'longitude' | 'latitude' | 'label'> | null => {
    if (study) return { longitude: study.site.longitude, latitude: study.site.latitude, label: study.site.label };
    if (!controller) return null;
    const { bounds } = controller.view();
    return {
      longitude: (bounds.west + bounds.east) / 2,
      latitude: (bounds.south + bounds.north) / 2,
      label: 'Centre de la carte',
    };
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const point = origin();
    if (point) dispatch(marketActions.gymsRequested({ ...point, maxDistanceKm, chain, name }));
  };

  const countOf = (key: GymChainKey) => gyms.chains?.chains.find((entry) => entry.key === key)?.count;
  const results = gyms.results;
  const loading = gyms.status === 'loading';
  return (
    <div className="market-gyms" data-testid="market-gyms">
      <p className="market-muted">
        {study
          ? `Salles de sport autour du site étudié (${study.site.label}).`
          : 'Salles de sport autour du centre de la carte (ou du site, une fois étudié).'}
      </p>
      <form className="market-form" onSubmit={submit} aria-label="Recherche de salles de sport">
        <div className="market-grid">
          <label className="market-field">
            Distance
            <select
              className="market-input"
              value={maxDistanceKm}
              onChange={(event) => setMaxDistanceKm(Number(event.target.value))}
            >
              {DISTANCES_KM.map((value) => (
                <option key={value} value={value}>{`${distanceText(value)} à vol d’oiseau`}</option>
              ))}
            </select>
          </label>
          <label className="market-field">
            Chaîne
            <select
              className="market-input"
              value={chain ?? ''}
              onChange={(event) => setChain((event.target.value || null) as GymsRequest['chain'])}
            >
              <option value="">Toutes les salles</option>
              <option value="independent">{`Indépendantes${gyms.chains ? ` (${formatNumber(gyms.chains.independent_count)})` : ''}`}</option>
              {GYM_CHAINS.map((entry) => {
                const count = countOf(entry.key);
                return (
                  <option key={entry.key} value={entry.key}>
                    {`${entry.name}${count === undefined ? '' : ` (${formatNumber(count)})`}`}
                  </option>
                );
              })}
            </select>
          </label>
          <label className="market-field">
            Nom
            <input
              type="search"
              className="market-input"
              placeholder="ex. Basic-Fit"
              value={name}
              maxLength={100}
              onChange={(event) => setName(event.target.value)}
            />
          </label>
        </div>
        <button type="submit" className="button button--primary" disabled={loading || (!study && !controller)}>
          {loading ? 'Recherche…' : 'Chercher les salles'}
        </button>
      </form>

      {gyms.status === 'error' ? (
        <div className="market-error" role="alert">
          <strong>Erreur de la recherche</strong>
          <p>{gyms.error}</p>
        </div>
      ) : null}
      {gyms.status === 'idle' ? (
        <EmptyState
          title="Aucune recherche"
          message="Choisissez une distance, une chaîne ou un nom, puis « Chercher les salles »."
        />
      ) : null}
      {results && gyms.request ? (
        <section aria-labelledby="market-gyms-title" aria-busy={loading}>
          <h4 id="market-gyms-title" data-testid="market-gyms-count">
            {`${formatNumber(results.total_count)} salle${results.total_count > 1 ? 's' : ''} à moins de ${distanceText(gyms.request.maxDistanceKm)}`}
          </h4>
          <p className="market-small market-muted">{`Autour de : ${gyms.request.label}`}</p>
          <div className="market-legend" aria-label="Légende des salles sur la carte">
            <span className="market-legend__item">
              <span
                className="market-legend__swatch market-legend__swatch--round"
                style={{ background: GYM_COLOURS.chain }}
              />
              Chaîne reconnue
            </span>
            <span className="market-legend__item">
              <span
                className="market-legend__swatch market-legend__swatch--round"
                style={{ background: GYM_COLOURS.independent }}
              />
              Indépendante
            </span>
          </div>
          {results.gyms.length === 0 ? (
            <p className="market-muted">Aucune salle ne répond à ces critères.</p>
          ) : (
            <table className="market-table">
              <caption className="visually-hidden">Salles de sport, les plus proches d’abord</caption>
              <thead>
                <tr>
                  <th scope="col">Salle</th>
                  <th scope="col">Chaîne</th>
                  <th scope="col">Distance</th>
                </tr>
              </thead>
              <tbody>
                {results.gyms.map((gym) => (
                  <tr key={gym.id}>
                    <td>
                      {gym.name}
                      {gym.demo ? <span className="market-badge"> démo</span> : null}
                      <br />
                      <span className="market-small market-muted">
                        {[gym.address, gym.postal_code, gym.city].filter(Boolean).join(' ') || 'Adresse non renseignée'}
                      </span>
                    </td>
                    <td>{gym.chain_name ?? 'Indépendante'}</td>
                    <td>{distanceText(gym.distance_km)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {results.total_count > results.returned_count ? (
            <p className="market-small market-muted">{`Les ${formatNumber(results.returned_count)} plus proches sont listées.`}</p>
          ) : null}
          <ul className="market-sources market-small market-muted" aria-label="Sources des salles">
            {sourcesOf(results.gyms).map((source) => (
              <li key={source}>{`Source : ${source} — établissements actifs NAF 93.13Z`}</li>
            ))}
            <li>{gyms.chains?.method ?? 'Chaînes reconnues aux noms des établissements.'}</li>
            <li>Distances à vol d’oiseau ; les données ouvertes ne donnent ni note, ni prix, ni équipement.</li>
          </ul>
        </section>
      ) : null}
    </div>
  );
}
