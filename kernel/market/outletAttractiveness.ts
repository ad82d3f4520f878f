/**
 * An outlet's attractiveness in the Huff model: the middle of its Sirene headcount band (staff is the
 * size measure open data gives for every establishment), at least 1; an unknown band counts 1.
 */
const BAND_STAFF: Readonly<Record<string, number>> = {
  '00': 1,
  '01': 1.5,
  '02': 4,
  '03': 7.5,
  '11': 14.5,
  '12': 34.5,
  '21': 74.5,
  '22': 149.5,
  '31': 224.5,
  '32': 374.5,
  '41': 749.5,
  '42': 1_499.5,
  '51': 3_499.5,
  '52': 7_499.5,
  '53': 10_000,
};

export function outletAttractiveness(employeeBand: string | null | undefined): number {
  return (employeeBand && BAND_STAFF[employeeBand]) || 1;
}
