import { z } from 'zod';

const tierName = z.enum(['free', 'light', 'pro']);

export const tierFeaturesSchema = z.object({
  api_access: z.boolean(),
  csv_export: z.boolean(),
  pdf_export: z.boolean(),
  priority_support: z.boolean(),
  education_tab: z.boolean(),
  revenue_tab: z.boolean(),
  activity_tab: z.boolean(),
});

/** The usage of the calendar month (`null` limit: unlimited). */
export const usageResponseSchema = z.object({
  month: z.string(),
  zones_used: z.number(),
  zones_limit: z.number().nullable(),
  exports_used: z.number(),
  exports_limit: z.number().nullable(),
  metrics_available: z.number(),
});

/** GET /api/payments/tier. */
export const tierResponseSchema = z.object({
  name: z.enum(['FREE', 'LIGHT', 'PRO']),
  display_name: z.string(),
  price_monthly: z.number(),
  features: tierFeaturesSchema,
});

/** GET /api/subscription/me. */
export const subscriptionResponseSchema = z.object({
  subscription: z.object({
    tier: z.object({ name: tierName, features: tierFeaturesSchema }),
    status: z.string(),
    provider: z.string().nullable(),
    trial_ends_at: z.string().nullable(),
    current_period_end: z.string().nullable(),
    test_mode: z.boolean(),
  }),
  usage: usageResponseSchema,
  is_verified: z.boolean(),
});

export const apiKeyResponseSchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  created_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
});
