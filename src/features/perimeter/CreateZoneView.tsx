import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/ApiError';
import { geocodingApi, type GeocodedPlace } from '../../api/geocodingApi';
import { isochroneApi } from '../../api/isochroneApi';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { formatLongDate } from '../../core/format/formatFrench';
import {
  DISTANCE_RANGE_KM,
  TIME_RANGE,
  TRANSPORT_MODES,
  isochroneZone,
  transportModeLabel,
  type ZoneCreationParameters,
} from '../../core/zones/zoneCreation';
import { useMapController } from '../../map/MapControllerContext';
import { loadCreationParameters, saveCreationParameters } from './zoneCreationStorage';
import { showNewZone } from './zoneFocus';
import { zonesActions } from './zonesSlice';

const SUGGESTION_DELAY_MS = 250;
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Spec §2 create-zone view: start address (suggestions, search button), type, mode, slider, create/cancel. */
export function CreateZoneView({ onDone }: { onDone: () => void }) {
  const dispatch = useAppDispatch();
  const controller = useMapController();
  const zones = useAppSelector((state) => state.zones.zones);
  const [parameters, setParameters] = useState<ZoneCreationParameters>(loadCreationParameters);
  const [address, setAddress] = useState('');
  const [place, setPlace] = useState<GeocodedPlace | null>(null);
  const [suggestions, setSuggestions] = useState<GeocodedPlace[]>([]);
  const [searching, setSearching] = useState(false);
  const [addressError, setAddressError] = useState<string | null>(null);
  const [creationError, setCreationError] = useState<string | null>(null);
  const [status, setStatus] = useState<'idle' | 'creating' | 'synced'>('idle');
  const suggestionsRequest = useRef<AbortController | null>(null);
  const listId = useId();

  useEffect(() => saveCreationParameters(parameters), [parameters]);

  // Suggestions while typing (not once a suggestion is chosen).
  useEffect(() => {
    const query = address.trim();
    if (place || query.length < 3) return;
    const timer = setTimeout(() => {
      suggestionsRequest.current?.abort();
      const request = new AbortController();
      suggestionsRequest.current = request;
      geocodingApi
        .search(query, { signal: request.signal })
        .then((places) => {
          if (!request.signal.aborted) setSuggestions(places.slice(0, 6));
        })
        .catch(() => undefined);
    }, SUGGESTION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [address, place]);

  const choose = (chosen: GeocodedPlace) => {
    suggestionsRequest.current?.abort();
    setPlace(chosen);
    setAddress(chosen.label);
    setSuggestions([]);
    setAddressError(null);
    controller?.flyTo(chosen.center, 'general');
  };

  /** Spec §8: geocodes the typed address; null (with the message under the input) when nothing is found. */
  const geocode = async (): Promise<GeocodedPlace | null> => {
    const query = address.trim();
    if (!query) return null;
    setSearching(true);
    setAddressError(null);
    try {
      const [first] = await geocodingApi.search(query);
      if (!first) {
        setAddressError(`Aucune adresse trouvée pour: ${query}`);
        return null;
      }
      choose(first);
      return first;
    } catch (error) {
      setAddressError(`Erreur lors de la recherche d'adresse: ${errorText(error)}`);
      return null;
    } finally {
      setSearching(false);
    }
  };

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setCreationError(null);
    if (!address.trim()) {
      setAddressError('Veuillez saisir une adresse de départ');
      return;
    }
    setStatus('creating');
    try {
      const start = place ?? (await geocode());
      if (!start) {
        setStatus('idle');
        return;
      }
      const result = await isochroneApi.generate({
        coordinates: start.center,
        transportMode: parameters.transportMode,
        travelTime: parameters.travelTime,
        zoneType: parameters.zoneType,
        zoneDistance: parameters.zoneDistance,
        departureTime: parameters.transportMode === 'public-transport' ? parameters.departureTime : null,
      });
      const zone = isochroneZone({
        existing: zones,
        address: start.label,
        coordinates: start.center,
        parameters,
        feature: result.feature,
      });
      dispatch(zonesActions.zoneCreateRequested(zone));
      setStatus('synced');
      showNewZone(controller, zone);
      onDone();
    } catch (error) {
      setStatus('idle');
      const detail = error instanceof ApiError && error.status > 0 && error.status < 500 ? ` (${error.message})` : '';
      setCreationError(`Erreur lors de la création de la zone. Veuillez réessayer.${detail}`);
    }
  };

  const shownSuggestions = place || address.trim().length < 3 ? [] : suggestions;
  const update = (changes: Partial<ZoneCreationParameters>) => setParameters((current) => ({ ...current, ...changes }));
  const isDistance = parameters.zoneType === 'distance';
  const kilometres = Math.round(parameters.zoneDistance / 1000);
  const mode = transportModeLabel(parameters.transportMode);

  return (
    <form className="perimeter" onSubmit={create} noValidate aria-busy={status === 'creating'}>
      <div className="perimeter__view-header">
        <button type="button" className="link-button" onClick={onDone}>
          ← Retour
        </button>
        <h3 className="perimeter__heading">Nouvelle zone isochrone</h3>
      </div>

      <div className="form__field perimeter__address">
        <label htmlFor={`${listId}-address`}>Adresse de départ</label>
        <div className="perimeter__row">
          <input
            id={`${listId}-address`}
            type="search"
            autoComplete="off"
            placeholder="Ex. : 10 rue de Rivoli, Paris"
            value={address}
            role="combobox"
            aria-expanded={shownSuggestions.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            onChange={(event) => {
              setAddress(event.target.value);
              setPlace(null);
              setAddressError(null);
            }}
          />
          <button
            type="button"
            className="button"
            disabled={!address.trim() || searching}
            onClick={() => void geocode()}
          >
            {searching ? 'Recherche…' : 'Rechercher'}
          </button>
        </div>
        {shownSuggestions.length > 0 ? (
          <ul id={listId} className="perimeter__suggestions" role="listbox" aria-label="Suggestions d’adresses">
            {shownSuggestions.map((suggestion) => (
              <li key={`${suggestion.label}-${suggestion.center.join(',')}`} role="option" aria-selected={false}>
                <button type="button" className="perimeter__suggestion" onClick={() => choose(suggestion)}>
                  {suggestion.label}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {place ? <p className="perimeter__hint">✓ Départ : {place.label}</p> : null}
        {addressError ? (
          <p className="form__error" role="alert">
            {addressError}
          </p>
        ) : null}
      </div>

      <fieldset className="perimeter__fieldset">
        <legend>Type de zone</legend>
        <div className="perimeter__segmented">
          {(
            [
              ['time', 'Temps'],
              ['distance', 'Distance'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="perimeter__choice">
              <input
                type="radio"
                name="zoneType"
                value={value}
                checked={parameters.zoneType === value}
                onChange={() => update({ zoneType: value })}
              />
              <span>{label}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="perimeter__fieldset">
        <legend>Mode de transport</legend>
        <div className="perimeter__segmented">
          {TRANSPORT_MODES.map((entry) => (
            <label key={entry.mode} className="perimeter__choice">
              <input
                type="radio"
                name="transportMode"
                value={entry.mode}
                checked={parameters.transportMode === entry.mode}
                onChange={() => update({ transportMode: entry.mode })}
              />
              <span>
                {entry.emoji} {entry.label}
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className="form__field">
        {isDistance ? (
          <>
            <label htmlFor={`${listId}-distance`}>Distance : {kilometres} km</label>
            <input
              id={`${listId}-distance`}
              type="range"
              min={DISTANCE_RANGE_KM.min}
              max={DISTANCE_RANGE_KM.max}
              step={DISTANCE_RANGE_KM.step}
              value={kilometres}
              onChange={(event) => update({ zoneDistance: Number(event.target.value) * 1000 })}
            />
          </>
        ) : (
          <>
            <label htmlFor={`${listId}-time`}>Temps de trajet : {parameters.travelTime} min</label>
            <input
              id={`${listId}-time`}
              type="range"
              min={TIME_RANGE.min}
              max={TIME_RANGE.max}
              step={TIME_RANGE.step}
              value={parameters.travelTime}
              onChange={(event) => update({ travelTime: Number(event.target.value) })}
            />
          </>
        )}
      </div>

      <p className="perimeter__info">
        {isDistance
          ? `La zone couvre les lieux à moins de ${kilometres} km de l’adresse par le réseau (${mode.label.toLowerCase()}).`
          : `La zone couvre les lieux accessibles en ${parameters.travelTime} min (${mode.label.toLowerCase()}) depuis l’adresse, calculés sur le réseau routier importé.`}
        {parameters.transportMode === 'public-transport'
          ? ` Départ le ${formatLongDate(parameters.departureTime)} à 08:00.`
          : ''}
      </p>

      {creationError ? (
        <p className="form__error" role="alert">
          {creationError}
        </p>
      ) : null}

      <div className="perimeter__row perimeter__row--end">
        <button type="button" className="button" onClick={onDone}>
          Annuler
        </button>
        <button type="submit" className="button button--primary" disabled={status === 'creating'}>
          {status === 'creating' ? 'Création en cours...' : 'Créer la zone'}
        </button>
      </div>
    </form>
  );
}
