import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Theme Clair/Sombre/Auto, stored locally, default light. */
export type ThemePreference = 'light' | 'dark' | 'auto';
/** The theme actually applied (auto resolved through `prefers-color-scheme`). */
export type ResolvedTheme = 'light' | 'dark';

export const THEME_CHOICES: readonly { value: ThemePreference; label: string }[] = [
  { value: 'light', label: 'Clair' },
  { value: 'dark', label: 'Sombre' },
  { value: 'auto', label: 'Auto' },
];

export interface SettingsState {
  theme: ThemePreference;
  /** E-mail notifications, a local preference, default on. */
  emailNotifications: boolean;
}

export const initialSettingsState: SettingsState = { theme: 'light', emailNotifications: true };

export function isThemePreference(value: unknown): value is ThemePreference {
  return value === 'light' || value === 'dark' || value === 'auto';
}

export const settingsSlice = createSlice({
  name: 'settings',
  initialState: initialSettingsState,
  reducers: {
    themeChosen(state, action: PayloadAction<ThemePreference>) {
      state.theme = action.payload;
    },
    emailNotificationsToggled(state) {
      state.emailNotifications = !state.emailNotifications;
    },
  },
});

export const settingsActions = settingsSlice.actions;

/** Resolves a preference with the device's colour scheme (`prefersDark`). */
export function resolveTheme(preference: ThemePreference, prefersDark: boolean): ResolvedTheme {
  if (preference === 'auto') return prefersDark ? 'dark' : 'light';
  return preference;
}
