/**
 * Sirene headcount bands (`trancheEffectifsEtablissement`, INSEE codes) with their French labels, and
 * the size class each falls in (TPE < 10 employees, PME < 250, ETI < 5,000, GE above; `NN` — no employee
 * on record — and an unknown band are « Inconnu »).
 */
export const EMPLOYEE_BANDS = [
  { code: '00', label: '0', sizeClass: 'tpe' },
  { code: '01', label: '1 ou 2', sizeClass: 'tpe' },
  { code: '02', label: '3 à 5', sizeClass: 'tpe' },
  { code: '03', label: '6 à 9', sizeClass: 'tpe' },
  { code: '11', label: '10 à 19', sizeClass: 'pme' },
  { code: '12', label: '20 à 49', sizeClass: 'pme' },
  { code: '21', label: '50 à 99', sizeClass: 'pme' },
  { code: '22', label: '100 à 199', sizeClass: 'pme' },
  { code: '31', label: '200 à 249', sizeClass: 'pme' },
  { code: '32', label: '250 à 499', sizeClass: 'eti' },
  { code: '41', label: '500 à 999', sizeClass: 'eti' },
  { code: '42', label: '1000 à 1999', sizeClass: 'eti' },
  { code: '51', label: '2000 à 4999', sizeClass: 'eti' },
  { code: '52', label: '5000 à 9999', sizeClass: 'ge' },
  { code: '53', label: '10000 et plus', sizeClass: 'ge' },
] as const;

export type EmployeeBandCode = (typeof EMPLOYEE_BANDS)[number]['code'];
export const SIZE_CLASSES = ['tpe', 'pme', 'eti', 'ge', 'inconnu'] as const;
export type SizeClass = (typeof SIZE_CLASSES)[number];

export const SIZE_CLASS_LABELS: Readonly<Record<SizeClass, string>> = {
  tpe: 'TPE',
  pme: 'PME',
  eti: 'ETI',
  ge: 'GE',
  inconnu: 'Inconnu',
};

const BY_CODE = new Map<string, (typeof EMPLOYEE_BANDS)[number]>(EMPLOYEE_BANDS.map((band) => [band.code, band]));

/** « 10 à 19 » for `11`; « Non renseigné » for NN, null or an unknown code. */
export function employeeBandLabel(code: string | null | undefined): string {
  return (code && BY_CODE.get(code)?.label) || 'Non renseigné';
}

export function sizeClassOf(code: string | null | undefined): SizeClass {
  return (code && BY_CODE.get(code)?.sizeClass) || 'inconnu';
}

/** Sort key of a band (its order in the INSEE list), unknown last. */
export function employeeBandOrder(code: string | null | undefined): number {
  const index = EMPLOYEE_BANDS.findIndex((band) => band.code === code);
  return index < 0 ? EMPLOYEE_BANDS.length : index;
}
