import { z } from 'zod';

/**
 * The special entries of the export catalogue: what the map shows when the export is made, captured by the
 * browser (the only side that sees it) and written into the PDF and the workbook. They are chosen in the
 * same tree as the metrics, under 'Spéciales', and sent among `metric_ids`.
 */
export const SPECIAL_EXPORTS = [
  {
    id: 'special.map_view',
    label: 'Vue actuelle de la carte (image PNG)',
    hint: 'PDF et Excel',
  },
  {
    id: 'special.choropleth',
    label: 'Choroplèthe affichée (indicateur, classes et couleurs)',
    hint: 'PDF et Excel',
  },
] as const;
export type SpecialExportId = (typeof SPECIAL_EXPORTS)[number]['id'];
export const SPECIAL_CATEGORY = { id: 'special', label: 'Spéciales' } as const;

const SPECIAL_IDS: ReadonlySet<string> = new Set(SPECIAL_EXPORTS.map((entry) => entry.id));
export const isSpecialExportId = (id: string): id is SpecialExportId => SPECIAL_IDS.has(id);

/** Largest map image accepted (its data URL, ≈ 3 MB of PNG). */
export const MAX_MAP_IMAGE_CHARACTERS = 4_000_000;

/** The map as displayed: a PNG of its canvas, its bounds and zoom. */
export const mapViewSchema = z.object({
  image: z
    .string()
    .max(MAX_MAP_IMAGE_CHARACTERS, 'image de la carte trop volumineuse')
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, 'image PNG attendue (data:image/png;base64,…)'),
  width: z.number().int().min(1).max(8192),
  height: z.number().int().min(1).max(8192),
  bounds: z.object({
    west: z.number().min(-180).max(180),
    south: z.number().min(-90).max(90),
    east: z.number().min(-180).max(180),
    north: z.number().min(-90).max(90),
  }),
  zoom: z.number().min(0).max(24),
});
export type MapView = z.output<typeof mapViewSchema>;

/** The choropleth as shown: its indicator, level, source and the classes with their colours. */
export const choroplethShownSchema = z.object({
  indicator: z.string().trim().min(1).max(120),
  unit: z.string().trim().max(40),
  level: z.string().trim().min(1).max(60),
  source: z.string().trim().max(400),
  /** 0–100, as the panel sets it. */
  opacity: z.number().min(0).max(100),
  classes: z
    .array(
      z.object({
        colour: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'couleur #rrggbb attendue'),
        label: z.string().trim().min(1).max(60),
      }),
    )
    .min(1)
    .max(12),
});
export type ChoroplethShown = z.output<typeof choroplethShownSchema>;

/** What the export carries of the special entries chosen (null: chosen but nothing shown on the map). */
export interface ExportSpecial {
  chosen: SpecialExportId[];
  mapView: MapView | null;
  choropleth: ChoroplethShown | null;
}
