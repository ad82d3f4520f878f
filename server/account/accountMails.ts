import type { MailMessage } from '../mail/Mailer';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function mail(to: string, subject: string, paragraphs: string[], link?: { url: string; label: string }): MailMessage {
  const closing = 'L’équipe Zonalyse';
  const text = [...paragraphs, ...(link ? [`${link.label} : ${link.url}`] : []), '', closing].join('\n\n');
  const html =
    paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('') +
    (link ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>` : '') +
    `<p>${closing}</p>`;
  return { to, subject, text, html };
}

export function verificationMail(to: string, url: string): MailMessage {
  return mail(
    to,
    'Confirmez votre adresse e-mail — Zonalyse',
    [
      'Bonjour,',
      'Vous venez de créer un compte Zonalyse. Pour l’activer, confirmez votre adresse e-mail en ouvrant le lien ci-dessous (valable 24 heures).',
      'Si vous n’êtes pas à l’origine de cette inscription, ignorez simplement ce message.',
    ],
    { url, label: 'Confirmer mon adresse e-mail' },
  );
}

export function existingAccountMail(to: string, resetUrl: string): MailMessage {
  return mail(
    to,
    'Un compte existe déjà pour cette adresse — Zonalyse',
    [
      'Bonjour,',
      'Quelqu’un (peut-être vous) a tenté de créer un compte Zonalyse avec cette adresse e-mail, mais un compte existe déjà.',
      'Connectez-vous avec votre mot de passe. Si vous l’avez oublié, vous pouvez le réinitialiser depuis la page ci-dessous. Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre compte n’a pas été modifié.',
    ],
    { url: resetUrl, label: 'Réinitialiser mon mot de passe' },
  );
}

export function passwordResetMail(to: string, url: string): MailMessage {
  return mail(
    to,
    'Réinitialisation de votre mot de passe — Zonalyse',
    [
      'Bonjour,',
      'Une réinitialisation du mot de passe de votre compte Zonalyse a été demandée. Ouvrez le lien ci-dessous pour choisir un nouveau mot de passe (valable 1 heure, utilisable une seule fois).',
      'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.',
    ],
    { url, label: 'Choisir un nouveau mot de passe' },
  );
}
