/** Stacked panels show a 24 px strip each. */
export const PANEL_STACK_OFFSET = 24;
/** Width kept for the panel rail (the compact panel switcher at the stack's left edge). */
export const PANEL_RAIL_WIDTH = 56;
/** Map left visible beside the panels, rail included, before further panels are stacked. */
export const PANEL_STACK_RESERVED_LEFT = 160;

export interface PanelStackInput<Id extends string = string> {
  id: Id;
  /** Wanted width in px (600, or 1000 when expanded). */
  width: number;
}

export interface PanelPlacement<Id extends string = string> {
  id: Id;
  width: number;
  /** Distance from the viewport's right edge to the panel's right edge, px. */
  right: number;
  /** Only a 24 px strip shows (the panel lies behind the panel on its right). */
  stacked: boolean;
  /** Larger is in front. */
  zIndex: number;
}

export interface PanelStackLayout<Id extends string = string> {
  /** In the input (opening) order. */
  placements: PanelPlacement<Id>[];
  /** Width covered by the panels and their strips, from the right edge, px. */
  occupiedWidth: number;
}

/**
 * Where the open right panels go.
 *
 * Panels are given in opening order; the last one is the front panel and sits against the right edge.
 * Going backwards, each panel sits side by side to the left of the previous one, fully visible, while
 * the panels shown so far plus this one leave at least `reservedLeft` px of the viewport (map + rail).
 * From the first panel that does not fit, that panel and all older ones are stacked: each lies behind
 * the leftmost visible panel, shifted 24 px further left than the one before, so a 24 px strip of each
 * stays visible (and clickable to bring it to the front).
 *
 * On a 1440 px screen: two 600 px panels side by side (1200 px, 240 px of map left) and a third as a
 * 24 px strip; with the front panel expanded to 1000 px, every other panel is a strip.
 */
export function layoutPanelStack<Id extends string>(
  panels: readonly PanelStackInput<Id>[],
  viewportWidth: number,
  { offset = PANEL_STACK_OFFSET, reservedLeft = PANEL_STACK_RESERVED_LEFT, railWidth = PANEL_RAIL_WIDTH } = {},
): PanelStackLayout<Id> {
  const placements: PanelPlacement<Id>[] = [];
  let visibleWidth = 0;
  let stackedCount = 0;
  for (let index = panels.length - 1; index >= 0; index -= 1) {
    const panel = panels[index];
    if (!panel) continue;
    const zIndex = index + 1;
    if (index === panels.length - 1) {
      const width = Math.max(0, Math.min(panel.width, viewportWidth - railWidth));
      placements.push({ id: panel.id, width, right: 0, stacked: false, zIndex });
      visibleWidth = width;
    } else if (stackedCount === 0 && visibleWidth + panel.width <= viewportWidth - reservedLeft) {
      placements.push({ id: panel.id, width: panel.width, right: visibleWidth, stacked: false, zIndex });
      visibleWidth += panel.width;
    } else {
      stackedCount += 1;
      placements.push({
        id: panel.id,
        width: panel.width,
        right: visibleWidth + offset * stackedCount - panel.width,
        stacked: true,
        zIndex,
      });
    }
  }
  placements.reverse();
  return { placements, occupiedWidth: visibleWidth + offset * stackedCount };
}
