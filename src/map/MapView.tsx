import { useEffect, useRef, useState } from 'react';
import { useAppDispatch } from '../app/hooks';
import { useResolvedTheme } from '../app/settings/useResolvedTheme';
import { toastShown } from '../app/toasts/toastsSlice';
import { cachedMapStyle } from './basemapStyle';
import { MapController, type MapViewState } from './MapController';
import { useMapController, useSetMapController } from './MapControllerContext';

/** The map must have loaded within this time once its style is applied, else it has failed. */
const MAP_LOAD_TIMEOUT_MS = 45_000;

/** Performance marks read by the map-load benchmark. */
export const MAP_STYLE_APPLIED_MARK = 'zonalyse:map-style-applied';
export const MAP_FIRST_IDLE_MARK = 'zonalyse:map-first-idle';

/** The view of the last map screen of this page load: leaving for the settings and coming back keeps it. */
let lastView: MapViewState | undefined;

/**
 * Mounts the {@link MapController} in a full-size element, shares it through the context and gives it
 * the basemap style of the current theme (again on every theme change; layer modules re-add
 * themselves). A failure before the first load (no WebGL, style unavailable) is thrown to the map's
 * error boundary ('Erreur de chargement de la carte').
 */
export function MapView() {
  const container = useRef<HTMLDivElement>(null);
  const setController = useSetMapController();
  const dispatch = useAppDispatch();
  const theme = useResolvedTheme();
  const controller = useMapController();
  const [failure, setFailure] = useState<Error | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready'>('loading');
  const applied = useRef<{ controller: MapController; theme: string } | null>(null);

  useEffect(() => {
    if (!container.current) return;
    // A failure here (no WebGL) is thrown from the effect, which React hands to the map's error boundary.
    const created = new MapController(container.current, undefined, lastView);
    const timeout = setTimeout(
      () => setFailure(new Error('La carte ne s’est pas chargée (délai dépassé).')),
      MAP_LOAD_TIMEOUT_MS,
    );
    created.map.once('load', () => {
      clearTimeout(timeout);
      setStatus('ready');
    });
    created.map.once('idle', () => performance.mark(MAP_FIRST_IDLE_MARK));
    created.map.on('error', (event) => console.warn('[carte]', event.error?.message ?? event));
    created.map
      .getCanvas()
      .addEventListener('webglcontextlost', () => setFailure(new Error('Le contexte WebGL de la carte a été perdu.')));
    (window as unknown as { __zonalyseMap?: MapController }).__zonalyseMap = created;
    setController(created);
    return () => {
      clearTimeout(timeout);
      setController(null);
      lastView = created.viewState();
      created.destroy();
    };
  }, [setController]);

  useEffect(() => {
    if (!controller || (applied.current?.controller === controller && applied.current.theme === theme)) return;
    let active = true;
    const firstStyle = applied.current?.controller !== controller;
    cachedMapStyle(theme).then(
      (loaded) => {
        if (!active) return;
        applied.current = { controller, theme };
        controller.setStyle(loaded.style);
        performance.mark(MAP_STYLE_APPLIED_MARK);
        container.current?.setAttribute('data-map-theme', theme);
        container.current?.setAttribute('data-style-origin', loaded.origin);
        if (loaded.origin === 'fallback' && firstStyle) {
          dispatch(
            toastShown({
              type: 'warning',
              title: 'Fond de carte indisponible',
              message: 'Le serveur ne fournit pas encore de fond de carte : la carte s’affiche sans contours ni noms.',
            }),
          );
        }
      },
      (error: unknown) => {
        if (!active) return;
        if (firstStyle) setFailure(error instanceof Error ? error : new Error(String(error)));
        else
          dispatch(
            toastShown({
              type: 'error',
              title: 'Le fond de carte n’a pas pu changer de thème',
              message: error instanceof Error ? error.message : String(error),
            }),
          );
      },
    );
    return () => {
      active = false;
    };
  }, [controller, theme, dispatch]);

  if (failure) throw failure;

  return (
    <div className="map-view" data-testid="map" data-map-status={status} aria-busy={status === 'loading'}>
      <div ref={container} className="map-view__canvas" />
      {status === 'loading' ? (
        <p className="map-view__loading" role="status">
          Chargement de la carte…
        </p>
      ) : null}
    </div>
  );
}
