import { Suspense } from 'react';
import type { PanelPlacement } from '../layout/panelStackLayout';
import { CloseIcon, CollapseIcon, ExpandIcon } from '../../ui/icons';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { PanelErrorScreen } from '../errors/ErrorScreens';
import { useAppDispatch, useAppSelector } from '../hooks';
import { layoutActions, RIGHT_PANEL_WIDTH } from '../layout/layoutSlice';
import type { PanelId } from '../layout/panelIds';
import { PanelResizeHandle } from './PanelResizeHandle';
import { PANELS } from './panelRegistry';

/** The id of a panel's title (focused when the panel opens or comes to the front). */
export const panelTitleId = (id: PanelId) => `panel-title-${id}`;

/**
 * One right panel: header with title, expand/collapse (600 ↔ 1000 px) and close, then its content under
 * its own error boundary ('Erreur des panneaux'). With a `placement` (from the panel stack) it is
 * positioned absolutely, with a resize handle on its left edge; a stacked panel is inert (only its
 * strip, drawn by the stack, is reachable).
 */
export function PanelFrame({ id, placement }: { id: PanelId; placement?: PanelPlacement<PanelId> }) {
  const dispatch = useAppDispatch();
  const expanded = useAppSelector((state) => state.layout.expandedPanels.includes(id));
  const width = useAppSelector((state) => state.layout.rightPanelWidth);
  const panel = PANELS[id];
  const Content = panel.component;
  const titleId = panelTitleId(id);
  const stacked = placement?.stacked === true;
  return (
    <section
      className={`panel-frame${stacked ? ' panel-frame--stacked' : ''}${placement ? ' panel-frame--placed' : ''}`}
      aria-labelledby={titleId}
      data-panel={id}
      data-stacked={stacked || undefined}
      inert={stacked}
      style={
        placement
          ? {
              position: 'absolute',
              top: 0,
              bottom: 0,
              right: placement.right,
              width: placement.width,
              zIndex: placement.zIndex * 2,
            }
          : { width: expanded ? RIGHT_PANEL_WIDTH.expanded : width }
      }
    >
      {placement && !stacked && !expanded ? <PanelResizeHandle title={panel.title} width={width} /> : null}
      <header className="panel-frame__header">
        <h2 id={titleId} className="panel-frame__title" tabIndex={-1}>
          {panel.title}
        </h2>
        <button
          type="button"
          className="icon-button"
          aria-label={expanded ? `Réduire le panneau ${panel.title}` : `Agrandir le panneau ${panel.title}`}
          aria-pressed={expanded}
          title={expanded ? 'Réduire' : 'Agrandir'}
          onClick={() => dispatch(layoutActions.panelExpansionToggled(id))}
        >
          {expanded ? <CollapseIcon /> : <ExpandIcon />}
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={`Fermer le panneau ${panel.title}`}
          title="Fermer"
          onClick={() => dispatch(layoutActions.panelClosed(id))}
        >
          <CloseIcon />
        </button>
      </header>
      <div className="panel-frame__body">
        <ErrorBoundary
          name={`panneau ${id}`}
          resetKey={id}
          fallback={(error, reset) => <PanelErrorScreen error={error} onRetry={reset} />}
        >
          <Suspense
            fallback={
              <p className="panel-frame__loading" role="status">
                Chargement…
              </p>
            }
          >
            <Content />
          </Suspense>
        </ErrorBoundary>
      </div>
    </section>
  );
}
