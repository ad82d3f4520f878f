import { HomeIcon } from '../../ui/icons';
import { useAppDispatch, useAppSelector } from '../hooks';
import { PANELS } from '../panels/panelRegistry';
import { layoutActions } from './layoutSlice';
import { TOOLBAR_PANEL_IDS } from './panelIds';

/** Spec §2: the 60 px left toolbar, hidden while any right panel is open. */
export function LeftToolbar() {
  const dispatch = useAppDispatch();
  const activePanels = useAppSelector((state) => state.layout.activePanels);
  if (activePanels.length > 0) return null;
  return (
    <nav className="left-toolbar" aria-label="Barre d’outils">
      <a className="icon-button left-toolbar__home" href="/#pricing" aria-label="Accueil Zonalyse" title="Accueil">
        <HomeIcon />
      </a>
      <ul className="left-toolbar__panels">
        {TOOLBAR_PANEL_IDS.map((id) => (
          <li key={id}>
            <button
              type="button"
              className="icon-button left-toolbar__button"
              aria-label={PANELS[id].label}
              title={PANELS[id].label}
              data-panel-button={id}
              onClick={() => dispatch(layoutActions.panelToggled(id))}
            >
              {PANELS[id].icon}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
