import type { ReactNode } from 'react';
import { GridIcon, PaletteIcon, SearchIcon, TargetIcon } from '../../ui/icons';
import { useAppDispatch, useAppSelector } from '../hooks';
import { PANELS } from '../panels/panelRegistry';
import { layoutActions } from './layoutSlice';
import { OTHER_PANEL_IDS } from './panelIds';

const ICONS: Record<(typeof OTHER_PANEL_IDS)[number], ReactNode> = {
  search: <SearchIcon />,
  geomarketing: <TargetIcon />,
  iris: <GridIcon />,
  choropleth: <PaletteIcon />,
};

/**
 * "toggleable map panels" (search, geomarketing, IRIS, choropleth): map buttons at the top left,
 * beside the toolbar, always visible; each toggles its right panel.
 */
export function MapPanelControls() {
  const dispatch = useAppDispatch();
  const activePanels = useAppSelector((state) => state.layout.activePanels);
  const toolbarVisible = activePanels.length === 0;
  return (
    <div
      className={`map-panel-controls${toolbarVisible ? ' map-panel-controls--beside-toolbar' : ''}`}
      role="group"
      aria-label="Panneaux de la carte"
    >
      {OTHER_PANEL_IDS.map((id) => (
        <button
          key={id}
          type="button"
          className="map-panel-controls__button"
          aria-pressed={activePanels.includes(id)}
          aria-label={PANELS[id].label}
          title={PANELS[id].title}
          data-panel-button={id}
          onClick={() => dispatch(layoutActions.panelToggled(id))}
        >
          {ICONS[id]}
        </button>
      ))}
    </div>
  );
}
