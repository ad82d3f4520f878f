import type { InseeIrisBase } from './inseeIrisBases';

/** The two last digits INSEE puts in its column names for a vintage (2017 → '17'). */
export const vintageDigits = (vintage: number) => String(vintage % 100).padStart(2, '0');

/**
 * INSEE's name of a census column for a vintage: `census('P', 'POP1564', 2017)` → `P17_POP1564`
 * (P = exploitation principale, C = exploitation complémentaire).
 */
export const censusColumn = (prefix: 'P' | 'C', name: string, vintage: number) =>
  `${prefix}${vintageDigits(vintage)}_${name}`;

/** INSEE's name of a Filosofi column: `filosofiColumn('DISP', 'MED', 2017)` → `DISP_MED17`. */
export const filosofiColumn = (kind: 'DISP' | 'DEC', name: string, vintage: number) =>
  `${kind}_${name}${vintageDigits(vintage)}`;

/** How a figure is labelled with its source and vintage (spec: "RP 2017", "Filosofi 2015"). */
export function vintageLabel(base: InseeIrisBase, vintage: number): string {
  return base.startsWith('filosofi') ? `Filosofi ${vintage}` : `RP ${vintage}`;
}

/** Age bands of the census (evol-struct-pop) with their midpoints in years. */
export const AGE_BANDS = [
  { column: 'POP0002', label: '0-2 ans', midpoint: 1, from: 0 },
  { column: 'POP0305', label: '3-5 ans', midpoint: 4, from: 3 },
  { column: 'POP0610', label: '6-10 ans', midpoint: 8, from: 6 },
  { column: 'POP1117', label: '11-17 ans', midpoint: 14, from: 11 },
  { column: 'POP1824', label: '18-24 ans', midpoint: 21, from: 18 },
  { column: 'POP2539', label: '25-39 ans', midpoint: 32, from: 25 },
  { column: 'POP4054', label: '40-54 ans', midpoint: 47, from: 40 },
  { column: 'POP5564', label: '55-64 ans', midpoint: 59.5, from: 55 },
  { column: 'POP6579', label: '65-79 ans', midpoint: 72, from: 65 },
  { column: 'POP80P', label: '80 ans ou plus', midpoint: 85, from: 80 },
] as const;

/** Census pyramid bands by sex (evol-struct-pop: P_H0014, P_F0014…). */
export const PYRAMID_BANDS = [
  { suffix: '0014', label: '0-14 ans' },
  { suffix: '1529', label: '15-29 ans' },
  { suffix: '3044', label: '30-44 ans' },
  { suffix: '4559', label: '45-59 ans' },
  { suffix: '6074', label: '60-74 ans' },
  { suffix: '75P', label: '75 ans ou plus' },
] as const;

/** PCS groups 1–6 of the active population (C_ACT1564_CS1…CS6). */
export const SOCIO_PROFESSIONAL_GROUPS = [
  { code: 'CS1', label: 'Agriculteurs exploitants' },
  { code: 'CS2', label: 'Artisans, commerçants, chefs d’entreprise' },
  { code: 'CS3', label: 'Cadres et professions intellectuelles supérieures' },
  { code: 'CS4', label: 'Professions intermédiaires' },
  { code: 'CS5', label: 'Employés' },
  { code: 'CS6', label: 'Ouvriers' },
] as const;

/**
 * Highest diploma of the population aged 15+ out of school (diplomes-formation). INSEE changed the
 * levels in RP 2017 (BEPC and the three higher-education levels); both series are listed, only the
 * columns present in the vintage are used.
 */
export const DIPLOMA_LEVELS = [
  { column: 'NSCOL15P_DIPLMIN', label: 'Aucun diplôme ou CEP' },
  { column: 'NSCOL15P_BEPC', label: 'BEPC, brevet des collèges' },
  { column: 'NSCOL15P_CAPBEP', label: 'CAP, BEP' },
  { column: 'NSCOL15P_BAC', label: 'Baccalauréat' },
  { column: 'NSCOL15P_SUP', label: 'Enseignement supérieur' },
  { column: 'NSCOL15P_SUP2', label: 'Bac+2' },
  { column: 'NSCOL15P_SUP34', label: 'Bac+3 ou bac+4' },
  { column: 'NSCOL15P_SUP5', label: 'Bac+5 ou plus' },
] as const;

/** School-age bands of diplomes-formation (population and schooled population). */
export const SCHOOLING_BANDS = [
  { suffix: '0205', label: '2-5 ans' },
  { suffix: '0610', label: '6-10 ans' },
  { suffix: '1114', label: '11-14 ans' },
  { suffix: '1517', label: '15-17 ans' },
  { suffix: '1824', label: '18-24 ans' },
  { suffix: '2529', label: '25-29 ans' },
  { suffix: '30P', label: '30 ans ou plus' },
] as const;

/** Modes of commuting of employed residents (C_ACTOCC15P_*). */
export const COMMUTING_MODES = [
  { suffix: 'PAS', label: 'Pas de transport' },
  { suffix: 'MAR', label: 'Marche à pied' },
  { suffix: 'VELO', label: 'Vélo' },
  { suffix: '2ROUESMOT', label: 'Deux-roues motorisé' },
  { suffix: 'DROU', label: 'Deux-roues' },
  { suffix: 'VOIT', label: 'Voiture, camion' },
  { suffix: 'TCOM', label: 'Transports en commun' },
] as const;
