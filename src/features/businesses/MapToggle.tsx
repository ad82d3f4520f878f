import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { businessesActions, type MapLayerSource } from './businessesSlice';

/** Shows a set of establishments on the map, or hides it (aria-pressed); busy while they load. */
export function MapToggle({
  layerKey,
  label,
  source,
  text = 'Carte',
  needsEngine = true,
}: {
  layerKey: string;
  label: string;
  source: () => MapLayerSource;
  text?: string;
  /** A query of the zone's establishments waits for DuckDB; a given list does not. */
  needsEngine?: boolean;
}) {
  const dispatch = useAppDispatch();
  const shown = useAppSelector((state) => Boolean(state.businesses.mapLayers[layerKey]));
  const pending = useAppSelector((state) => state.businesses.pendingLayers.includes(layerKey));
  const engineReady = useAppSelector((state) => state.businesses.engine.status === 'loaded');
  return (
    <button
      type="button"
      className={`button biz-map-toggle${shown ? ' button--primary' : ''}`}
      aria-pressed={shown}
      aria-busy={pending}
      disabled={pending || (needsEngine && !engineReady && !shown)}
      title={engineReady || !needsEngine ? undefined : 'Chargement des établissements de la zone…'}
      aria-label={`${shown ? 'Masquer' : 'Afficher'} ${label} sur la carte`}
      onClick={() => dispatch(businessesActions.mapLayerToggled({ key: layerKey, label, source: source() }))}
    >
      {pending ? '…' : text}
    </button>
  );
}
