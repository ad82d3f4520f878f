import { isPanelId, type PanelId } from './panelIds';
import { initialLayoutState, LEFT_PANEL_WIDTH, RIGHT_PANEL_WIDTH, type LayoutState } from './layoutSlice';

/** The layout is persisted in localStorage under this key. */
export const LAYOUT_STORAGE_KEY = 'panel-layout-store';

const clamp = (value: unknown, min: number, max: number, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;

const panelList = (value: unknown): PanelId[] => (Array.isArray(value) ? value.filter(isPanelId) : []);
const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** Reads the persisted layout, ignoring anything malformed (a corrupt entry gives the defaults). */
export function loadLayout(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): LayoutState {
  try {
    const raw = storage?.getItem(LAYOUT_STORAGE_KEY);
    if (!raw) return initialLayoutState;
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    const state = (parsed.state ?? parsed) as Record<string, unknown>;
    const activePanels = panelList(state.activePanels);
    const selectedZones = stringList(state.selectedZones);
    return {
      ...initialLayoutState,
      leftPanelOpen: state.leftPanelOpen === true,
      activePanels,
      expandedPanels: panelList(state.expandedPanels).filter((panel) => activePanels.includes(panel)),
      comparisonMode: state.comparisonMode === true,
      selectedZones,
      activeZoneId:
        typeof state.activeZoneId === 'string' && selectedZones.includes(state.activeZoneId)
          ? state.activeZoneId
          : (selectedZones[0] ?? null),
      leftPanelWidth: clamp(state.leftPanelWidth, LEFT_PANEL_WIDTH.min, LEFT_PANEL_WIDTH.max, LEFT_PANEL_WIDTH.default),
      rightPanelWidth: clamp(
        state.rightPanelWidth,
        RIGHT_PANEL_WIDTH.min,
        RIGHT_PANEL_WIDTH.max,
        RIGHT_PANEL_WIDTH.default,
      ),
    };
  } catch {
    return initialLayoutState;
  }
}

/** Writes the layout (only the persisted fields of and the expanded panels). */
export function saveLayout(
  state: LayoutState,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(
      LAYOUT_STORAGE_KEY,
      JSON.stringify({
        state: {
          leftPanelOpen: state.leftPanelOpen,
          activePanels: state.activePanels,
          expandedPanels: state.expandedPanels,
          comparisonMode: state.comparisonMode,
          selectedZones: state.selectedZones,
          activeZoneId: state.activeZoneId,
          leftPanelWidth: state.leftPanelWidth,
          rightPanelWidth: state.rightPanelWidth,
        },
        version: 1,
      }),
    );
  } catch {
    // storage full or disabled: the layout simply is not remembered
  }
}
