import { formatNumber } from '../format/formatFrench';

/**
 * Which outline an administrative zone is drawn and analysed with, from its boundary properties:
 * "Contour : union des IRIS (IGN Contours IRIS, édition ≈ 2016)" or "Contour : IGN Admin Express 2018 (simplifié)".
 */
export function outlineLabel(properties: Record<string, unknown>): string | undefined {
  const vintage = typeof properties.outline_vintage === 'string' ? properties.outline_vintage : undefined;
  if (properties.outline_source === 'iris') {
    return `Contour : union des IRIS (IGN Contours IRIS${vintage ? `, édition ≈ ${vintage}` : ''})`;
  }
  if (properties.outline_source === 'admin-express') {
    return `Contour : IGN Admin Express${vintage ? ` ${vintage}` : ''} (simplifié)`;
  }
  return undefined;
}

/** "2 103 778 habitants (population légale 2023, INSEE)": a commune's legal population with its millésime. */
export function legalPopulationLabel(properties: Record<string, unknown>): string | undefined {
  const population = typeof properties.population === 'number' ? properties.population : undefined;
  if (population === undefined) return undefined;
  const vintage = typeof properties.population_vintage === 'number' ? properties.population_vintage : undefined;
  return `${formatNumber(population)} habitants (population légale${vintage ? ` ${vintage}` : ''}, INSEE)`;
}
