import { useCallback, useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { formatNumber } from '../../../kernel/format/formatFrench';
import { useMapController } from '../../map/MapControllerContext';
import { realEstateActions } from './realEstateSlice';
import { CLUSTERS_SOURCE, clustersToGeojson, realEstateClustersModule } from './realEstateClustersModule';

/** Refresh 500 ms after the map stops moving. */
export const CLUSTER_REFRESH_DELAY_MS = 500;

/** 'Carte interactive': price clusters of DVF sales in the map view. */
export function ClusterMapTab() {
  const controller = useMapController();
  const dispatch = useAppDispatch();
  const [visible, setVisible] = useState(false);
  const state = useAppSelector((root) => root.realEstate.clusters);

  const refresh = useCallback(() => {
    if (controller) dispatch(realEstateActions.clustersRequested(controller.view()));
  }, [controller, dispatch]);

  useEffect(() => {
    if (!controller || !visible) return undefined;
    controller.addModule(realEstateClustersModule);
    let timer: ReturnType<typeof setTimeout> | undefined = setTimeout(refresh, 0);
    const stopListening = controller.onMoveEnd(() => {
      clearTimeout(timer);
      timer = setTimeout(refresh, CLUSTER_REFRESH_DELAY_MS);
    });
    return () => {
      clearTimeout(timer);
      stopListening();
      controller.removeModule(realEstateClustersModule.id);
      dispatch(realEstateActions.clustersCleared());
    };
  }, [controller, visible, refresh, dispatch]);

  useEffect(() => {
    if (controller && visible && state.status === 'ready' && state.response) {
      controller.setGeoJson(CLUSTERS_SOURCE, clustersToGeojson(state.response.clusters));
    }
  }, [controller, visible, state.status, state.response]);

  const response = state.status === 'ready' || state.status === 'loading' ? state.response : null;
  return (
    <div className="re-map-tab">
      <div className="re-actions">
        <button type="button" className="button button--primary" aria-pressed={visible} onClick={() => setVisible(!visible)}>
          {visible ? 'Masquer les clusters' : 'Afficher les clusters'}
        </button>
        <button type="button" className="button" onClick={refresh} disabled={!visible || !controller}>
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
          <p>{state.error}</p>
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
