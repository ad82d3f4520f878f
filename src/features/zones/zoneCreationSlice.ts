import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import type { Zone } from '../../../kernel/zones/Zone';
import type { GeocodedPlace } from '../geocoding/geocodingApi';
import type { IsochroneRequest } from '../isochrones/isochronesApi';
import type { ZoneCreationParameters } from './zoneCreation';

/** What the create-zone form sends: the typed address, the chosen suggestion if any, the isochrone asked for. */
export interface ZoneCreationRequest {
  address: string;
  place: GeocodedPlace | null;
  parameters: ZoneCreationParameters;
  isochrone: Omit<IsochroneRequest, 'coordinates'>;
}

/** The create-zone form's server state: suggestions, geocoding, preview and creation. */
export interface ZoneCreationState {
  suggestions: { query: string; places: GeocodedPlace[] };
  searching: boolean;
  /** A place the server picked for a typed address (the form shows it as chosen). */
  geocoded: GeocodedPlace | null;
  addressError: string | null;
  creationError: string | null;
  status: 'idle' | 'previewing' | 'creating';
  /** The computed preview (with the reached network when asked), numbered so a form takes each once. */
  preview: { sequence: number; place: GeocodedPlace; feature: Feature<Polygon | MultiPolygon> } | null;
  created: Zone | null;
}

export const initialZoneCreationState: ZoneCreationState = {
  suggestions: { query: '', places: [] },
  searching: false,
  geocoded: null,
  addressError: null,
  creationError: null,
  status: 'idle',
  preview: null,
  created: null,
};

export const zoneCreationSlice = createSlice({
  name: 'zoneCreation',
  initialState: initialZoneCreationState,
  reducers: {
    /** Typed text (3 characters or more): suggestions after a short pause. */
    suggestionsRequested(_state, _action: PayloadAction<string>) {},
    suggestionsReceived(state, action: PayloadAction<{ query: string; places: GeocodedPlace[] }>) {
      state.suggestions = action.payload;
    },
    /** 'Rechercher': the first result of the typed address. */
    geocodingRequested(state, _action: PayloadAction<string>) {
      state.searching = true;
      state.addressError = null;
    },
    geocoded(state, action: PayloadAction<GeocodedPlace>) {
      state.searching = false;
      state.geocoded = action.payload;
      state.suggestions = { query: '', places: [] };
    },
    addressFailed(state, action: PayloadAction<string>) {
      state.searching = false;
      state.status = 'idle';
      state.addressError = action.payload;
    },
    addressErrorCleared(state) {
      state.addressError = null;
    },
    previewRequested(state, _action: PayloadAction<ZoneCreationRequest>) {
      state.status = 'previewing';
      state.creationError = null;
    },
    previewReceived(state, action: PayloadAction<{ place: GeocodedPlace; feature: Feature<Polygon | MultiPolygon> }>) {
      state.status = 'idle';
      state.preview = { sequence: (state.preview?.sequence ?? 0) + 1, ...action.payload };
    },
    /** 'Créer la zone': the preview's polygon when it stands for the same parameters, else a new one. */
    creationRequested(
      state,
      _action: PayloadAction<ZoneCreationRequest & { previewed: Feature<Polygon | MultiPolygon> | null }>,
    ) {
      state.status = 'creating';
      state.creationError = null;
    },
    created(state, action: PayloadAction<Zone>) {
      state.status = 'idle';
      state.created = action.payload;
    },
    creationFailed(state, action: PayloadAction<string>) {
      state.status = 'idle';
      state.creationError = action.payload;
    },
    /** The form closed. */
    reset() {
      return initialZoneCreationState;
    },
  },
});

export const zoneCreationActions = zoneCreationSlice.actions;
