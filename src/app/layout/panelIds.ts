/** The seven toolbar panels, in toolbar order. */
export const TOOLBAR_PANEL_IDS = [
  'perimeter',
  'demographics',
  'businesses',
  'real-estate',
  'public_services',
  'visualizations',
  'export',
] as const;

/** The other toggleable map panels. */
export const OTHER_PANEL_IDS = ['search', 'geomarketing', 'iris', 'choropleth'] as const;

export type PanelId = (typeof TOOLBAR_PANEL_IDS)[number] | (typeof OTHER_PANEL_IDS)[number];

export const ALL_PANEL_IDS: readonly PanelId[] = [...TOOLBAR_PANEL_IDS, ...OTHER_PANEL_IDS];

export function isPanelId(value: unknown): value is PanelId {
  return typeof value === 'string' && (ALL_PANEL_IDS as readonly string[]).includes(value);
}
