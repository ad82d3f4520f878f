/** A full NAF rév. 2 sous-classe code: '56.10A'. */
const SOUS_CLASSE = /^\d{2}\.\d{2}[A-Z]$/;

const allFull = (prefixes: readonly string[]) => prefixes.every((code) => SOUS_CLASSE.test(code));

/**
 * The SQL condition matching a NAF column against code prefixes (the parameter from {@link nafParameter}):
 * plain equality when every prefix is a full sous-classe — which the NAF index serves, where `LIKE ANY`
 * tests each pattern on every row — else `LIKE ANY` of the prefixes.
 */
export function nafCondition(column: string, parameter: string, prefixes: readonly string[]): string {
  return allFull(prefixes) ? `${column} = ANY(${parameter}::text[])` : `${column} LIKE ANY(${parameter}::text[])`;
}

/** The parameter of {@link nafCondition}: the codes themselves, or their `LIKE` patterns. */
export function nafParameter(prefixes: readonly string[]): string[] {
  return allFull(prefixes) ? [...prefixes] : prefixes.map((code) => `${code}%`);
}
