import { Link } from 'react-router';
import { userInitial } from '../../../kernel/account/accountValidation';
import { authActions } from '../../features/account/authSlice';
import { LogoIcon, SettingsIcon } from '../../ui/icons';
import { useAppDispatch, useAppSelector } from '../hooks';
import { PANELS } from '../panels/panelRegistry';
import { layoutActions } from './layoutSlice';
import { TOOLBAR_PANEL_IDS } from './panelIds';

/**
 * The 60 px left toolbar, hidden while any right panel is open — link to the marketing home
 * (the offers), the seven panel buttons in order, the settings link and the profile/login button.
 */
export function LeftToolbar() {
  const dispatch = useAppDispatch();
  const activePanels = useAppSelector((state) => state.layout.activePanels);
  const user = useAppSelector((state) => state.auth.user);
  if (activePanels.length > 0) return null;
  return (
    <nav className="left-toolbar" aria-label="Barre d’outils">
      <Link
        className="icon-button left-toolbar__home"
        to="/pricing"
        aria-label="Zonalyse : présentation et offres"
        title="Zonalyse"
      >
        <LogoIcon />
      </Link>
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
      <div className="left-toolbar__bottom">
        <Link className="icon-button left-toolbar__button" to="/settings" aria-label="Paramètres" title="Paramètres">
          <SettingsIcon />
        </Link>
        <button
          type="button"
          className="avatar left-toolbar__profile"
          aria-label={user ? `Mon compte (${user.email})` : 'Se connecter'}
          title={user ? user.email : 'Se connecter'}
          onClick={() => dispatch(authActions.authModalOpened(user ? 'profile' : 'login'))}
        >
          {userInitial(user?.email)}
        </button>
      </div>
    </nav>
  );
}
