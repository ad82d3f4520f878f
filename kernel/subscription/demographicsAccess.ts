import type { DemographicsAnswer, IrisDemographicRecord } from '../demographics/demographicsRecord';
import type { InseeIrisBase } from '../demographics/inseeIrisBases';
import { upgradeRequired, type AccessLevel } from './tiers';

/** The demographics tabs behind a paywall and the level each needs (the others are open to all). */
export const LOCKED_DEMOGRAPHICS_TABS = {
  'employment-education': 'light',
  revenue: 'pro',
  unemployment: 'pro',
} as const satisfies Record<string, AccessLevel>;

export type LockedDemographicsTab = keyof typeof LOCKED_DEMOGRAPHICS_TABS;

/** The tabs `level` may not see. */
export function lockedTabs(level: AccessLevel): LockedDemographicsTab[] {
  return (Object.keys(LOCKED_DEMOGRAPHICS_TABS) as LockedDemographicsTab[]).filter((tab) =>
    upgradeRequired(level, LOCKED_DEMOGRAPHICS_TABS[tab]),
  );
}

/** Census population columns (`P21_POP1564`…): the open tabs need them, whatever the base. */
const POPULATION_COLUMN = /^P\d{2}_POP/;
const UNEMPLOYMENT_COLUMN = /CHOM/;

/** Which columns of a base stay for a visitor who cannot see `locked`. */
function keepColumn(base: InseeIrisBase, column: string, locked: Set<LockedDemographicsTab>): boolean {
  if (base === 'filosofi-disp' || base === 'filosofi-dec') return !locked.has('revenue');
  if (base === 'activite-residents') {
    if (locked.has('employment-education') && !POPULATION_COLUMN.test(column)) return false;
    if (locked.has('unemployment') && UNEMPLOYMENT_COLUMN.test(column)) return false;
    return true;
  }
  if (base === 'diplomes-formation') return !locked.has('employment-education') || POPULATION_COLUMN.test(column);
  return true;
}

/**
 * The filter of one IRIS record for a visitor who cannot see `locked`. Whether a column stays is decided
 * once per base and column name, not once per record: a zone of thousands of IRIS repeats the same columns.
 */
function recordFilter(locked: Set<LockedDemographicsTab>): (record: IrisDemographicRecord) => IrisDemographicRecord {
  const decisions = new Map<string, Map<string, boolean>>();
  const keeps = (base: InseeIrisBase, column: string) => {
    let ofBase = decisions.get(base);
    if (!ofBase) decisions.set(base, (ofBase = new Map()));
    let kept = ofBase.get(column);
    if (kept === undefined) ofBase.set(column, (kept = keepColumn(base, column, locked)));
    return kept;
  };
  return (record) => {
    const groups: IrisDemographicRecord['groups'] = {};
    for (const base in record.groups) {
      const figures = record.groups[base as InseeIrisBase];
      if (!figures) continue;
      const values: Record<string, number | null> = {};
      let kept = 0;
      for (const column in figures.values) {
        if (!keeps(base as InseeIrisBase, column)) continue;
        values[column] = figures.values[column] as number | null;
        kept += 1;
      }
      if (kept > 0) groups[base as InseeIrisBase] = { vintage: figures.vintage, values };
    }
    return { ...record, groups };
  };
}

/**
 * How each IRIS record of an answer is sent to `level`: as it is when no tab is locked, else without the
 * locked figures. For callers that filter a long list in slices ({@link withoutLockedFigures} does it at once).
 */
export function lockedFiguresFilter(level: AccessLevel): (record: IrisDemographicRecord) => IrisDemographicRecord {
  const locked = lockedTabs(level);
  return locked.length === 0 ? (record) => record : recordFilter(new Set(locked));
}

/** The answer's metadata as sent to `level`: no commune income without Revenus, and the tabs to draw locked. */
export function lockedMetadata(
  metadata: DemographicsAnswer['metadata'],
  level: AccessLevel,
): DemographicsAnswer['metadata'] & { locked_tabs: LockedDemographicsTab[] } {
  const locked = lockedTabs(level);
  return {
    ...metadata,
    commune_income: locked.includes('revenue') ? null : (metadata.commune_income ?? null),
    locked_tabs: locked,
  };
}

/**
 * The answer without the figures of the tabs `level` may not open: income (Filosofi, IRIS and commune) for Revenus,
 * unemployment columns for Activité, employment and education columns for Education. Population
 * columns stay (the open tabs use them); `metadata.locked_tabs` tells the client what to draw locked.
 */
export function withoutLockedFigures(
  answer: DemographicsAnswer,
  level: AccessLevel,
): DemographicsAnswer & {
  metadata: { locked_tabs: LockedDemographicsTab[] };
} {
  return {
    ...answer,
    iris_zones: answer.iris_zones.map(lockedFiguresFilter(level)),
    metadata: lockedMetadata(answer.metadata, level),
  };
}
