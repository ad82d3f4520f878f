/**
 * How a quick-bench figure is judged. Absolute times of this shared 2-core machine swing several-fold
 * with its load, so a figure is always a ratio measured in the same run: either of two ways of doing the
 * same work (ours against pgRouting, our tile encoder against ST_AsMVT, DuckDB against plain JavaScript),
 * or of a piece of our work against a fixed CPU workload timed between its samples (calibrated figure).
 * A figure fails only when it is worse than its committed baseline by more than the margin.
 */
export interface QuickFigure {
  id: string;
  label: string;
  /** The measured ratio. */
  value: number;
  /** Whether a larger value is better (a speed-up) or worse (a cost in calibration units). */
  better: 'higher' | 'lower';
}

export interface QuickBaseline {
  /** Allowed factor between the baseline and a run before it counts as a gross regression. */
  margin: number;
  figures: Record<string, number>;
}

export interface QuickVerdict extends QuickFigure {
  baseline: number | undefined;
  /** The value the figure may not pass. */
  limit: number | undefined;
  passed: boolean;
}

export function judgeFigures(figures: readonly QuickFigure[], baseline: QuickBaseline): QuickVerdict[] {
  return figures.map((figure) => {
    const reference = baseline.figures[figure.id];
    if (reference === undefined || !Number.isFinite(figure.value)) {
      return { ...figure, baseline: reference, limit: undefined, passed: Number.isFinite(figure.value) };
    }
    const limit = figure.better === 'higher' ? reference / baseline.margin : reference * baseline.margin;
    const passed = figure.better === 'higher' ? figure.value >= limit : figure.value <= limit;
    return { ...figure, baseline: reference, limit, passed };
  });
}
