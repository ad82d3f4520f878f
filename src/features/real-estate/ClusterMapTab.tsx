import { useCallback, useEffect, useRef, useState } from 'react';
import { formatNumber } from '../../../kernel/format/formatFrench';
import type { ClustersResponse } from '../../../kernel/real-estate/realEstateSchemas';
import { useMapController } from '../../map/MapControllerContext';
import { realEstateApi } from './realEstateApi';
import { CLUSTERS_SOURCE, clustersToGeojson, realEstateClustersModule } from './realEstateClustersModule';

/** Refresh 500 ms after the map stops moving. */
export const CLUSTER_REFRESH_DELAY_MS = 500;

type ClusterState =
  | { status: 'idle' }
  | { status: 'loading'; previous: ClustersResponse | null }
  | { status: 'ready'; response: ClustersResponse }
  | { status: 'error'; message: string };

/** 'Carte interactive': price clusters of DVF sales in the map view. */
export function ClusterMapTab() {
  const controller = useMapController();
  const [visible, setVisible] = useState(false);
  const [state, setState] = useState<ClusterState>({ status: 'idle' });
  const abort = useRef<AbortController | null>(null);

  const refresh = useCallback(async () => {
    if (!controller) return;
    abort.current?.abort();
    const current = new AbortController();
    abort.current = current;
    const bounds = controller.map.getBounds();
    setState((previous) => ({ status: 'loading', previous: previous.status === 'ready' ? previous.response : null }));
    try {
      const response = await realEstateApi.clusters(
        { north: bounds.getNorth(), south: bounds.getSouth(), east: bounds.getEast(), west: bounds.getWest() },
        controller.map.getZoom(),
        current.signal,
      );
      if (current.signal.aborted) return;
      controller.setGeoJson(CLUSTERS_SOURCE, clustersToGeojson(response.clusters));
      setState({ status: 'ready', response });
    } catch (error) {
      if (current.signal.aborted) return;
      setState({ status: 'error', message: error instanceof Error && error.message ? error.message : 'Failed to fetch map clusters' });
    }
  }, [controller]);

  useEffect(() => {
    if (!controller || !visible) return undefined;
    controller.addModule(realEstateClustersModule);
    let timer: ReturnType<typeof setTimeout> | undefined = setTimeout(() => void refresh(), 0);
    const onMoveEnd = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void refresh(), CLUSTER_REFRESH_DELAY_MS);
    };
    controller.map.on('moveend', onMoveEnd);
    return () => {
      clearTimeout(timer);
      abort.current?.abort();
      controller.map.off('moveend', onMoveEnd);
      controller.removeModule(realEstateClustersModule.id);
    };
  }, [controller, visible, refresh]);

  const response = state.status === 'ready' ? state.response : state.status === 'loading' ? state.previous : null;
  return (
    <div className="re-map-tab">
      <div className="re-actions">
        <button type="button" className="button button--primary" aria-pressed={visible} onClick={() => setVisible(!visible)}>
          {visible ? 'Masquer les clusters' : 'Afficher les clusters'}
        </button>
        <button type="button" className="button" onClick={() => void refresh()} disabled={!visible || !controller}>
          Actualiser
        </button>
      </div>
      {!controller ? <p className="re-muted">Carte en cours de chargement…</p> : null}
      {state.status === 'loading' ? (
        <p className="re-muted" role="status">
          Chargement des clusters...
        </p>
      ) : null}
      {state.status === 'error' ? (
        <div className="re-error" role="alert">
          <strong>Erreur</strong>
          <p>{state.message}</p>
        </div>
      ) : null}
      {visible && response ? (
        <dl className="re-facts" data-testid="cluster-statistics">
          <dt>Clusters</dt>
          <dd data-testid="cluster-count">{formatNumber(response.clusters.length)}</dd>
          <dt>Transactions</dt>
          <dd>{formatNumber(response.total_transactions)}</dd>
          <dt>Niveau de zoom</dt>
          <dd>{formatNumber(response.zoom_level, 1)}</dd>
          <dt>Temps de recherche</dt>
          <dd>{formatNumber(response.search_time_ms)} ms</dd>
        </dl>
      ) : null}
      <div className="re-legend" aria-label="Légende des prix">
        <p className="re-section__title">Prix moyen des ventes</p>
        <ul>
          <li>
            <span className="re-swatch" style={{ background: '#fcc5c0' }} /> &lt; 200 k€
          </li>
          <li>
            <span className="re-swatch" style={{ background: '#f768a1' }} /> 300 – 500 k€
          </li>
          <li>
            <span className="re-swatch" style={{ background: '#7a0177' }} /> &gt; 1 M€
          </li>
          <li>
            <span className="re-swatch re-swatch--house" /> vente isolée
          </li>
        </ul>
        <p className="re-muted">Taille du cercle = nombre de transactions.</p>
      </div>
    </div>
  );
}
