import { useEffect, useState, type FormEvent } from 'react';
import { formatNumber } from '../../../kernel/format/formatFrench';
import { HOME_CATEGORIES } from '../../../kernel/businesses/homeCategories';
import type { Zone } from '../../../kernel/zones/Zone';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useMapController } from '../../map/MapControllerContext';
import { businessesActions, type NearestCompetitorsOrigin } from './businessesSlice';
import { Collapsible } from './Collapsible';
import { ErrorBox, LoadingLine } from './LoadingLine';
import { MapToggle } from './MapToggle';
import { SourceLine } from './SourceLine';

const WALKING_MINUTES = [5, 10, 15, 20, 30] as const;
type OriginChoice = 'zone' | 'address' | 'map';

const coordinatesText = (longitude: number, latitude: number) =>
  `${formatNumber(latitude, 5)}, ${formatNumber(longitude, 5)}`;

/**
 * « Concurrents les plus proches »: from the zone's starting point, an address or a point clicked on the
 * map, the establishments of a home category nearest by walking time on the street graph (the isochrone
 * engine), not as the crow flies.
 */
export function NearestCompetitorsCard({ zone }: { zone: Zone }) {
  const dispatch = useAppDispatch();
  const nearest = useAppSelector((state) => state.businesses.nearestCompetitors);
  const controller = useMapController();
  const [categoryKey, setCategoryKey] = useState<string>(HOME_CATEGORIES[0].key);
  const [maxMinutes, setMaxMinutes] = useState<number>(10);
  const [choice, setChoice] = useState<OriginChoice>('zone');
  const [address, setAddress] = useState('');
  const [picked, setPicked] = useState<{ longitude: number; latitude: number } | null>(null);
  const [picking, setPicking] = useState(false);

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

  const origin: NearestCompetitorsOrigin | null =
    choice === 'zone'
      ? {
          kind: 'point',
          longitude: zone.coordinates[0],
          latitude: zone.coordinates[1],
          label: zone.address || zone.name,
        }
      : choice === 'address'
        ? address.trim().length >= 3
          ? { kind: 'address', text: address.trim() }
          : null
        : picked
          ? { kind: 'point', ...picked, label: `Point choisi (${coordinatesText(picked.longitude, picked.latitude)})` }
          : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (origin) dispatch(businessesActions.nearestCompetitorsRequested({ origin, categoryKey, maxMinutes }));
  };

  const data = nearest.status === 'loaded' ? nearest.data : undefined;
  const category = HOME_CATEGORIES.find((candidate) => candidate.key === nearest.request?.categoryKey);
  return (
    <Collapsible title="Concurrents les plus proches" defaultOpen={false} testId="business-nearest">
      <p className="biz-muted biz-small">
        Les établissements d’une catégorie les plus proches d’un point, classés par temps de marche sur le réseau des
        rues (moteur d’isochrones de Zonalyse), et non à vol d’oiseau.
      </p>
      <form className="biz-nearest__form" onSubmit={submit}>
        <label className="biz-field">
          Catégorie
          <select className="biz-input" value={categoryKey} onChange={(event) => setCategoryKey(event.target.value)}>
            {HOME_CATEGORIES.map((entry) => (
              <option key={entry.key} value={entry.key}>
                {`${entry.name} (${entry.naf_codes.join(', ')})`}
              </option>
            ))}
          </select>
        </label>
        <label className="biz-field">
          Marche maximale
          <select
            className="biz-input"
            value={maxMinutes}
            onChange={(event) => setMaxMinutes(Number(event.target.value))}
          >
            {WALKING_MINUTES.map((minutes) => (
              <option key={minutes} value={minutes}>{`${minutes} min`}</option>
            ))}
          </select>
        </label>
        <fieldset className="biz-nearest__origin">
          <legend>Depuis</legend>
          <label className="biz-check">
            <input type="radio" name="nearest-origin" checked={choice === 'zone'} onChange={() => setChoice('zone')} />
            {`Point de départ de la zone (${zone.address || zone.name})`}
          </label>
          <label className="biz-check">
            <input
              type="radio"
              name="nearest-origin"
              checked={choice === 'address'}
              onChange={() => setChoice('address')}
            />
            Une adresse
          </label>
          {choice === 'address' ? (
            <input
              type="search"
              className="biz-input"
              aria-label="Adresse de départ des concurrents"
              placeholder="ex. 76 rue de Charonne, Paris"
              value={address}
              onChange={(event) => setAddress(event.target.value)}
            />
          ) : null}
          <label className="biz-check">
            <input type="radio" name="nearest-origin" checked={choice === 'map'} onChange={() => setChoice('map')} />
            Un point de la carte
          </label>
          {choice === 'map' ? (
            <div className="biz-actions">
              <button type="button" className="button" aria-pressed={picking} onClick={() => setPicking(!picking)}>
                {picking ? 'Cliquez sur la carte…' : 'Choisir sur la carte'}
              </button>
              {picked ? (
                <span className="biz-small">{`Point : ${coordinatesText(picked.longitude, picked.latitude)}`}</span>
              ) : null}
            </div>
          ) : null}
        </fieldset>
        <button type="submit" className="button button--primary" disabled={!origin || nearest.status === 'loading'}>
          {nearest.status === 'loading' ? 'Recherche...' : 'Trouver les concurrents'}
        </button>
      </form>
      {nearest.status === 'loading' ? <LoadingLine text="Calcul des temps de marche..." /> : null}
      {nearest.status === 'error' ? (
        <ErrorBox
          title="Erreur de recherche"
          message={nearest.error}
          onRetry={() => nearest.request && dispatch(businessesActions.nearestCompetitorsRequested(nearest.request))}
        />
      ) : null}
      {data ? (
        data.competitors.length === 0 ? (
          <p className="biz-empty">{`Aucun établissement « ${category?.name ?? ''} » à moins de ${data.max_minutes} min à pied`}</p>
        ) : (
          <div className="biz-results" data-testid="nearest-competitors">
            <div className="biz-actions">
              <MapToggle
                layerKey="nearest:competitors"
                label="les concurrents les plus proches"
                text="Afficher sur la carte"
                needsEngine={false}
                source={() => ({ kind: 'businesses', businesses: data.competitors.map((entry) => entry.business) })}
              />
            </div>
            <ol className="biz-nearest__list">
              {data.competitors.map((entry) => (
                <li key={entry.business.id} className="biz-nearest__item">
                  <span className="biz-nearest__time">{`${formatNumber(entry.walking_minutes, 1)} min à pied`}</span>
                  <strong>{entry.business.enseigne ?? entry.business.denomination ?? 'Établissement sans nom'}</strong>
                  <span className="biz-small">
                    {[entry.business.address, entry.business.city].filter(Boolean).join(', ')}
                    {` · ${formatNumber(entry.straight_metres)} m à vol d’oiseau`}
                  </span>
                  <span className="biz-small">
                    <code>{entry.business.naf_code}</code> {entry.business.naf_label}
                  </span>
                  <SourceLine
                    sourceLabel={entry.business.source_label}
                    vintage={entry.business.source_vintage}
                    demo={entry.business.demo}
                    alsoIn={entry.business.also_in}
                  />
                </li>
              ))}
            </ol>
            <p className="biz-muted biz-small" data-testid="nearest-method">
              {`Méthode : ${data.method}. Départ rattaché à la rue la plus proche (à ${formatNumber(data.origin.snap_metres)} m). ${formatNumber(data.candidates_count)} établissements à portée examinés · ${formatNumber(data.search_time_ms)} ms.`}
            </p>
          </div>
        )
      ) : null}
    </Collapsible>
  );
}
