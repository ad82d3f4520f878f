/**
 * PostgreSQL type OIDs whose default parsing differs between `pg` and PGlite; both engines use these
 * parsers so that a repository sees the same JavaScript values on either.
 */
export const TYPE_PARSERS: Record<number, (value: string) => unknown> = {
  20: (value) => Number(value), // int8: counts fit in a double
  1700: (value) => Number(value), // numeric
  1082: (value) => value, // date stays 'YYYY-MM-DD', never shifted by the time zone
};
