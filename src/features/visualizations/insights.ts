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
  /** Areas without a value (shown hatched, never counted as zero). */
  missingCount: number;
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
    missingCount: unique.size - known.length,
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

/** How to write the values of the applied indicator (unit, percentages). */
export interface InsightFormat {
  label: string;
  unit: string;
  percent?: boolean;
}

function formatValue(value: number, format: InsightFormat): string {
  const number = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: format.percent ? 1 : 0 });
  return format.percent ? `${number.format(value * 100)} %` : `${number.format(value)} ${format.unit}`;
}

/**
 * The insights as French sentences, each one stating the figures it comes from (names and values of
 * the areas in view), so the reader sees they are derived from the data and not canned text.
 */
export function describeInsights(insights: AreaInsights, format: InsightFormat, areaWord = 'zones'): string[] {
  if (insights.knownCount === 0)
    return [`Aucune des ${insights.areaCount} ${areaWord} visibles n’a de valeur pour « ${format.label} ».`];
  const sentences: string[] = [];
  const list = (areas: AreaValue[]) =>
    areas.map((area) => `${area.name} (${formatValue(area.value as number, format)})`).join(', ');
  sentences.push(`Valeurs les plus élevées : ${list(insights.highest)}.`);
  sentences.push(`Valeurs les plus basses : ${list(insights.lowest)}.`);
  if (insights.spread !== null) {
    const ratio =
      insights.ratio !== null && insights.ratio >= 1.05
        ? ` ; la plus élevée vaut ${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(insights.ratio)} fois la plus basse`
        : '';
    sentences.push(`Écart entre la plus haute et la plus basse : ${formatValue(insights.spread, format)}${ratio}.`);
  }
  if (insights.median !== null)
    sentences.push(
      `Médiane ${formatValue(insights.median, format)} sur ${insights.knownCount} ${areaWord} avec une valeur` +
        (insights.missingCount > 0 ? ` (${insights.missingCount} sans donnée).` : '.'),
    );
  return sentences;
}
