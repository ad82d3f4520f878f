import { initialSettingsState, isThemePreference, type SettingsState } from './settingsSlice';

/** localStorage keys. `theme` is also read by the inline script of index.html (no flash of light theme). */
export const THEME_STORAGE_KEY = 'theme';
export const EMAIL_NOTIFICATIONS_STORAGE_KEY = 'email-notifications';

/** Reads the stored settings; missing or malformed values give the defaults. */
export function loadSettings(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): SettingsState {
  try {
    const theme = storage?.getItem(THEME_STORAGE_KEY);
    const notifications = storage?.getItem(EMAIL_NOTIFICATIONS_STORAGE_KEY);
    return {
      theme: isThemePreference(theme) ? theme : initialSettingsState.theme,
      emailNotifications: notifications === 'false' ? false : initialSettingsState.emailNotifications,
    };
  } catch {
    return initialSettingsState;
  }
}

export function saveSettings(
  settings: SettingsState,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(THEME_STORAGE_KEY, settings.theme);
    storage?.setItem(EMAIL_NOTIFICATIONS_STORAGE_KEY, String(settings.emailNotifications));
  } catch {
    // storage disabled: the choice lasts for this visit only
  }
}
