/**
 * A MapLibre expression colouring a feature by the class of its `property` (lower bounds `breaks`, one
 * colour per class), and `missingColour` when the feature has no such property (tiles leave unknown
 * values out: a missing indicator is never drawn as zero). Plain JSON, so it is testable without a map.
 */
export function stepColourExpression(
  property: string,
  breaks: readonly number[],
  colours: readonly string[],
  missingColour: string,
): unknown[] {
  if (breaks.length !== colours.length || breaks.length === 0)
    throw new Error('Autant de couleurs que de classes sont attendues');
  const step: unknown[] = ['step', ['to-number', ['get', property]], colours[0]];
  for (let index = 1; index < breaks.length; index += 1) step.push(breaks[index], colours[index]);
  return ['case', ['==', ['typeof', ['get', property]], 'number'], step, missingColour];
}

/** The filter of features without a value of `property` (drawn hatched). */
export function missingValueFilter(property: string): unknown[] {
  return ['!=', ['typeof', ['get', property]], 'number'];
}
