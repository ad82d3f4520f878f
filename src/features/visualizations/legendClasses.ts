/** One class of a legend: its colour and the range of values it covers, written in French. */
export interface LegendClass {
  colour: string;
  label: string;
}

/**
 * The classes of a legend from the lower bounds `breaks`: "0 – 1 000", …, "≥ 50 000" (percentages
 * when `percent`), with the unit appended by the caller.
 */
export function legendClasses(
  breaks: readonly number[],
  colours: readonly string[],
  options: { percent?: boolean } = {},
): LegendClass[] {
  const number = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: options.percent ? 1 : 0 });
  const write = (value: number) => (options.percent ? `${number.format(value * 100)} %` : number.format(value));
  return breaks.map((lower, index) => {
    const upper = breaks[index + 1];
    return {
      colour: colours[index] as string,
      label: upper === undefined ? `≥ ${write(lower)}` : `${write(lower)} – ${write(upper)}`,
    };
  });
}
