import { useEffect, useState, type FormEvent } from 'react';
import { HOME_CATEGORIES, type HomeCategoryKey } from '../../../kernel/businesses/homeCategories';
import { formatEuros, formatNumber, formatPercent } from '../../../kernel/format/formatFrench';
import { MARKET_LIMITS } from '../../../kernel/market/marketSchemas';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useMapController } from '../../map/MapControllerContext';
import { EmptyState } from '../../ui/EmptyState';
import { Tabs } from '../../ui/Tabs';
import { GymsTab } from './GymsTab';
import { SensitivityChart } from './SensitivityChart';
import { SHARE_STOPS } from './marketMapModule';
import { marketActions, selectMarket, type MarketSite, type MarketTab } from './marketSlice';
import './market.css';

const MODES = [
  { value: 'walking', label: 'À pied' },
  { value: 'cycling', label: 'À vélo' },
] as const;
const MINUTES = [5, 10, 15, 20] as const;
const LAMBDAS = [1, 1.5, 2, 2.5, 3] as const;

const minutesText = (seconds: number | null) => (seconds === null ? '—' : `${formatNumber(seconds / 60, 1)} min`);
const pointText = (longitude: number, latitude: number) =>
  `${formatNumber(latitude, 5)}, ${formatNumber(longitude, 5)}`;

const TABS: readonly { id: MarketTab; label: string }[] = [
  { id: 'study', label: 'Étude de site' },
  { id: 'gyms', label: 'Salles de sport' },
];

/** Géomarketing: the site study and the gyms around it, as two tabs. */
export default function MarketPanel() {
  const dispatch = useAppDispatch();
  const tab = useAppSelector(selectMarket).tab;
  return (
    <Tabs tabs={TABS} selected={tab} onSelect={(id) => dispatch(marketActions.tabSelected(id))} label="Géomarketing">
      {tab === 'gyms' ? <GymsTab /> : <SiteStudy />}
    </Tabs>
  );
}

/**
 * Géomarketing: a candidate site (map point or address), a sector, a mode and a time → the catchment's
 * potential, the competitors, and the Huff model's market shares (map choropleth, sensitivity chart).
 */
function SiteStudy() {
  const dispatch = useAppDispatch();
  const market = useAppSelector(selectMarket);
  const controller = useMapController();
  const [choice, setChoice] = useState<'map' | 'address'>('map');
  const [address, setAddress] = useState('');
  const [picked, setPicked] = useState<{ longitude: number; latitude: number } | null>(null);
  const [picking, setPicking] = useState(false);
  const [sector, setSector] = useState<HomeCategoryKey>(market.request?.sector ?? 'bakeries');
  const [mode, setMode] = useState<'walking' | 'cycling'>(market.request?.mode ?? 'walking');
  const [minutes, setMinutes] = useState<number>(market.request?.minutes ?? 10);
  const [lambda, setLambda] = useState<number>(market.request?.lambda ?? 2);

  useEffect(() => {
    if (!picking || !controller) return undefined;
    return controller.capturePoints(
      ([longitude, latitude]) => {
        setPicked({ longitude, latitude });
        setPicking(false);
      },
      { once: true },
    );
  }, [picking, controller]);

  const maximumMinutes = mode === 'cycling' ? MARKET_LIMITS.huffMinutes.cycling : MARKET_LIMITS.huffMinutes.walking;
  const site: MarketSite | null =
    choice === 'address'
      ? address.trim().length >= 3
        ? { kind: 'address', text: address.trim() }
        : null
      : picked
        ? { kind: 'point', ...picked, label: `Point choisi (${pointText(picked.longitude, picked.latitude)})` }
        : null;

  const run = (ownOutlets: string[]) => {
    if (!site) return;
    dispatch(
      marketActions.studyRequested({
        site,
        sector,
        mode,
        minutes: Math.min(minutes, maximumMinutes),
        lambda,
        ownOutlets,
      }),
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run([]);
  };
  const toggleOwn = (id: string) => {
    const request = market.request;
    if (!request) return;
    const own = request.ownOutlets.includes(id)
      ? request.ownOutlets.filter((entry) => entry !== id)
      : [...request.ownOutlets, id];
    dispatch(marketActions.studyRequested({ ...request, ownOutlets: own }));
  };

  const results = market.results;
  const loading = market.status === 'loading';
  return (
    <div className="market" data-testid="market-panel">
      <p className="market-muted">
        Où ouvrir ? Choisissez un site, un secteur et un temps de trajet : potentiel de la zone de chalandise,
        concurrents et parts de marché estimées par le modèle de Huff.
      </p>
      <form className="market-form" onSubmit={submit} aria-label="Étude de marché">
        <fieldset className="market-fieldset">
          <legend>Site candidat</legend>
          <label className="market-check">
            <input type="radio" name="market-site" checked={choice === 'map'} onChange={() => setChoice('map')} />
            Un point de la carte
          </label>
          {choice === 'map' ? (
            <div className="market-row">
              <button type="button" className="button" aria-pressed={picking} onClick={() => setPicking(!picking)}>
                {picking ? 'Cliquez sur la carte…' : 'Choisir sur la carte'}
              </button>
              {picked ? (
                <span className="market-small">{`Point : ${pointText(picked.longitude, picked.latitude)}`}</span>
              ) : null}
            </div>
          ) : null}
          <label className="market-check">
            <input
              type="radio"
              name="market-site"
              checked={choice === 'address'}
              onChange={() => setChoice('address')}
            />
            Une adresse
          </label>
          {choice === 'address' ? (
            <input
              type="search"
              className="market-input"
              aria-label="Adresse du site"
              placeholder="ex. 1 place Léon Blum, Paris"
              value={address}
              onChange={(event) => setAddress(event.target.value)}
            />
          ) : null}
        </fieldset>
        <div className="market-grid">
          <label className="market-field">
            Secteur
            <select
              className="market-input"
              value={sector}
              onChange={(event) => setSector(event.target.value as HomeCategoryKey)}
            >
              {HOME_CATEGORIES.map((entry) => (
                <option key={entry.key} value={entry.key}>{`${entry.name} (${entry.naf_codes.join(', ')})`}</option>
              ))}
            </select>
          </label>
          <label className="market-field">
            Mode
            <select
              className="market-input"
              value={mode}
              onChange={(event) => setMode(event.target.value as 'walking' | 'cycling')}
            >
              {MODES.map((entry) => (
                <option key={entry.value} value={entry.value}>
                  {entry.label}
                </option>
              ))}
            </select>
          </label>
          <label className="market-field">
            Temps de trajet
            <select
              className="market-input"
              value={Math.min(minutes, maximumMinutes)}
              onChange={(event) => setMinutes(Number(event.target.value))}
            >
              {MINUTES.filter((value) => value <= maximumMinutes).map((value) => (
                <option key={value} value={value}>{`${value} min`}</option>
              ))}
            </select>
          </label>
          <label className="market-field">
            λ (décroissance)
            <select className="market-input" value={lambda} onChange={(event) => setLambda(Number(event.target.value))}>
              {LAMBDAS.map((value) => (
                <option key={value} value={value}>
                  {formatNumber(value, 1)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <button type="submit" className="button button--primary" disabled={!site || loading}>
          {loading ? 'Calcul…' : 'Analyser le site'}
        </button>
      </form>

      {loading ? (
        <p className="market-status" role="status">
          Calcul des temps de trajet et du modèle de Huff…
        </p>
      ) : null}
      {market.status === 'error' ? (
        <div className="market-error" role="alert">
          <strong>Erreur de l’étude</strong>
          <p>{market.error}</p>
          <button
            type="button"
            className="button"
            onClick={() => market.request && dispatch(marketActions.studyRequested(market.request))}
          >
            Réessayer
          </button>
        </div>
      ) : null}
      {!results && market.status === 'idle' ? (
        <EmptyState
          title="Aucun site étudié"
          message="Choisissez un point sur la carte ou saisissez une adresse, puis « Analyser le site »."
        />
      ) : null}

      {results ? (
        <div className="market-results" aria-busy={loading}>
          <div className="market-row market-row--between">
            <h3 className="market-title">{results.site.label}</h3>
            <button
              type="button"
              className="button button--ghost"
              aria-pressed={market.layerVisible}
              onClick={() => dispatch(marketActions.layerToggled())}
            >
              {market.layerVisible ? 'Masquer de la carte' : 'Afficher sur la carte'}
            </button>
          </div>

          <section aria-labelledby="market-potential" data-testid="market-potential">
            <h4 id="market-potential">Potentiel ({results.potential.mode === 'cycling' ? 'à vélo' : 'à pied'})</h4>
            <div className="market-cards">
              {results.potential.bands.map((band) => (
                <div className="market-card" key={band.minutes ?? 'zone'}>
                  <span className="market-card__label">{`${band.minutes ?? '—'} min`}</span>
                  <strong className="market-card__value">{`${formatNumber(band.residents)} hab.`}</strong>
                  <span className="market-small">{`${formatNumber(band.households)} ménages`}</span>
                  <span className="market-small">{`Revenu estimé : ${formatEuros(band.income_estimate)}`}</span>
                </div>
              ))}
            </div>
            <p className="market-small market-muted">{results.potential.method}</p>
          </section>

          <section aria-labelledby="market-huff" data-testid="market-huff">
            <h4 id="market-huff">Modèle de Huff — {results.analysis.sector_name}</h4>
            <div className="market-cards">
              <div className="market-card">
                <span className="market-card__label">Habitants captés</span>
                <strong className="market-card__value">{formatNumber(results.analysis.captured.residents)}</strong>
                <span className="market-small">{`sur ${formatNumber(results.analysis.area.population)} (${results.analysis.area.iris_count} IRIS)`}</span>
              </div>
              <div className="market-card">
                <span className="market-card__label">Part de marché</span>
                <strong className="market-card__value">
                  {formatPercent(
                    results.analysis.captured.share_of_area === null
                      ? null
                      : results.analysis.captured.share_of_area * 100,
                  )}
                </strong>
                <span className="market-small">{`${formatNumber(results.analysis.captured.households)} ménages`}</span>
              </div>
              <div className="market-card">
                <span className="market-card__label">Revenu capté (estimation)</span>
                <strong className="market-card__value">{formatEuros(results.analysis.captured.income_estimate)}</strong>
                <span className="market-small">par an</span>
              </div>
              {results.analysis.cannibalised_residents > 0 ? (
                <div className="market-card">
                  <span className="market-card__label">Cannibalisation</span>
                  <strong className="market-card__value">
                    {formatNumber(results.analysis.cannibalised_residents)}
                  </strong>
                  <span className="market-small">habitants pris à vos points de vente</span>
                </div>
              ) : null}
            </div>
            <div className="market-legend" aria-label="Légende : part de marché du site par IRIS">
              <span className="market-small">Part du site par IRIS :</span>
              {SHARE_STOPS.map(([share, color]) => (
                <span key={share} className="market-legend__item">
                  <span className="market-legend__swatch" style={{ background: color }} />
                  {formatPercent(share * 100, 0)}
                </span>
              ))}
            </div>
            <h5>Sensibilité à λ</h5>
            <SensitivityChart points={results.analysis.sensitivity} current={results.analysis.lambda} />
            <p className="market-small market-muted" data-testid="market-method">
              {results.analysis.method}
            </p>
          </section>

          <section aria-labelledby="market-competitors" data-testid="market-competitors">
            <h4 id="market-competitors">{`Concurrents (${formatNumber(results.competition.total_count)} à ${results.analysis.minutes} min)`}</h4>
            {results.competition.families.map((family) => (
              <p className="market-small" key={family.category}>
                {`${family.name} : ${formatNumber(family.density_per_1000, 2)} pour 1 000 habitants ici, ${formatNumber(family.departement_density_per_1000, 2)} dans le département (${family.departement_count} établissements).`}
              </p>
            ))}
            {results.analysis.competitors.length === 0 ? (
              <p className="market-muted">Aucun concurrent atteint : le site capte tous les habitants de sa zone.</p>
            ) : (
              <table className="market-table">
                <caption className="visually-hidden">Habitants pris à chaque concurrent</caption>
                <thead>
                  <tr>
                    <th scope="col">Concurrent</th>
                    <th scope="col">Trajet</th>
                    <th scope="col">Clients avant → après</th>
                    <th scope="col">Le mien</th>
                  </tr>
                </thead>
                <tbody>
                  {results.analysis.competitors.slice(0, 15).map((competitor) => (
                    <tr key={competitor.id}>
                      <td>{competitor.name}</td>
                      <td>{minutesText(competitor.travel_seconds)}</td>
                      <td>{`${formatNumber(competitor.residents_before)} → ${formatNumber(competitor.residents_after)}`}</td>
                      <td>
                        <input
                          type="checkbox"
                          aria-label={`${competitor.name} est un de mes points de vente`}
                          checked={competitor.own}
                          disabled={loading}
                          onChange={() => toggleOwn(competitor.id)}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>

          <ul className="market-sources market-small market-muted" aria-label="Sources">
            {results.analysis.sources.map((source) => (
              <li key={source.label}>{`Source : ${source.label}${source.vintage ? `, ${source.vintage}` : ''}`}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
