import type { RootState } from '../store';

/** Everything Zonalyse keeps about the visitor, as one JSON document (RGPD right of access). */
export function personalDataDocument(state: RootState, now = new Date(), server: unknown = null) {
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

/** Downloads {@link personalDataDocument} as `zonalyse-mes-donnees-YYYY-MM-DD.json`. */
export function downloadPersonalData(state: RootState, server: unknown = null): void {
  const document_ = personalDataDocument(state, new Date(), server);
  const blob = new Blob([JSON.stringify(document_, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `zonalyse-mes-donnees-${document_.exportedAt.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
