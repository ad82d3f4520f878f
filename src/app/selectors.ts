import { createSelector } from '@reduxjs/toolkit';
import type { Zone } from '../../kernel/zones/Zone';
import type { RootState } from './store';

export const selectLayout = (state: RootState) => state.layout;
export const selectZones = (state: RootState) => state.zones.zones;
export const selectSelectedZoneIds = (state: RootState) => state.layout.selectedZones;

/** The selected zones, in selection order. */
export const selectSelectedZones = createSelector([selectZones, selectSelectedZoneIds], (zones, ids): Zone[] =>
  ids.map((id) => zones.find((zone) => zone.id === id)).filter((zone): zone is Zone => zone !== undefined),
);

/** Panels analyse the active zone, or else the first selected one. */
export const selectActiveZone = createSelector(
  [selectZones, (state: RootState) => state.layout.activeZoneId, selectSelectedZones],
  (zones, activeZoneId, selected): Zone | undefined =>
    (activeZoneId ? zones.find((zone) => zone.id === activeZoneId) : undefined) ?? selected[0],
);
