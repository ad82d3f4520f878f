/** One area with its value of the applied indicator (null when unknown). */
export interface AreaValue {
  code: string;
  name: string;
  value: number | null;
}

/** What the visible areas say about the applied indicator, computed from their values only. */
export interface AreaInsights {
  /** Distinct areas visible. */
  areaCount: number;
  /** Areas with a value. */
  knownCount: number;
  highest: AreaValue[];
  lowest: AreaValue[];
  median: number | null;
  mean: number | null;
  /** Highest minus lowest value. */
  spread: number | null;
  /** Highest divided by lowest (when the lowest is above 0). */
  ratio: number | null;
  /** Share of known areas in each class of the legend. */
  classShares: number[];
}

/**
 * Insights over the areas in view: distinct areas (a feature split across tiles counts once), the
 * three highest and lowest values, median, mean, spread and class shares. Pure: runs in a worker.
 */
export function computeInsights(areas: readonly AreaValue[], breaks: readonly number[], top = 3): AreaInsights {
  const unique = new Map<string, AreaValue>();
  for (const area of areas) if (!unique.has(area.code)) unique.set(area.code, area);
  const known = [...unique.values()].filter(
    (area): area is AreaValue & { value: number } => area.value !== null && Number.isFinite(area.value),
  );
  const sorted = [...known].sort((a, b) => a.value - b.value || a.code.localeCompare(b.code));
  const values = sorted.map((area) => area.value);
  const middle = Math.floor(values.length / 2);
  const median =
    values.length === 0
      ? null
      : values.length % 2 === 1
        ? (values[middle] as number)
        : ((values[middle - 1] as number) + (values[middle] as number)) / 2;
  const lowestValue = values[0];
  const highestValue = values[values.length - 1];
  const classShares = breaks.map(() => 0);
  for (const value of values) {
    let index = 0;
    for (let position = 1; position < breaks.length; position += 1)
      if (value >= (breaks[position] as number)) index = position;
    classShares[index] = (classShares[index] ?? 0) + 1;
  }
  return {
    areaCount: unique.size,
    knownCount: known.length,
    highest: [...sorted].reverse().slice(0, top),
    lowest: sorted.slice(0, top),
    median,
    mean: values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length,
    spread: lowestValue === undefined || highestValue === undefined ? null : highestValue - lowestValue,
    ratio:
      lowestValue === undefined || highestValue === undefined || lowestValue <= 0 ? null : highestValue / lowestValue,
    classShares: classShares.map((count) => (values.length === 0 ? 0 : count / values.length)),
  };
}
