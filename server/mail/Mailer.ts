import nodemailer from 'nodemailer';

/** One e-mail: French text, and the same as HTML. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends the account e-mails. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Sends over SMTP with nodemailer (`smtp://user:password@host:port`, `smtps://…` for implicit TLS). */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/** Used when no SMTP server is configured (tests of other domains): the mail is only logged. */
export function logOnlyMailer(log: (line: string) => void): Mailer {
  return {
    send(message) {
      log(`E-mail non envoyé (SMTP_URL absent) à ${message.to} : ${message.subject}`);
      return Promise.resolve();
    },
  };
}
