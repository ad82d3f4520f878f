import { COMMUNE_CODE_PATTERN, IRIS_CODE_PATTERN } from './territoryCodes';

export { COMMUNE_CODE_PATTERN, DEPARTEMENT_CODE_PATTERN, IRIS_CODE_PATTERN, departementOfCode } from './territoryCodes';

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
