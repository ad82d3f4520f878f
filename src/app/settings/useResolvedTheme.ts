import { useSyncExternalStore } from 'react';
import { useAppSelector } from '../hooks';
import { resolveTheme, type ResolvedTheme } from './settingsSlice';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** The device's colour scheme, followed live. */
export function usePrefersDark(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(DARK_QUERY).matches,
    () => false,
  );
}

/** The theme to apply: the stored preference, with auto following `prefers-color-scheme` live. */
export function useResolvedTheme(): ResolvedTheme {
  const preference = useAppSelector((state) => state.settings.theme);
  return resolveTheme(preference, usePrefersDark());
}
