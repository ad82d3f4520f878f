import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../server/AppContext';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Database } from '../../server/db/Database';
import { LocalMailCatcher, type CaughtMail } from '../../server/mail/LocalMailCatcher';
import { smtpMailer } from '../../server/mail/Mailer';

/** An app whose account mails go over SMTP to a real local catcher, with a clock the test moves. */
export interface AccountTestKit {
  app: FastifyInstance;
  catcher: LocalMailCatcher;
  clock: { now: Date; advance(milliseconds: number): void };
  close(): Promise<void>;
}

export async function startAccountTestKit(
  database: Database,
  context: Partial<AppContext> = {},
  environment: Record<string, string> = {},
): Promise<AccountTestKit> {
  const catcher = new LocalMailCatcher();
  await catcher.start(0);
  const clock = {
    now: new Date(),
    advance(milliseconds: number) {
      clock.now = new Date(clock.now.getTime() + milliseconds);
    },
  };
  const config = loadConfig({ LOG_LEVEL: 'silent', TILE_CACHE_DIR: 'off', ...environment });
  const app = await buildApp(
    { database, config, mailer: smtpMailer(catcher.smtpUrl, config.mailFrom), clock: () => clock.now, ...context },
    { logger: false },
  );
  return {
    app,
    catcher,
    clock,
    async close() {
      await app.close();
      await catcher.stop();
    },
  };
}

/** `name=value` of a Set-Cookie header, or undefined. */
export function cookieFrom(setCookie: string | string[] | undefined, name: string): string | undefined {
  const headers = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  for (const header of headers) {
    const match = new RegExp(`^${name}=([^;]*)`).exec(header);
    if (match && match[1]) return `${name}=${match[1]}`;
  }
  return undefined;
}

/** The link of a mail that leads to `path` (`/verify-email`, `/reset-password`). */
export function linkIn(mail: CaughtMail, path: string): URL {
  const match = new RegExp(`https?://[^\\s]+${path}[^\\s]*`).exec(mail.text);
  if (!match) throw new Error(`aucun lien ${path} dans « ${mail.subject} »`);
  return new URL(match[0]);
}

/** Registers, opens the verification link of the mail and returns the session cookie. */
export async function registerVerified(
  kit: AccountTestKit,
  email: string,
  password = 'un mot de passe sûr',
): Promise<string> {
  const registered = await kit.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password } });
  if (registered.statusCode !== 202) throw new Error(`inscription : ${registered.statusCode} ${registered.body}`);
  const mail = await kit.catcher.waitFor(email, (candidate) => candidate.text.includes('/verify-email'));
  const token = linkIn(mail, '/verify-email').searchParams.get('token');
  const verified = await kit.app.inject({ method: 'POST', url: `/api/auth/verify-email?token=${token}` });
  const cookie = cookieFrom(verified.headers['set-cookie'], 'zonalyse_session');
  if (verified.statusCode !== 200 || !cookie) throw new Error(`vérification : ${verified.statusCode} ${verified.body}`);
  return cookie;
}
