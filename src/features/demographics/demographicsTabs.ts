import type { AccessLevel } from '../../../kernel/subscription/tiers';

/** The nine tabs of the demographics panel, in order. */
export const DEMOGRAPHICS_TABS = [
  { id: 'overview', label: 'Vue d’ensemble' },
  { id: 'population', label: 'Population' },
  { id: 'household-composition', label: 'Ménages' },
  { id: 'households-housing', label: 'Logement' },
  { id: 'employment-education', label: 'Education' },
  { id: 'revenue', label: 'Revenus' },
  { id: 'unemployment', label: 'Activité' },
  { id: 'job-seekers', label: 'Demandeurs d’emploi' },
  { id: 'comparisons', label: 'Comparaisons' },
] as const;

export type DemographicsTabId = (typeof DEMOGRAPHICS_TABS)[number]['id'];

/**
 * Employment/education needs Light; revenue and unemployment (Activité) need Pro; the other
 * tabs are open to everyone, anonymous visitors included.
 */
export const REQUIRED_LEVEL: Record<DemographicsTabId, AccessLevel> = {
  overview: 'anonymous',
  population: 'anonymous',
  'household-composition': 'anonymous',
  'households-housing': 'anonymous',
  'employment-education': 'light',
  revenue: 'pro',
  unemployment: 'pro',
  'job-seekers': 'anonymous',
  comparisons: 'anonymous',
};
