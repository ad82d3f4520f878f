import { useSyncExternalStore } from 'react';
import { layoutPanelStack, type PanelStackLayout } from './panelStackLayout';
import { useAppSelector } from '../hooks';
import { RIGHT_PANEL_WIDTH } from './layoutSlice';
import type { PanelId } from './panelIds';

function subscribeToResize(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** The window's inner width, followed live. */
export function useViewportWidth(): number {
  return useSyncExternalStore(
    subscribeToResize,
    () => window.innerWidth,
    () => 1440,
  );
}

/** Where each open right panel goes (see {@link layoutPanelStack}) for the current window width. */
export function usePanelStackLayout(): PanelStackLayout<PanelId> {
  const { activePanels, expandedPanels, rightPanelWidth } = useAppSelector((state) => state.layout);
  const viewportWidth = useViewportWidth();
  return layoutPanelStack(
    activePanels.map((id) => ({
      id,
      width: expandedPanels.includes(id) ? RIGHT_PANEL_WIDTH.expanded : rightPanelWidth,
    })),
    viewportWidth,
  );
}
