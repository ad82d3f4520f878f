import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { layoutActions } from '../../app/shellActions';
import { formatNumber } from '../../../kernel/format/formatFrench';
import { drawnZone } from './zoneCreation';
import { useMapController } from '../../map/MapControllerContext';
import { EmptyState } from '../../ui/EmptyState';
import { Modal } from '../../ui/Modal';
import { ChooseZoneView } from './ChooseZoneView';
import { CreateZoneView } from './CreateZoneView';
import { centreOnZone, showNewZone } from './zoneFocus';
import { ZoneRow } from './ZoneRow';
import { AdministrativeIcon, IsochroneIcon, PencilIcon } from './zonesIcons';
import { zonesActions } from './zonesSlice';
import './zones.css';

type PerimeterView = 'main' | 'createZone' | 'chooseZone';

/** Main view (actions, selection banner, zone list), zone creation, the tree. */
export default function ZonesPanel() {
  const [view, setView] = useState<PerimeterView>('main');
  if (view === 'createZone') return <CreateZoneView onDone={() => setView('main')} />;
  if (view === 'chooseZone') return <ChooseZoneView onBack={() => setView('main')} />;
  return <MainView onCreate={() => setView('createZone')} onChoose={() => setView('chooseZone')} />;
}

function DrawingControls() {
  const dispatch = useAppDispatch();
  const controller = useMapController();
  const drawing = useAppSelector((state) => state.zones.drawing);
  const zones = useAppSelector((state) => state.zones.zones);
  if (!drawing.active) {
    return (
      <button type="button" className="button button--block" onClick={() => dispatch(zonesActions.drawingStarted())}>
        <PencilIcon /> Dessiner un polygone sur la carte
      </button>
    );
  }
  const count = drawing.points.length;
  return (
    <div className="perimeter__drawing" role="group" aria-label="Dessin d’un polygone">
      <p className="perimeter__hint" aria-live="polite">
        Cliquez sur la carte pour placer les sommets : {count} point{count > 1 ? 's' : ''} placé{count > 1 ? 's' : ''}
        {count < 3 ? ` (encore ${3 - count} pour former le polygone)` : ''}.
      </p>
      <div className="perimeter__row">
        <button
          type="button"
          className="button button--primary"
          disabled={count < 3}
          onClick={() => {
            const zone = drawnZone(zones, drawing.points);
            dispatch(zonesActions.zoneCreateRequested(zone));
            dispatch(zonesActions.drawingEnded());
            showNewZone(controller, zone);
          }}
        >
          Terminer le polygone
        </button>
        <button type="button" className="button" onClick={() => dispatch(zonesActions.drawingEnded())}>
          Annuler le dessin
        </button>
      </div>
    </div>
  );
}

function SyncStatus() {
  const dispatch = useAppDispatch();
  const { syncStatus, syncError } = useAppSelector((state) => state.zones);
  if (syncStatus === 'syncing') {
    return (
      <p className="perimeter__sync" role="status">
        <span className="spinner" aria-hidden="true" /> Synchronisation des zones…
      </p>
    );
  }
  if (syncStatus === 'error') {
    return (
      <p className="perimeter__sync perimeter__sync--error" role="alert">
        {syncError ?? 'Unknown error'}{' '}
        <button type="button" className="link-button" onClick={() => dispatch(zonesActions.zonesRetryRequested())}>
          Réessayer
        </button>
      </p>
    );
  }
  return null;
}

function MainView({ onCreate, onChoose }: { onCreate: () => void; onChoose: () => void }) {
  const dispatch = useAppDispatch();
  const controller = useMapController();
  const zones = useAppSelector((state) => state.zones.zones);
  const hidden = useAppSelector((state) => state.zones.hiddenZoneIds);
  const loaded = useAppSelector((state) => state.zones.loaded);
  const { selectedZones, activeZoneId } = useAppSelector((state) => state.layout);
  const [confirmingClear, setConfirmingClear] = useState(false);
  const selectedCount = selectedZones.filter((id) => zones.some((zone) => zone.id === id)).length;

  return (
    <div className="perimeter">
      <div className="perimeter__cards">
        <button type="button" className="perimeter-card" onClick={onCreate}>
          <span className="perimeter-card__icon" aria-hidden="true">
            <IsochroneIcon />
          </span>
          <span className="perimeter-card__title">Zone isochrone personnalisée</span>
          <span className="perimeter-card__text">Temps ou distance de trajet autour d’une adresse</span>
        </button>
        <button type="button" className="perimeter-card" onClick={onChoose}>
          <span className="perimeter-card__icon" aria-hidden="true">
            <AdministrativeIcon />
          </span>
          <span className="perimeter-card__title">Zone administrative</span>
          <span className="perimeter-card__text">IRIS, commune, département, région</span>
        </button>
      </div>
      <DrawingControls />
      <SyncStatus />
      {selectedCount > 0 ? (
        <div className="perimeter__banner" role="status">
          <span>
            {formatNumber(selectedCount)} zone{selectedCount > 1 ? 's' : ''} sélectionnée{selectedCount > 1 ? 's' : ''}
          </span>
          <button type="button" className="link-button" onClick={() => dispatch(layoutActions.zonesSelectionCleared())}>
            Tout désélectionner
          </button>
        </div>
      ) : null}
      {zones.length === 0 ? (
        loaded ? (
          <EmptyState title="Aucune zone créée" message="Créez une zone pour commencer votre analyse" />
        ) : (
          <p className="perimeter__sync" role="status">
            <span className="spinner" aria-hidden="true" /> Chargement des zones…
          </p>
        )
      ) : (
        <>
          <h3 className="perimeter__heading">Vos zones ({formatNumber(zones.length)})</h3>
          <ul className="zone-list" aria-label="Zones">
            {zones.map((zone) => (
              <ZoneRow
                key={zone.id}
                zone={zone}
                selected={selectedZones.includes(zone.id)}
                active={activeZoneId === zone.id}
                hidden={hidden.includes(zone.id)}
                onToggleSelection={() => dispatch(layoutActions.zoneSelectionToggled(zone.id))}
                onCentre={() => centreOnZone(controller, zone)}
                onToggleVisibility={() => dispatch(zonesActions.zoneVisibilityToggled(zone.id))}
                onDelete={() => dispatch(zonesActions.zoneDeleteRequested(zone.id))}
              />
            ))}
          </ul>
        </>
      )}
      {selectedCount > 0 ? (
        <button type="button" className="button button--danger button--block" onClick={() => setConfirmingClear(true)}>
          Supprimer toutes les zones
        </button>
      ) : null}
      {confirmingClear ? (
        <Modal
          title="Supprimer toutes les zones ?"
          role="alertdialog"
          size="small"
          onClose={() => setConfirmingClear(false)}
          description={`${formatNumber(zones.length)} zone${zones.length > 1 ? 's' : ''} seront supprimées.`}
        >
          <div className="modal__actions">
            <button type="button" className="button" data-autofocus onClick={() => setConfirmingClear(false)}>
              Annuler
            </button>
            <button
              type="button"
              className="button button--danger"
              onClick={() => {
                setConfirmingClear(false);
                dispatch(zonesActions.zonesClearRequested());
              }}
            >
              Tout supprimer
            </button>
          </div>
        </Modal>
      ) : null}
    </div>
  );
}
