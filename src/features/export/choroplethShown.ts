import type { ChoroplethShown } from '../../../kernel/export/specialExports';
import { INDICATOR_LEVELS, indicatorById, PALETTES } from '../visualizations/indicators';
import { legendClasses } from '../visualizations/legendClasses';
import type { ChoroplethSettings } from '../visualizations/visualizationsSlice';

/** The choropleth the map shows, as its legend draws it (indicator, level, classes and colours); null when none. */
export function choroplethShown(applied: ChoroplethSettings | null): ChoroplethShown | null {
  if (!applied) return null;
  const indicator = indicatorById(applied.indicator);
  return {
    indicator: indicator.label,
    unit: indicator.unit,
    level: INDICATOR_LEVELS.find((level) => level.id === applied.level)?.label ?? applied.level,
    source: indicator.source,
    opacity: applied.opacity,
    classes: legendClasses(indicator.breaks[applied.level], PALETTES[applied.palette], {
      percent: indicator.percent,
    }),
  };
}
