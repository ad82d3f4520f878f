import { useAppDispatch, useAppSelector } from '../hooks';
import { layoutActions } from '../layout/layoutSlice';
import { PanelFrame } from './PanelFrame';

/** The open right panels, side by side from the right edge, with a "close all" action. */
export function RightPanelStack() {
  const dispatch = useAppDispatch();
  const activePanels = useAppSelector((state) => state.layout.activePanels);
  if (activePanels.length === 0) return null;
  return (
    <div className="right-panels" aria-label="Panneaux d’analyse">
      {activePanels.length > 1 ? (
        <button
          type="button"
          className="right-panels__close-all"
          onClick={() => dispatch(layoutActions.allPanelsClosed())}
        >
          Fermer tous les panneaux
        </button>
      ) : null}
      {activePanels.map((id) => (
        <PanelFrame key={id} id={id} />
      ))}
    </div>
  );
}
