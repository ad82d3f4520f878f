import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/Database';
import type { LocalMailCatcher } from './mail/LocalMailCatcher';
import type { Mailer } from './mail/Mailer';
import type { PaymentProvider } from './subscription/PaymentProvider';

/** What every route module receives: the open database and the configuration. */
export interface AppContext {
  database: Database;
  config: Config;
  /** Account e-mails; default: nodemailer over `SMTP_URL`, else only logged. */
  mailer?: Mailer;
  /** The local SMTP catcher `npm start` runs without `SMTP_URL` (its inbox is served under /api/mail). */
  mailCatcher?: LocalMailCatcher;
  /** Payments; default: Stripe when `STRIPE_SECRET_KEY` is set, else the local test provider. */
  paymentProvider?: PaymentProvider;
  /** The clock of expiries, rate limits and monthly quotas (tests move it instead of sleeping). */
  clock?: () => Date;
}

/** A domain's routes, registered under `/api` by {@link buildApp}. */
export type RouteModule = (app: FastifyInstance, context: AppContext) => void | Promise<void>;
