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

/** The vintage an INSEE column name carries (`P17_POP1564`, `C16_PMEN`, `DISP_MED15` …), null when none. */
export function columnVintage(column: string): number | null {
  const digits = /^[PC](\d{2})_/.exec(column)?.[1] ?? /^(?:DISP|DEC)_\w*?(\d{2})$/.exec(column)?.[1];
  if (digits === undefined) return null;
  const value = Number(digits);
  return value <= 60 ? 2000 + value : 1900 + value;
}

/** How a figure is labelled with its source and vintage (spec: "RP 2017", "Filosofi 2015"). */
export function vintageLabel(base: InseeIrisBase, vintage: number): string {
  return base.startsWith('filosofi') ? `Filosofi ${vintage}` : `RP ${vintage}`;
}

/**
 * One census age band: its INSEE column suffix, its first age and the first age of the next band
 * (`to`, exclusive; `null` for the open last band), and the midpoint used for average and median ages.
 */
export interface AgeBand {
  column: string;
  label: string;
  midpoint: number;
  from: number;
  to: number | null;
}

/** Age bands of the census (full evol-struct-pop) with their midpoints in years. */
export const AGE_BANDS: readonly AgeBand[] = [
  { column: 'POP0002', label: '0-2 ans', midpoint: 1, from: 0, to: 3 },
  { column: 'POP0305', label: '3-5 ans', midpoint: 4, from: 3, to: 6 },
  { column: 'POP0610', label: '6-10 ans', midpoint: 8, from: 6, to: 11 },
  { column: 'POP1117', label: '11-17 ans', midpoint: 14, from: 11, to: 18 },
  { column: 'POP1824', label: '18-24 ans', midpoint: 21, from: 18, to: 25 },
  { column: 'POP2539', label: '25-39 ans', midpoint: 32, from: 25, to: 40 },
  { column: 'POP4054', label: '40-54 ans', midpoint: 47, from: 40, to: 55 },
  { column: 'POP5564', label: '55-64 ans', midpoint: 59.5, from: 55, to: 65 },
  { column: 'POP6579', label: '65-79 ans', midpoint: 72, from: 65, to: 80 },
  { column: 'POP80P', label: '80 ans ou plus', midpoint: 85, from: 80, to: null },
];

/**
 * The six 15-year bands every evol-struct-pop vintage publishes (P16_POP0014 … P16_POP75P); they add
 * up to the population. Midpoints are the centres of the bands; the open band 75+ takes 82.5 years,
 * the centre of 75-89 (the ten-band convention's 80+ → 85 shifted to this band's start).
 */
export const CENSUS_SIX_AGE_BANDS: readonly AgeBand[] = [
  { column: 'POP0014', label: '0-14 ans', midpoint: 7.5, from: 0, to: 15 },
  { column: 'POP1529', label: '15-29 ans', midpoint: 22.5, from: 15, to: 30 },
  { column: 'POP3044', label: '30-44 ans', midpoint: 37.5, from: 30, to: 45 },
  { column: 'POP4559', label: '45-59 ans', midpoint: 52.5, from: 45, to: 60 },
  { column: 'POP6074', label: '60-74 ans', midpoint: 67.5, from: 60, to: 75 },
  { column: 'POP75P', label: '75 ans ou plus', midpoint: 82.5, from: 75, to: null },
];

/** Census pyramid bands by sex (evol-struct-pop: P_H0014, P_F0014…). */
export const PYRAMID_BANDS = [
  { suffix: '0014', label: '0-14 ans' },
  { suffix: '1529', label: '15-29 ans' },
  { suffix: '3044', label: '30-44 ans' },
  { suffix: '4559', label: '45-59 ans' },
  { suffix: '6074', label: '60-74 ans' },
  { suffix: '75P', label: '75 ans ou plus' },
] as const;

/**
 * PCS groups of the population aged 15 or more (C_POP15P_CS1…CS8): the six groups of the active
 * population, then retirees and other people without a professional activity.
 */
export const SOCIO_PROFESSIONAL_GROUPS_15P = [
  { code: 'CS1', label: 'Agriculteurs exploitants' },
  { code: 'CS2', label: 'Artisans, commerçants, chefs d’entreprise' },
  { code: 'CS3', label: 'Cadres et professions intellectuelles supérieures' },
  { code: 'CS4', label: 'Professions intermédiaires' },
  { code: 'CS5', label: 'Employés' },
  { code: 'CS6', label: 'Ouvriers' },
  { code: 'CS7', label: 'Retraités' },
  { code: 'CS8', label: 'Autres personnes sans activité professionnelle' },
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
