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

function filterRecord(record: IrisDemographicRecord, locked: Set<LockedDemographicsTab>): IrisDemographicRecord {
  const groups: IrisDemographicRecord['groups'] = {};
  for (const [base, figures] of Object.entries(record.groups) as [
    InseeIrisBase,
    NonNullable<IrisDemographicRecord['groups'][InseeIrisBase]>,
  ][]) {
    const values = Object.fromEntries(
      Object.entries(figures.values).filter(([column]) => keepColumn(base, column, locked)),
    );
    if (Object.keys(values).length > 0) groups[base] = { vintage: figures.vintage, values };
  }
  return { ...record, groups };
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
  const locked = lockedTabs(level);
  const lockedSet = new Set(locked);
  return {
    ...answer,
    iris_zones:
      locked.length === 0 ? answer.iris_zones : answer.iris_zones.map((record) => filterRecord(record, lockedSet)),
    metadata: {
      ...answer.metadata,
      commune_income: lockedSet.has('revenue') ? null : (answer.metadata.commune_income ?? null),
      locked_tabs: locked,
    },
  };
}
