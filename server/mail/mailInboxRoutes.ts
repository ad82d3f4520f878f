import { z } from 'zod';
import type { RouteModule } from '../AppContext';
import { notFound } from '../http/HttpError';
import { parseInput } from '../http/parseInput';
import { documented } from '../openapi/documented';
import type { CaughtMail } from './LocalMailCatcher';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The mail's text with its http(s) links made clickable, everything else escaped. */
export function linkifiedText(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"]+)/g)
    .map((part, index) =>
      index % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join('');
}

const dateFormat = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'short',
  timeStyle: 'medium',
  timeZone: 'Europe/Paris',
});

function page(title: string, body: string): string {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
:root{color-scheme:light dark;font-family:system-ui,sans-serif}
body{max-width:760px;margin:2rem auto;padding:0 1rem;line-height:1.5}
.notice{padding:.5rem .75rem;border:1px solid #b45309;border-radius:6px;background:#fef3c7;color:#78350f}
table{width:100%;border-collapse:collapse}td,th{text-align:left;padding:.4rem;border-bottom:1px solid #8884}
pre{white-space:pre-wrap;font:inherit;padding:1rem;border:1px solid #8884;border-radius:6px}
</style></head><body>${body}</body></html>`;
}

function inboxPage(mails: CaughtMail[]): string {
  const rows = mails
    .map(
      (mail) =>
        `<tr><td>${escapeHtml(dateFormat.format(new Date(mail.receivedAt)))}</td><td>${escapeHtml(mail.to.join(', '))}</td>` +
        `<td><a href="/api/mail/inbox/${mail.id}">${escapeHtml(mail.subject || '(sans objet)')}</a></td></tr>`,
    )
    .join('');
  return page(
    'Boîte de réception locale — Zonalyse',
    `<h1>Boîte de réception locale</h1>
<p class="notice">Environnement de test : les e-mails de Zonalyse sont reçus ici, aucun n’est envoyé à l’extérieur
(définissez <code>SMTP_URL</code> pour passer par un vrai serveur).</p>
${mails.length === 0 ? '<p>Aucun e-mail reçu pour l’instant.</p>' : `<table><thead><tr><th>Reçu le</th><th>Destinataire</th><th>Objet</th></tr></thead><tbody>${rows}</tbody></table>`}`,
  );
}

function mailPage(mail: CaughtMail): string {
  return page(
    `${mail.subject} — boîte de réception locale`,
    `<p><a href="/api/mail/inbox">← Boîte de réception</a></p>
<h1>${escapeHtml(mail.subject || '(sans objet)')}</h1>
<p>De : ${escapeHtml(mail.from)}<br>À : ${escapeHtml(mail.to.join(', '))}<br>Reçu le ${escapeHtml(dateFormat.format(new Date(mail.receivedAt)))}</p>
<pre>${linkifiedText(mail.text)}</pre>`,
  );
}

const idParams = z.object({ id: z.uuid() });

/**
 * The local mail catcher's inbox (only when `npm start` runs it, i.e. without `SMTP_URL`):
 * `GET /api/mail/inbox` (HTML list), `/api/mail/inbox/{id}` (one mail, links clickable),
 * `/api/mail/messages` (JSON).
 */
export const mailInboxRoutes: RouteModule = (app, { mailCatcher }) => {
  if (!mailCatcher) return;
  app.get(
    '/mail/inbox',
    documented({
      tag: 'account',
      summary: 'Boîte de réception locale (sans SMTP_URL)',
      response: { contentType: 'text/html', description: 'Page HTML' },
    }),
    async (_request, reply) => reply.type('text/html').send(inboxPage(mailCatcher.list())),
  );
  app.get(
    '/mail/inbox/:id',
    documented({
      tag: 'account',
      summary: 'Un e-mail de la boîte locale, liens cliquables',
      params: idParams,
      response: { contentType: 'text/html', description: 'Page HTML' },
    }),
    async (request, reply) => {
      const { id } = parseInput(idParams, request.params, 'params');
      const mail = mailCatcher.find(id);
      if (!mail) throw notFound('E-mail introuvable');
      return reply.type('text/html').send(mailPage(mail));
    },
  );
  app.get(
    '/mail/messages',
    documented({
      tag: 'account',
      summary: 'E-mails de la boîte locale (JSON)',
      response: z.object({
        messages: z.array(
          z.object({
            id: z.string(),
            receivedAt: z.string(),
            from: z.string(),
            to: z.array(z.string()),
            subject: z.string(),
            text: z.string(),
          }),
        ),
      }),
    }),
    async () => ({ messages: mailCatcher.list() }),
  );
};
