import { randomUUID } from 'node:crypto';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail the catcher received. */
export interface CaughtMail {
  id: string;
  receivedAt: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
}

const KEPT_MAILS = 200;
const MAX_MAIL_BYTES = 1024 * 1024;

/**
 * A local SMTP server that keeps what it receives in memory (the last 200 mails), so that a new user
 * can open the verification link on one machine without any mail provider. Started by `npm start`
 * when `SMTP_URL` is unset; its inbox page is served by the app.
 */
export class LocalMailCatcher {
  private readonly mails: CaughtMail[] = [];
  private readonly waiters = new Set<() => void>();
  private server: SMTPServer | undefined;
  port = 0;

  async start(port: number, host = '127.0.0.1'): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      // No reverse DNS of the (local) sender: a lookup per mail that only delays it.
      disableReverseLookup: true,
      size: MAX_MAIL_BYTES,
      banner: 'Zonalyse — boîte de réception locale',
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then((parsed) => {
            const to = session.envelope.rcptTo.map((recipient) => recipient.address);
            this.receive({
              id: randomUUID(),
              receivedAt: new Date().toISOString(),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to,
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
            });
            callback();
          })
          .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
      },
    });
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const address = server.server.address();
    this.port = typeof address === 'object' && address ? address.port : port;
  }

  get smtpUrl(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Newest first. */
  list(): CaughtMail[] {
    return [...this.mails].reverse();
  }

  find(id: string): CaughtMail | undefined {
    return this.mails.find((mail) => mail.id === id);
  }

  /** Resolves with the first mail to `address` matching `predicate`, as soon as it arrives. */
  async waitFor(address: string, predicate: (mail: CaughtMail) => boolean = () => true): Promise<CaughtMail> {
    const lower = address.toLowerCase();
    const match = () => this.list().find((mail) => mail.to.includes(lower) && predicate(mail));
    for (;;) {
      const found = match();
      if (found) return found;
      await new Promise<void>((resolve) => this.waiters.add(resolve));
    }
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private receive(mail: CaughtMail): void {
    this.mails.push(mail);
    if (this.mails.length > KEPT_MAILS) this.mails.shift();
    const waiters = [...this.waiters];
    this.waiters.clear();
    for (const wake of waiters) wake();
  }
}
