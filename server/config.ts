import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

const environmentSchema = z.object({
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().min(1).default('127.0.0.1')),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().min(1).default('./.data')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'doit commencer par postgres:// ou postgresql://')
      .optional(),
  ),
  OPENDATA_DIR: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(LOG_LEVELS).default('info')),
  MAP_STYLE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  VALHALLA_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  AUTO_IMPORT: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('true')),
  TILE_CACHE_DIR: z.preprocess(emptyToUndefined, z.string().min(1).default('./.cache/tiles')),
  ANONYMOUS_ZONE_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(1)),
  REQUEST_DEADLINE_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1000).max(600_000).default(20_000)),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'doit commencer par smtp:// ou smtps://')
      .optional(),
  ),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().min(3).default('Zonalyse <ne-pas-repondre@zonalyse.local>')),
  MAIL_CATCHER_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(1025)),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  STRIPE_SECRET_KEY: z.preprocess(emptyToUndefined, z.string().startsWith('sk_').optional()),
  STRIPE_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().startsWith('whsec_').optional()),
  STRIPE_PRICE_LIGHT: z.preprocess(emptyToUndefined, z.string().startsWith('price_').optional()),
  STRIPE_PRICE_PRO: z.preprocess(emptyToUndefined, z.string().startsWith('price_').optional()),
  STRIPE_API_URL: z.preprocess(emptyToUndefined, z.url().optional()),
});

/** The validated server configuration. */
export interface Config {
  port: number;
  host: string;
  dataDirectory: string;
  databaseUrl: string | undefined;
  /** Folder of raw official files; `undefined` when none of the defaults exists. */
  openDataDirectory: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  mapStyleUrl: string | undefined;
  valhallaUrl: string | undefined;
  /** Import the demo territory on first start when the database is empty. */
  autoImport: boolean;
  /** Folder of the on-disk tile cache; `undefined` (TILE_CACHE_DIR=off) keeps tiles in memory only. */
  tileCacheDirectory: string | undefined;
  /** Zones an anonymous visitor may keep (default 1; journeys without accounts raise it). */
  anonymousZoneLimit: number;
  /** Longest an `/api` request may take before a 503; database statements are stopped a little before. */
  requestDeadlineMs: number;
  /** SMTP server of the account e-mails; unset: `npm start` runs a local catcher and points this at it. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Port of the local mail catcher started when `SMTP_URL` is unset (0: any free port). */
  mailCatcherPort: number;
  /** Address of the app in e-mail links; unset: the address the request came to. */
  publicUrl: string | undefined;
  /** Stripe test or live mode; unset: the local test payment provider. */
  stripe: StripeConfig | undefined;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string | undefined;
  prices: { light: string | undefined; pro: string | undefined };
  /** Another Stripe API host (a proxy, or the fake server of the tests). */
  apiUrl: string | undefined;
}

/** Raised when an environment variable has a bad value; the message names the variable. */
export class ConfigurationError extends Error {
  override name = 'ConfigurationError';
}

/** The first of `./opendata` and `../shared/opendata` that exists. */
export function defaultOpenDataDirectory(cwd = process.cwd()): string | undefined {
  return ['./opendata', '../shared/opendata'].map((candidate) => resolve(cwd, candidate)).find(existsSync);
}

/** Reads and validates the configuration from environment variables. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')} : ${issue.message}`);
    throw new ConfigurationError(`Configuration invalide — ${lines.join(' ; ')}`);
  }
  const values = parsed.data;
  return {
    port: values.PORT,
    host: values.HOST,
    dataDirectory: resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    openDataDirectory: values.OPENDATA_DIR ? resolve(values.OPENDATA_DIR) : defaultOpenDataDirectory(),
    logLevel: values.LOG_LEVEL,
    mapStyleUrl: values.MAP_STYLE_URL,
    valhallaUrl: values.VALHALLA_URL,
    autoImport: values.AUTO_IMPORT === 'true',
    tileCacheDirectory: values.TILE_CACHE_DIR === 'off' ? undefined : resolve(values.TILE_CACHE_DIR),
    anonymousZoneLimit: values.ANONYMOUS_ZONE_LIMIT,
    requestDeadlineMs: values.REQUEST_DEADLINE_MS,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    mailCatcherPort: values.MAIL_CATCHER_PORT,
    publicUrl: values.PUBLIC_URL,
    stripe: values.STRIPE_SECRET_KEY
      ? {
          secretKey: values.STRIPE_SECRET_KEY,
          webhookSecret: values.STRIPE_WEBHOOK_SECRET,
          prices: { light: values.STRIPE_PRICE_LIGHT, pro: values.STRIPE_PRICE_PRO },
          apiUrl: values.STRIPE_API_URL,
        }
      : undefined,
  };
}
