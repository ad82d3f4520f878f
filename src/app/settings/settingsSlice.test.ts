import { describe, expect, it } from 'vitest';
import { loadSettings, saveSettings } from './settingsPersistence';
import { initialSettingsState, resolveTheme, settingsActions, settingsSlice } from './settingsSlice';

function memoryStorage() {
  const memory = new Map<string, string>();
  return {
    memory,
    getItem: (key: string) => memory.get(key) ?? null,
    setItem: (key: string, value: string) => void memory.set(key, value),
  };
}

describe('settings', () => {
  it('defaults to the light theme with e-mail notifications on', () => {
    expect(initialSettingsState).toEqual({ theme: 'light', emailNotifications: true });
    expect(loadSettings(memoryStorage())).toEqual(initialSettingsState);
  });

  it('resolves auto with the device preference', () => {
    expect(resolveTheme('auto', true)).toBe('dark');
    expect(resolveTheme('auto', false)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
    expect(resolveTheme('light', true)).toBe('light');
  });

  it('persists the theme under "theme" and the notifications choice, ignoring bad values', () => {
    const storage = memoryStorage();
    let state = settingsSlice.reducer(initialSettingsState, settingsActions.themeChosen('auto'));
    state = settingsSlice.reducer(state, settingsActions.emailNotificationsToggled());
    saveSettings(state, storage);
    expect(storage.memory.get('theme')).toBe('auto');
    expect(loadSettings(storage)).toEqual({ theme: 'auto', emailNotifications: false });
    storage.memory.set('theme', 'purple');
    expect(loadSettings(storage).theme).toBe('light');
  });
});
