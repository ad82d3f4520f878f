import type { Feature, MultiPolygon, Polygon } from 'geojson';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { GeocodedPlace } from '../geocoding/geocodingApi';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { formatLongDate } from '../../../kernel/format/formatFrench';
import {
  DISTANCE_RANGE_KM,
  TIME_RANGE,
  TRANSPORT_MODES,
  isochroneZone,
  transportModeLabel,
  withoutReach,
  type ZoneCreationParameters,
} from './zoneCreation';
import {
  DEPARTURE_PERCENTILES,
  isochroneFeatureSchema,
  transitPropertiesSchema,
} from '../../../kernel/isochrones/isochroneSchemas';
import { TransitDepartureFields, type TransitDeparture } from './TransitDepartureFields';
import { transitNoteText } from './transitNoteText';
import { TransportModeIcon } from './zonesIcons';
import { useMapController } from '../../map/MapControllerContext';
import { IsochroneRecontour } from '../isochrones/IsochroneRecontour';
import { loadCreationParameters, saveCreationParameters } from './zoneCreationStorage';
import { showNewZone } from './zoneFocus';
import { zoneCreationActions } from './zoneCreationSlice';
import { zonesActions } from './zonesSlice';

/** A previewed isochrone: its start and parameters, and the polygon for the slider's current value. */
interface Preview {
  key: string;
  place: GeocodedPlace;
  transportMode: ZoneCreationParameters['transportMode'];
  zoneType: ZoneCreationParameters['zoneType'];
  /** Minutes or metres the polygon stands for. */
  value: number;
  feature: Feature<Polygon | MultiPolygon>;
  /** Whether slider moves are re-contoured in the browser (the server sent the reached network). */
  local: boolean;
  /** Public transport: departure, window and percentile the preview was computed for. */
  departureKey: string;
  /** Public transport with a window: the worker key of each percentile's reached network (50 ↔ 90 locally). */
  percentileKeys: Partial<Record<TransitDeparture['departurePercentile'], string>>;
}

type TransitChoice = Omit<TransitDeparture, 'departureTime'>;

/** What a public-transport preview depends on besides the start, mode and type ('' for the road modes). */
const departureKeyOf = (parameters: ZoneCreationParameters, transit: TransitChoice) =>
  parameters.transportMode === 'public-transport'
    ? `${parameters.departureTime} ${transit.departureWindowMinutes} ${transit.departurePercentile}`
    : '';

const sliderValue = (parameters: ZoneCreationParameters) =>
  parameters.zoneType === 'time' ? parameters.travelTime : parameters.zoneDistance;
/** The POST /api/isochrone/generate body for the creation parameters (the start's point added when known). */
const isochroneRequest = (parameters: ZoneCreationParameters, transit: TransitChoice) => ({
  transportMode: parameters.transportMode,
  travelTime: parameters.travelTime,
  zoneType: parameters.zoneType,
  zoneDistance: parameters.zoneDistance,
  departureTime: parameters.transportMode === 'public-transport' ? parameters.departureTime : null,
  ...(parameters.transportMode === 'public-transport' ? transit : {}),
});

/** Create-zone view: start address (suggestions, search button), type, mode, slider, create/cancel. */
export function CreateZoneView({ onDone }: { onDone: () => void }) {
  const dispatch = useAppDispatch();
  const controller = useMapController();
  const [parameters, setParameters] = useState<ZoneCreationParameters>(loadCreationParameters);
  const [transit, setTransit] = useState<TransitChoice>({ departureWindowMinutes: 0, departurePercentile: 50 });
  const [address, setAddress] = useState('');
  const [place, setPlace] = useState<GeocodedPlace | null>(null);
  const creation = useAppSelector((state) => state.zoneCreation);
  const { searching, addressError, creationError, status } = creation;
  const previewing = status === 'previewing';
  const recontour = useRef<IsochroneRecontour | null>(null);
  /** The parameters the last preview was asked for (the form may change while it is computed). */
  const previewAskedFor = useRef({ parameters, transit });
  const [preview, setPreview] = useState<Preview | null>(null);
  /** Only the latest slider move's contour is shown (answers may come back out of order). */
  const contourSequence = useRef(0);
  const listId = useId();

  useEffect(() => saveCreationParameters(parameters), [parameters]);

  // The preview leaves the map with the view; the form's requests are forgotten.
  useEffect(
    () => () => {
      dispatch(zonesActions.previewShown(null));
      dispatch(zoneCreationActions.reset());
      recontour.current?.forget('preview');
      for (const percentile of DEPARTURE_PERCENTILES) recontour.current?.forget(`preview-${percentile}`);
    },
    [dispatch],
  );

  const showPreview = (next: Preview | null) => {
    setPreview(next);
    dispatch(zonesActions.previewShown(next ? next.feature : null));
  };

  /** The preview still stands for these parameters (start, mode and type; the value may differ). */
  const previewMatches = (
    candidate: Preview | null,
    values: ZoneCreationParameters,
    start: GeocodedPlace | null,
    choice: TransitChoice = transit,
  ) =>
    candidate !== null &&
    start !== null &&
    candidate.place === start &&
    candidate.transportMode === values.transportMode &&
    candidate.zoneType === values.zoneType &&
    candidate.departureKey === departureKeyOf(values, choice);

  /** Slider moved: re-contour the preview in the worker, without a server call, when it can. */
  const followSlider = (next: ZoneCreationParameters) => {
    if (!preview || !previewMatches(preview, next, place) || !preview.local) return;
    const value = sliderValue(next);
    const engine = recontour.current;
    if (!engine?.canRecontour(preview.key, next.zoneType, value)) return;
    contourSequence.current += 1;
    const sequence = contourSequence.current;
    void engine
      .recontour(preview.key, next.zoneType, value)
      .then((geometry) => {
        if (sequence === contourSequence.current) {
          showPreview({ ...preview, value, feature: { ...preview.feature, geometry } });
        }
      })
      .catch(() => undefined);
  };

  // Suggestions while typing (not once a suggestion is chosen).
  useEffect(() => {
    const query = address.trim();
    if (!place && query.length >= 3) dispatch(zoneCreationActions.suggestionsRequested(query));
  }, [address, place, dispatch]);

  const choose = (chosen: GeocodedPlace) => {
    if (preview) showPreview(null);
    setPlace(chosen);
    setAddress(chosen.label);
    dispatch(zoneCreationActions.addressErrorCleared());
    controller?.flyTo(chosen.center, 'general');
  };

  // A typed address the server geocoded becomes the chosen start.
  const geocoded = creation.geocoded;
  const [takenGeocoded, setTakenGeocoded] = useState(geocoded);
  if (geocoded !== takenGeocoded) {
    setTakenGeocoded(geocoded);
    if (geocoded) {
      setPlace(geocoded);
      setAddress(geocoded.label);
    }
  }
  useEffect(() => {
    if (geocoded) controller?.flyTo(geocoded.center, 'general');
  }, [geocoded, controller]);

  /** 'Rechercher': the first result of the typed address (the message under the input when none). */
  const geocode = () => {
    const query = address.trim();
    if (query) dispatch(zoneCreationActions.geocodingRequested(query));
  };

  /** What the server needs for this form's start and parameters (null, with the message, without address). */
  const creationRequest = (isochrone: ReturnType<typeof isochroneRequest> & { includeReach?: boolean; reachLimit?: number }) => {
    if (!address.trim()) {
      dispatch(zoneCreationActions.addressFailed('Veuillez saisir une adresse de départ'));
      return null;
    }
    return { address, place, parameters, isochrone };
  };

  const create = (event: FormEvent) => {
    event.preventDefault();
    const request = creationRequest(isochroneRequest(parameters, transit));
    if (!request) return;
    const previewed =
      preview && place && previewMatches(preview, parameters, place) && preview.value === sliderValue(parameters)
        ? preview.feature
        : null;
    dispatch(zoneCreationActions.creationRequested({ ...request, previewed }));
  };

  // Created: the zone is shown and the form closes.
  const created = creation.created;
  useEffect(() => {
    if (!created) return;
    showNewZone(controller, created);
    onDone();
  }, [created, controller, onDone]);

  const shownSuggestions =
    place || address.trim().length < 3 || creation.suggestions.query !== address.trim() ? [] : creation.suggestions.places;
  const update = (changes: Partial<ZoneCreationParameters>) => {
    const next = { ...parameters, ...changes };
    // Public transport is measured in time only.
    if (next.transportMode === 'public-transport') next.zoneType = 'time';
    setParameters(next);
    if (preview && !previewMatches(preview, next, place)) showPreview(null);
    else followSlider(next);
  };
  const updateTransit = (changes: Partial<TransitDeparture>) => {
    const { departureTime, ...choice } = changes;
    const nextChoice = { ...transit, ...choice };
    const next = departureTime ? { ...parameters, departureTime } : parameters;
    setTransit(nextChoice);
    setParameters(next);
    if (!preview || previewMatches(preview, next, place, nextChoice)) return;
    // Only the percentile changed and its network came with the preview: re-contoured in the worker.
    const key = preview.percentileKeys[nextChoice.departurePercentile];
    const sameOtherwise = previewMatches(preview, next, place, {
      ...nextChoice,
      departurePercentile: transit.departurePercentile,
    });
    if (key && preview.local && sameOtherwise) followPercentile(key, next, nextChoice);
    else showPreview(null);
  };

  /** Percentile switched (50 % ↔ 90 % of the window's departures): the other network, re-contoured locally. */
  const followPercentile = (key: string, next: ZoneCreationParameters, choice: TransitChoice) => {
    if (!preview) return;
    const value = sliderValue(next);
    contourSequence.current += 1;
    const sequence = contourSequence.current;
    const base = { ...preview, key, departureKey: departureKeyOf(next, choice) };
    void recontour.current
      ?.recontour(key, next.zoneType, value)
      .then((geometry) => {
        if (sequence !== contourSequence.current) return;
        const properties = preview.feature.properties ?? {};
        const transitProperties = transitPropertiesSchema.safeParse(properties.transit);
        showPreview({
          ...base,
          value,
          feature: {
            ...preview.feature,
            geometry,
            properties: transitProperties.success
              ? { ...properties, transit: { ...transitProperties.data, percentile: choice.departurePercentile } }
              : properties,
          },
        });
      })
      .catch(() => showPreview(null));
  };

  /** Computes the zone once (with the reached network up to the slider's maximum) and shows it on the map. */
  const computePreview = () => {
    const reachLimit = parameters.zoneType === 'time' ? TIME_RANGE.max : DISTANCE_RANGE_KM.max * 1000;
    const request = creationRequest({ ...isochroneRequest(parameters, transit), includeReach: true, reachLimit });
    if (!request) return;
    previewAskedFor.current = { parameters, transit };
    dispatch(zoneCreationActions.previewRequested(request));
  };

  // A computed preview: remembered by the re-contour worker when it carries the reached network, then shown.
  const computed = creation.preview;
  const shownSequence = useRef(0);
  useEffect(() => {
    if (!computed || computed.sequence === shownSequence.current) return;
    shownSequence.current = computed.sequence;
    const { place: start, feature } = computed;
    const asked = previewAskedFor.current;
    void (async () => {
      const parsed = isochroneFeatureSchema.safeParse(feature);
      let local = false;
      const percentileKeys: Preview['percentileKeys'] = {};
      if (parsed.success && parsed.data.reach) {
        recontour.current ??= new IsochroneRecontour();
        const engine = recontour.current;
        local = await engine.remember('preview', parsed.data).catch(() => false);
        if (local && asked.parameters.transportMode === 'public-transport') {
          percentileKeys[asked.transit.departurePercentile] = 'preview';
          for (const { percentile, reach } of parsed.data.percentileReaches ?? []) {
            const key = `preview-${percentile}`;
            const kept = await engine.remember(key, { ...parsed.data, reach }).catch(() => false);
            if (kept) percentileKeys[percentile] = key;
          }
        }
      }
      const next: Preview = {
        key: 'preview',
        place: start,
        transportMode: asked.parameters.transportMode,
        zoneType: asked.parameters.zoneType,
        value: sliderValue(asked.parameters),
        feature: withoutReach(feature),
        local,
        departureKey: departureKeyOf(asked.parameters, asked.transit),
        percentileKeys,
      };
      showPreview(next);
      showNewZone(controller, {
        ...isochroneZone({
          existing: [],
          address: '',
          coordinates: start.center,
          parameters: asked.parameters,
          feature: next.feature,
        }),
      });
    })();
  });
  const isDistance = parameters.zoneType === 'distance';
  const kilometres = Math.round(parameters.zoneDistance / 1000);
  const mode = transportModeLabel(parameters.transportMode);
  const isTransit = parameters.transportMode === 'public-transport';
  const previewTransit = transitPropertiesSchema.safeParse(preview?.feature.properties?.transit);

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
              if (preview) showPreview(null);
              dispatch(zoneCreationActions.addressErrorCleared());
            }}
          />
          <button
            type="button"
            className="button"
            disabled={!address.trim() || searching}
            onClick={geocode}
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
                disabled={value === 'distance' && isTransit}
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
              <span className="perimeter__mode">
                <TransportModeIcon mode={entry.mode} /> {entry.label}
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

      {isTransit ? (
        <TransitDepartureFields
          value={{ ...transit, departureTime: parameters.departureTime }}
          onChange={updateTransit}
        />
      ) : null}

      <p className="perimeter__info">
        {isDistance
          ? `La zone couvre les lieux à moins de ${kilometres} km de l’adresse par le réseau (${mode.label.toLowerCase()}).`
          : isTransit
            ? `La zone couvre les lieux accessibles en ${parameters.travelTime} min en transport en commun depuis l’adresse : marche jusqu’aux stations, horaires du réseau importé (GTFS), correspondances et marche à l’arrivée. Départ le ${formatLongDate(parameters.departureTime)}.`
            : `La zone couvre les lieux accessibles en ${parameters.travelTime} min (${mode.label.toLowerCase()}) depuis l’adresse, calculés sur le réseau routier importé.`}
      </p>

      <div className="perimeter__row">
        <button
          type="button"
          className="button"
          disabled={previewing || status === 'creating'}
          onClick={computePreview}
        >
          {previewing ? 'Calcul de l’aperçu…' : 'Aperçu sur la carte'}
        </button>
        {preview ? (
          <span className="perimeter__hint" role="status">
            {preview.local ? 'Aperçu affiché : le curseur le redessine sans appel au serveur' : 'Aperçu affiché'}
          </span>
        ) : null}
      </div>
      {previewTransit.success ? (
        <p className="perimeter__info perimeter__transit-note" data-testid="transit-note">
          {transitNoteText(previewTransit.data)}
        </p>
      ) : null}

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
