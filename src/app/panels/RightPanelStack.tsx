import { useEffect, useRef } from 'react';
import type { PanelStackLayout } from '../layout/panelStackLayout';
import { PANEL_STACK_OFFSET } from '../layout/panelStackLayout';
import { CloseAllIcon } from '../../ui/icons';
import { useAppDispatch, useAppSelector } from '../hooks';
import { layoutActions } from '../layout/layoutSlice';
import { TOOLBAR_PANEL_IDS, type PanelId } from '../layout/panelIds';
import { usePanelStackLayout } from '../layout/usePanelStackLayout';
import { PanelFrame, panelTitleId } from './PanelFrame';
import { PANELS } from './panelRegistry';

/** Moves focus to what a keyboard user expects after panels open, come forward or close. */
function usePanelFocus(activePanels: readonly PanelId[]) {
  const previous = useRef<readonly PanelId[] | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = activePanels;
    if (before === null) return; // panels restored at start-up: leave the focus alone
    const front = activePanels[activePanels.length - 1];
    if (front && front !== before[before.length - 1]) {
      document.getElementById(panelTitleId(front))?.focus();
      return;
    }
    const closed = before.find((id) => !activePanels.includes(id));
    if (!closed) return;
    if (front) document.getElementById(panelTitleId(front))?.focus();
    else document.querySelector<HTMLElement>(`[data-panel-button="${closed}"]`)?.focus();
  }, [activePanels]);
}

/**
 * The open right panels: side by side from the right edge, older ones stacked with a 24 px
 * offset when the window is too narrow (see `core/layout/panelStackLayout.ts`), each closable and
 * expandable. A stacked panel shows a strip that brings it to the front. The panel rail at the stack's
 * left edge opens the toolbar panels while the left toolbar is hidden, and closes them all.
 */
export function RightPanelStack({ layout: givenLayout }: { layout?: PanelStackLayout<PanelId> }) {
  const dispatch = useAppDispatch();
  const activePanels = useAppSelector((state) => state.layout.activePanels);
  const computedLayout = usePanelStackLayout();
  const layout = givenLayout ?? computedLayout;
  usePanelFocus(activePanels);
  if (activePanels.length === 0) return null;
  return (
    <div className="right-panels">
      <nav className="panel-rail" aria-label="Panneaux" style={{ right: layout.occupiedWidth + 8 }}>
        <ul className="panel-rail__list">
          {TOOLBAR_PANEL_IDS.map((id) => {
            const open = activePanels.includes(id);
            return (
              <li key={id}>
                <button
                  type="button"
                  className="icon-button panel-rail__button"
                  aria-label={PANELS[id].label}
                  aria-pressed={open}
                  title={open ? `${PANELS[id].label} (ouvert)` : PANELS[id].label}
                  data-rail-button={id}
                  onClick={() => dispatch(layoutActions.panelToggled(id))}
                >
                  {PANELS[id].icon}
                </button>
              </li>
            );
          })}
        </ul>
        <button
          type="button"
          className="icon-button panel-rail__button panel-rail__close-all"
          aria-label="Fermer tous les panneaux"
          title="Fermer tous les panneaux"
          onClick={() => dispatch(layoutActions.allPanelsClosed())}
        >
          <CloseAllIcon />
        </button>
      </nav>
      {layout.placements.map((placement) => (
        <PanelFrame key={placement.id} id={placement.id} placement={placement} />
      ))}
      {layout.placements
        .filter((placement) => placement.stacked)
        .map((placement) => (
          <button
            key={`strip-${placement.id}`}
            type="button"
            className="panel-strip"
            style={{
              right: placement.right + placement.width - PANEL_STACK_OFFSET,
              width: PANEL_STACK_OFFSET,
              zIndex: placement.zIndex * 2 + 1,
            }}
            aria-label={`Afficher le panneau ${PANELS[placement.id].title}`}
            title={PANELS[placement.id].title}
            onClick={() => dispatch(layoutActions.panelBroughtToFront(placement.id))}
          >
            <span className="panel-strip__label" aria-hidden="true">
              {PANELS[placement.id].title}
            </span>
          </button>
        ))}
    </div>
  );
}
