import type { AuthState } from '../../features/account/authSlice';
import type { SubscriptionState } from '../../features/subscription/subscriptionSlice';
import type { ZonesState } from '../../features/zones/zonesSlice';
import type { LayoutState } from '../layout/layoutSlice';
import type { SettingsState } from './settingsSlice';

/** The parts of the store a visitor's personal data lives in. */
export interface PersonalDataSources {
  auth: AuthState;
  subscription: SubscriptionState;
  settings: SettingsState;
  layout: LayoutState;
  zones: ZonesState;
}

/** Everything Zonalyse keeps about the visitor, as one JSON document (RGPD right of access). */
export function personalDataDocument(state: PersonalDataSources, now = new Date(), server: unknown = null) {
  return {
    application: 'Zonalyse',
    exportedAt: now.toISOString(),
    /** What the server holds for a signed-in user (account, zones, sessions, usage, API keys, payments). */
    server,
    account: state.auth.user,
    subscription: state.subscription.subscription,
    settings: state.settings,
    layout: {
      activePanels: state.layout.activePanels,
      comparisonMode: state.layout.comparisonMode,
      selectedZones: state.layout.selectedZones,
      leftPanelWidth: state.layout.leftPanelWidth,
      rightPanelWidth: state.layout.rightPanelWidth,
    },
    zones: state.zones.zones,
  };
}

/** {@link personalDataDocument} as the file `zonalyse-mes-donnees-YYYY-MM-DD.json`. */
export function personalDataFile(state: PersonalDataSources, now = new Date(), server: unknown = null) {
  const document = personalDataDocument(state, now, server);
  return {
    name: `zonalyse-mes-donnees-${document.exportedAt.slice(0, 10)}.json`,
    content: JSON.stringify(document, null, 2),
  };
}
