import { useId } from 'react';
import { useAppDispatch, useAppSelector } from '../hooks';
import { accountRequestsActions } from '../../features/account/accountRequestsSlice';
import { settingsActions, THEME_CHOICES } from './settingsSlice';

/**
 * The preferences of (settings page and the profile's 'Paramètres' tab): theme Clair/Sombre/Auto,
 * language, e-mail notifications, legal section.
 */
export function PreferencesForm({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const dispatch = useAppDispatch();
  const { theme, emailNotifications } = useAppSelector((state) => state.settings);
  const id = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const exportData = () => dispatch(accountRequestsActions.personalDataExportRequested());

  return (
    <div className="preferences">
      <section className="preferences__section" aria-labelledby={`${id}-appearance`}>
        <Heading id={`${id}-appearance`} className="preferences__heading">
          Apparence
        </Heading>
        <fieldset className="segmented">
          <legend className="preferences__label">Thème</legend>
          {THEME_CHOICES.map((choice) => (
            <label key={choice.value} className="segmented__option">
              <input
                type="radio"
                name={`${id}-theme`}
                value={choice.value}
                checked={theme === choice.value}
                onChange={() => dispatch(settingsActions.themeChosen(choice.value))}
              />
              <span>{choice.label}</span>
            </label>
          ))}
        </fieldset>
        <p className="form__hint">Auto suit le réglage clair ou sombre de votre appareil.</p>
      </section>

      <section className="preferences__section" aria-labelledby={`${id}-language`}>
        <Heading id={`${id}-language`} className="preferences__heading">
          Langue
        </Heading>
        <label className="preferences__label" htmlFor={`${id}-language-select`}>
          Langue de l’interface
        </label>
        <select
          id={`${id}-language-select`}
          value="fr"
          onChange={() => undefined}
          aria-describedby={`${id}-language-hint`}
        >
          <option value="fr">Français</option>
          <option value="en" disabled>
            English (bientôt disponible)
          </option>
        </select>
        <p id={`${id}-language-hint`} className="form__hint">
          L’interface n’existe pour l’instant qu’en français ; l’anglais n’est pas encore disponible.
        </p>
      </section>

      <section className="preferences__section" aria-labelledby={`${id}-notifications`}>
        <Heading id={`${id}-notifications`} className="preferences__heading">
          Notifications
        </Heading>
        <div className="switch-row">
          <span id={`${id}-email-label`}>Notifications par e-mail</span>
          <button
            type="button"
            role="switch"
            className="switch"
            aria-checked={emailNotifications}
            aria-labelledby={`${id}-email-label`}
            aria-describedby={`${id}-email-hint`}
            onClick={() => dispatch(settingsActions.emailNotificationsToggled())}
          >
            <span className="switch__thumb" />
          </button>
        </div>
        <p id={`${id}-email-hint`} className="form__hint">
          Préférence enregistrée sur cet appareil.
        </p>
      </section>

      <section className="preferences__section" aria-labelledby={`${id}-legal`}>
        <Heading id={`${id}-legal`} className="preferences__heading">
          Données personnelles et mentions légales
        </Heading>
        <button type="button" className="button" onClick={exportData}>
          Exporter mes données
        </button>
        <p className="form__hint">
          Télécharge, au format JSON, tout ce que Zonalyse conserve pour vous : compte, abonnement et utilisation,
          sessions, zones, préférences et disposition des panneaux.
        </p>
        <details className="legal" id={headingLevel === 2 ? 'confidentialite' : undefined}>
          <summary>Politique de confidentialité</summary>
          <p>
            Zonalyse n’appelle aucun service tiers : la carte, les tuiles et les données publiques sont servies par
            l’application elle-même. Vos préférences (thème, notifications, disposition des panneaux) sont enregistrées
            dans votre navigateur. Avec un compte, votre adresse e-mail, vos noms et vos zones sont conservés sur le
            serveur jusqu’à la suppression du compte, qui efface tout.
          </p>
        </details>
        <details className="legal" id={headingLevel === 2 ? 'conditions' : undefined}>
          <summary>Conditions d’utilisation</summary>
          <p>
            Les données affichées proviennent de sources publiques officielles (INSEE, IGN, DGFiP, Sirene, annuaire de
            l’administration) sous Licence Ouverte 2.0 ; leurs millésimes sont indiqués dans chaque panneau. Les
            analyses sont fournies à titre indicatif.
          </p>
        </details>
      </section>
    </div>
  );
}
