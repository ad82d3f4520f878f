/** The paid tiers, and the anonymous visitor below them. */
export type TierName = 'free' | 'light' | 'pro';
export type AccessLevel = 'anonymous' | TierName;

/** Tier levels; an upgrade is required when the user's level is below the required one. */
export const TIER_LEVELS: Record<AccessLevel, number> = { anonymous: 0, free: 1, light: 2, pro: 3 };

/** Tier labels (the anonymous level reads 'Compte': what it needs is an account). */
export const TIER_LABELS: Record<AccessLevel, string> = {
  anonymous: 'Compte',
  free: 'Gratuit',
  light: 'Light',
  pro: 'Pro',
};

/** Every paid offer starts with a 14-day free trial. */
export const TRIAL_DAYS = 14;

/** Usage warnings at 70 % and 90 %. */
export const USAGE_WARNING_RATIO = 0.7;
export const USAGE_DANGER_RATIO = 0.9;

export interface PlanFeature {
  label: string;
  included: boolean;
}

/** One offer of the pricing page. `null` limits mean unlimited. */
export interface Plan {
  tier: TierName;
  label: string;
  /** Euros per month. */
  monthlyPrice: number;
  zonesPerMonth: number | null;
  indicators: number;
  exportsIncluded: boolean;
  popular: boolean;
  features: readonly PlanFeature[];
}

export const PLANS: readonly Plan[] = [
  {
    tier: 'free',
    label: TIER_LABELS.free,
    monthlyPrice: 0,
    zonesPerMonth: 3,
    indicators: 10,
    exportsIncluded: false,
    popular: false,
    features: [
      { label: '3 zones d’analyse par mois', included: true },
      { label: '10 indicateurs essentiels', included: true },
      { label: 'Visualisation des données sur la carte', included: true },
      { label: 'Export CSV et PDF', included: false },
      { label: 'Accès à l’API REST', included: false },
    ],
  },
  {
    tier: 'light',
    label: TIER_LABELS.light,
    monthlyPrice: 99,
    zonesPerMonth: 50,
    indicators: 50,
    exportsIncluded: true,
    popular: true,
    features: [
      { label: '50 zones d’analyse par mois', included: true },
      { label: '50 indicateurs avancés (dont emploi et éducation)', included: true },
      { label: 'Export CSV et PDF', included: true },
      { label: 'Support prioritaire', included: true },
      { label: 'Accès à l’API REST', included: false },
    ],
  },
  {
    tier: 'pro',
    label: TIER_LABELS.pro,
    monthlyPrice: 199,
    zonesPerMonth: null,
    indicators: 108,
    exportsIncluded: true,
    popular: false,
    features: [
      { label: 'Zones d’analyse illimitées', included: true },
      { label: '108 indicateurs (dont revenus et activité)', included: true },
      { label: 'Export CSV et PDF illimité', included: true },
      { label: 'API REST complète', included: true },
      { label: 'Support dédié', included: true },
    ],
  },
];

export function planOf(tier: TierName): Plan {
  const plan = PLANS.find((candidate) => candidate.tier === tier);
  if (!plan) throw new Error(`Offre inconnue : ${tier}`);
  return plan;
}

/** True when `level` is below `required`. */
export function upgradeRequired(level: AccessLevel, required: AccessLevel): boolean {
  return TIER_LEVELS[level] < TIER_LEVELS[required];
}

/** Subscription: the upgrade offered — Light from Free, Pro from Light, none for Pro. */
export function nextTier(tier: TierName): TierName | null {
  if (tier === 'free') return 'light';
  if (tier === 'light') return 'pro';
  return null;
}

/** How full a usage bar is, as a share 0–1 (0 for an unlimited quota). */
export function usageRatio(used: number, limit: number | null): number {
  if (limit === null || limit <= 0) return limit === 0 && used > 0 ? 1 : 0;
  return Math.min(1, Math.max(0, used / limit));
}

/** Red at 90 % or more, yellow at 70 % or more, else the bar's own colour. */
export function usageTone(used: number, limit: number | null): 'danger' | 'warning' | 'normal' {
  const ratio = usageRatio(used, limit);
  if (ratio >= USAGE_DANGER_RATIO) return 'danger';
  if (ratio >= USAGE_WARNING_RATIO) return 'warning';
  return 'normal';
}

/** What a tier may do, enforced by the server (`null` = unlimited). */
export interface TierRights {
  zonesPerMonth: number | null;
  exportsPerMonth: number | null;
  indicators: number;
  apiAccess: boolean;
  csvExport: boolean;
  pdfExport: boolean;
  prioritySupport: boolean;
}

/**
 * Tier rights. Light's 50 exports a month is Zonalyse's own bound (the offer says "export" for Light
 * and "unlimited export" for Pro).
 */
export const TIER_RIGHTS: Record<TierName, TierRights> = {
  free: {
    zonesPerMonth: 3,
    exportsPerMonth: 0,
    indicators: 10,
    apiAccess: false,
    csvExport: false,
    pdfExport: false,
    prioritySupport: false,
  },
  light: {
    zonesPerMonth: 50,
    exportsPerMonth: 50,
    indicators: 50,
    apiAccess: false,
    csvExport: true,
    pdfExport: true,
    prioritySupport: true,
  },
  pro: {
    zonesPerMonth: null,
    exportsPerMonth: null,
    indicators: 108,
    apiAccess: true,
    csvExport: true,
    pdfExport: true,
    prioritySupport: true,
  },
};

/** The message of every over-quota or locked-feature refusal (403). */
export const LIMIT_REACHED_MESSAGE = 'Limite atteinte. Passez à une offre supérieure pour continuer.';

/** The calendar month a usage counts in ('2026-11'), in UTC. */
export function usageMonth(date: Date): string {
  return date.toISOString().slice(0, 7);
}
