/** A commune code: five digits, or 2A/2B + three digits in Corsica. */
export const COMMUNE_CODE_PATTERN = /^(\d{5}|2[AB]\d{3})$/;

/** A normalised IRIS code: the commune code followed by four digits (`751010101`). */
export const IRIS_CODE_PATTERN = /^(\d{5}|2[AB]\d{3})\d{4}$/;

/** A département code: 01–95 (2A and 2B instead of 20), or 971–976 overseas. */
export const DEPARTEMENT_CODE_PATTERN = /^(0[1-9]|1\d|2[1-9AB]|[3-8]\d|9[0-5]|97[1-6])$/;

/**
 * The 9-character IRIS code of an INSEE or IGN code: strips the underscore form (`75101_0101` →
 * `751010101`) and completes the code of a commune not divided into IRIS (`01001` → `010010000`,
 * INSEE's convention). Returns `undefined` when the text is not an IRIS or commune code.
 */
export function normaliseIrisCode(text: string): string | undefined {
  const trimmed = text.trim().toUpperCase();
  const code = trimmed.length === 10 && trimmed[5] === '_' ? trimmed.slice(0, 5) + trimmed.slice(6) : trimmed;
  if (IRIS_CODE_PATTERN.test(code)) return code;
  if (COMMUNE_CODE_PATTERN.test(code)) return `${code}0000`;
  return undefined;
}

/** The département of a commune or IRIS code (`75111` → `75`, `97411…` → `974`). */
export function departementOfCode(code: string): string {
  return code.startsWith('97') ? code.slice(0, 3) : code.slice(0, 2);
}
