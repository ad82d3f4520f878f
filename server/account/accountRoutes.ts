import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext, RouteModule } from '../AppContext';
import { unauthorized } from '../http/HttpError';
import { parseInput } from '../http/parseInput';
import { documented } from '../openapi/documented';
import { z } from 'zod';
import { logOnlyMailer, smtpMailer } from '../mail/Mailer';
import { paymentProviderFor } from '../subscription/paymentProviderFor';
import { ANONYMOUS_ZONE_COOKIE } from '../zones/zoneOwner';
import {
  changePasswordSchema,
  loginRequestSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  profileUpdateSchema,
  registerRequestSchema,
  tokenQuerySchema,
  detailResponseSchema,
  personalDataResponseSchema,
  registrationAcceptedSchema,
  serverUserSchema,
  verifiedResponseSchema,
} from '../../kernel/account/accountSchemas';
import type { UserRow } from './accountRepository';
import {
  AccountService,
  REGISTRATION_ACCEPTED,
  RESET_REQUEST_ACCEPTED,
  publicUser,
  type NewSession,
} from './AccountService';
import { clearSessionCookie, setSessionCookie } from './sessionCookie';

/** The address of the app for e-mail links: `PUBLIC_URL`, else the one the request came to. */
export function appUrlOf(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  return `${request.protocol}://${request.headers.host ?? '127.0.0.1'}`;
}

/** The signed-in user (session or API key), else 401. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized('Connexion requise');
  return request.user;
}

/** The user of a cookie session, else 401: account changes are not open to API keys. */
export function requireSessionUser(request: FastifyRequest): UserRow {
  if (!request.user || !request.sessionTokenHash) throw unauthorized('Connexion requise');
  return request.user;
}

export function mailerFor(context: AppContext, log: (line: string) => void) {
  return (
    context.mailer ??
    (context.config.smtpUrl ? smtpMailer(context.config.smtpUrl, context.config.mailFrom) : logOnlyMailer(log))
  );
}

/** Account calls of the product (`/api/auth/*`), with cookie sessions. */
export const accountRoutes: RouteModule = (app, context) => {
  const { config } = context;
  const service = new AccountService({
    database: context.database,
    mailer: mailerFor(context, (line) => app.log.warn(line)),
    paymentProvider: paymentProviderFor(context),
    clock: context.clock ?? (() => new Date()),
    log: app.log,
  });
  const appUrl = (request: FastifyRequest) => appUrlOf(request, config.publicUrl);
  const startSession = (request: FastifyRequest, reply: FastifyReply, session: NewSession) => {
    setSessionCookie(request, reply, session.token, config.publicUrl);
  };
  const signIn = async (request: FastifyRequest, reply: FastifyReply, user: UserRow) => {
    const anonymous = request.cookies[ANONYMOUS_ZONE_COOKIE];
    const session = await service.signIn(
      user,
      request.sessionTokenHash,
      anonymous && /^[0-9a-f-]{36}$/.test(anonymous) ? anonymous : undefined,
      request.headers['user-agent'],
    );
    startSession(request, reply, session);
    if (anonymous) reply.clearCookie(ANONYMOUS_ZONE_COOKIE, { path: '/' });
  };

  app.post(
    '/auth/register',
    documented({
      tag: 'account',
      summary: 'Créer un compte (le lien de confirmation est envoyé par e-mail)',
      body: registerRequestSchema,
      status: 202,
      response: registrationAcceptedSchema,
    }),
    async (request, reply) => {
      const body = parseInput(registerRequestSchema, request.body, 'body');
      await service.register(body, request.ip, appUrl(request));
      return reply.status(202).send({ detail: REGISTRATION_ACCEPTED, email: body.email, verification_required: true });
    },
  );

  app.post(
    '/auth/login',
    documented({
      tag: 'account',
      summary: 'Se connecter (cookie de session)',
      body: loginRequestSchema,
      response: serverUserSchema,
    }),
    async (request, reply) => {
      const { email, password } = parseInput(loginRequestSchema, request.body, 'body');
      const user = await service.authenticate(email, password, request.ip);
      await signIn(request, reply, user);
      return publicUser(user);
    },
  );

  app.get(
    '/auth/me',
    documented({ tag: 'account', summary: 'Utilisateur connecté (401 sinon)', response: serverUserSchema }),
    async (request) => publicUser(requireSessionUser(request)),
  );

  app.post(
    '/auth/logout',
    documented({ tag: 'account', summary: 'Se déconnecter (fin de la session)', status: 204, response: z.null() }),
    async (request, reply) => {
      await service.logout(request.sessionTokenHash);
      clearSessionCookie(request, reply, config.publicUrl);
      return reply.status(204).send();
    },
  );

  app.post(
    '/auth/resend-verification',
    documented({ tag: 'account', summary: 'Renvoyer l’e-mail de vérification', status: 204, response: z.null() }),
    async (request, reply) => {
      await service.resendVerification(requireSessionUser(request), appUrl(request));
      return reply.status(204).send();
    },
  );

  app.post(
    '/auth/verify-email',
    documented({
      tag: 'account',
      summary: 'Vérifier l’adresse par le lien reçu (ouvre la session)',
      query: tokenQuerySchema,
      response: verifiedResponseSchema,
    }),
    async (request, reply) => {
      const { token } = parseInput(tokenQuerySchema, request.query, 'query');
      const user = await service.verifyEmail(token);
      await signIn(request, reply, user);
      return { detail: 'Adresse e-mail vérifiée', user: publicUser(user) };
    },
  );

  app.post(
    '/auth/password-reset-request',
    documented({
      tag: 'account',
      summary: 'Demander un lien de réinitialisation du mot de passe',
      body: passwordResetRequestSchema,
      status: 202,
      response: detailResponseSchema,
    }),
    async (request, reply) => {
      const { email } = parseInput(passwordResetRequestSchema, request.body, 'body');
      await service.requestPasswordReset(email, request.ip, appUrl(request));
      return reply.status(202).send({ detail: RESET_REQUEST_ACCEPTED });
    },
  );

  app.post(
    '/auth/password-reset',
    documented({
      tag: 'account',
      summary: 'Choisir un nouveau mot de passe avec le lien reçu',
      body: passwordResetSchema,
      response: detailResponseSchema,
    }),
    async (request, reply) => {
      const body = parseInput(passwordResetSchema, request.body, 'body');
      await service.resetPassword(body.token, body.new_password);
      clearSessionCookie(request, reply, config.publicUrl);
      return { detail: 'Mot de passe modifié. Connectez-vous avec votre nouveau mot de passe.' };
    },
  );

  app.put(
    '/auth/profile',
    documented({
      tag: 'account',
      summary: 'Modifier le profil (prénom, nom)',
      body: profileUpdateSchema,
      response: serverUserSchema,
    }),
    async (request) => {
      const user = requireSessionUser(request);
      const profile = parseInput(profileUpdateSchema, request.body, 'body');
      return publicUser(await service.updateProfile(user, profile));
    },
  );

  app.post(
    '/auth/change-password',
    documented({
      tag: 'account',
      summary: 'Changer le mot de passe (les autres sessions sont fermées)',
      body: changePasswordSchema,
      response: detailResponseSchema,
    }),
    async (request, reply) => {
      const user = requireSessionUser(request);
      const body = parseInput(changePasswordSchema, request.body, 'body');
      const session = await service.changePassword(
        user,
        body.current_password,
        body.new_password,
        request.sessionTokenHash,
        request.headers['user-agent'],
      );
      startSession(request, reply, session);
      return { detail: 'Mot de passe modifié. Vos autres sessions ont été fermées.' };
    },
  );

  app.delete(
    '/auth/account',
    documented({
      tag: 'account',
      summary: 'Supprimer le compte et tout ce qui s’y rattache',
      status: 204,
      response: z.null(),
    }),
    async (request, reply) => {
      await service.deleteAccount(requireSessionUser(request));
      clearSessionCookie(request, reply, config.publicUrl);
      return reply.status(204).send();
    },
  );

  app.get(
    '/auth/export',
    documented({ tag: 'account', summary: 'Exporter mes données (JSON)', response: personalDataResponseSchema }),
    async (request, reply) => {
      const data = await service.exportData(requireSessionUser(request));
      const day = data.exported_at.slice(0, 10);
      return reply.header('Content-Disposition', `attachment; filename="zonalyse-mes-donnees-${day}.json"`).send(data);
    },
  );
};
