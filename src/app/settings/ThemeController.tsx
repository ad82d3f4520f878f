import { useLayoutEffect } from 'react';
import { useResolvedTheme } from './useResolvedTheme';

/** Applies the resolved theme to the whole document (`<html data-theme>`); renders nothing. */
export function ThemeController() {
  const theme = useResolvedTheme();
  useLayoutEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  return null;
}
