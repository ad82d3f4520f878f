import { describe, expect, it } from 'vitest';
import { nextTier, planOf, PLANS, TIER_LABELS, upgradeRequired, usageRatio, usageTone } from './tiers';

describe('tiers', () => {
  it('prices Free 0, Light 99, Pro 199 with the zone and indicator quotas', () => {
    expect(PLANS.map((plan) => [plan.tier, plan.monthlyPrice, plan.zonesPerMonth, plan.indicators])).toEqual([
      ['free', 0, 3, 10],
      ['light', 99, 50, 50],
      ['pro', 199, null, 108],
    ]);
    expect(PLANS.filter((plan) => plan.popular).map((plan) => plan.tier)).toEqual(['light']);
    expect(Object.values(TIER_LABELS)).toEqual(['Compte', 'Gratuit', 'Light', 'Pro']);
  });

  it('requires an upgrade below the required level only', () => {
    expect(upgradeRequired('anonymous', 'free')).toBe(true);
    expect(upgradeRequired('light', 'pro')).toBe(true);
    expect(upgradeRequired('pro', 'light')).toBe(false);
    expect(upgradeRequired('light', 'light')).toBe(false);
  });

  it('offers Light from Free, Pro from Light and nothing from Pro', () => {
    expect(nextTier('free')).toBe('light');
    expect(nextTier('light')).toBe('pro');
    expect(nextTier('pro')).toBeNull();
    expect(planOf('light').exportsIncluded).toBe(true);
  });

  it('colours usage red from 90 %, yellow from 70 %', () => {
    expect(usageTone(44, 50)).toBe('warning');
    expect(usageTone(45, 50)).toBe('danger');
    expect(usageTone(35, 50)).toBe('warning');
    expect(usageTone(34, 50)).toBe('normal');
    expect(usageTone(1000, null)).toBe('normal');
    expect(usageRatio(7, 3)).toBe(1);
    expect(usageRatio(0, 0)).toBe(0);
  });
});
