import { Suspense } from 'react';
import { CloseIcon, CollapseIcon, ExpandIcon } from '../../ui/icons';
import { useAppDispatch, useAppSelector } from '../hooks';
import { layoutActions, RIGHT_PANEL_WIDTH } from '../layout/layoutSlice';
import { PANELS } from './panelRegistry';
import type { PanelId } from '../layout/panelIds';

/** One right panel: header with title, expand/collapse (600 ↔ 1000 px) and close, then its content. */
export function PanelFrame({ id }: { id: PanelId }) {
  const dispatch = useAppDispatch();
  const expanded = useAppSelector((state) => state.layout.expandedPanels.includes(id));
  const width = useAppSelector((state) => state.layout.rightPanelWidth);
  const panel = PANELS[id];
  const Content = panel.component;
  const titleId = `panel-title-${id}`;
  return (
    <section
      className="panel-frame"
      aria-labelledby={titleId}
      data-panel={id}
      style={{ width: expanded ? RIGHT_PANEL_WIDTH.expanded : width }}
    >
      <header className="panel-frame__header">
        <h2 id={titleId} className="panel-frame__title">
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
        <Suspense fallback={<p className="panel-frame__loading">Chargement…</p>}>
          <Content />
        </Suspense>
      </div>
    </section>
  );
}
