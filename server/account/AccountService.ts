import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/Database';
import { HttpError, badRequest, conflict } from '../http/HttpError';
import type { Mailer } from '../mail/Mailer';
import type { PaymentProvider } from '../subscription/PaymentProvider';
import { deleteAllUserZones, selectUserZones, transferUserZones } from '../zones/zonesRepository';
import type { ServerUser } from '../../kernel/account/accountSchemas';
import { AttemptThrottle, type ThrottleRule } from './AttemptThrottle';
import {
  consumeToken,
  deleteOtherSessions,
  deleteSession,
  deleteUser,
  forgetPaymentEventsOf,
  insertSession,
  insertToken,
  insertUser,
  markUserVerified,
  selectUserById,
  selectUserByEmail,
  selectUserDataExport,
  updateUserPassword,
  updateUserProfile,
  voidTokens,
  type TokenPurpose,
  type UserRow,
} from './accountRepository';
import { existingAccountMail, passwordResetMail, verificationMail } from './accountMails';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './passwordHashing';
import { randomSecret, hashSecret } from './secretTokens';
import { SESSION_DAYS } from './sessionCookie';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
export const VERIFY_TOKEN_HOURS = 24;
export const RESET_TOKEN_HOURS = 1;

export const INVALID_CREDENTIALS = 'E-mail ou mot de passe incorrect';
export const INVALID_LINK = 'Lien invalide ou expiré. Demandez un nouveau lien.';
export const WRONG_CURRENT_PASSWORD = 'Mot de passe actuel incorrect';
export const REGISTRATION_ACCEPTED =
  'Vérifiez votre boîte mail : un lien de confirmation vient d’être envoyé. Ouvrez-le pour activer votre compte.';
export const RESET_REQUEST_ACCEPTED =
  'Si un compte existe pour cette adresse, un e-mail de réinitialisation vient d’y être envoyé.';

/** The rate limits of the account calls (attempts per window, then doubling waits). */
export const ACCOUNT_THROTTLE_RULES = {
  loginPerEmail: { limit: 5, windowMs: 15 * MINUTE_MS, baseDelayMs: 1_000, maxDelayMs: 15 * MINUTE_MS },
  loginPerAddress: { limit: 50, windowMs: 15 * MINUTE_MS, baseDelayMs: 1_000, maxDelayMs: 15 * MINUTE_MS },
  registerPerAddress: { limit: 20, windowMs: HOUR_MS, baseDelayMs: 30_000, maxDelayMs: HOUR_MS },
  resetPerAddress: { limit: 10, windowMs: HOUR_MS, baseDelayMs: 30_000, maxDelayMs: HOUR_MS },
  resetMailsPerEmail: { limit: 3, windowMs: HOUR_MS, baseDelayMs: HOUR_MS, maxDelayMs: HOUR_MS },
  verificationMailsPerUser: { limit: 5, windowMs: HOUR_MS, baseDelayMs: 60_000, maxDelayMs: HOUR_MS },
  passwordChecksPerUser: { limit: 5, windowMs: 15 * MINUTE_MS, baseDelayMs: 1_000, maxDelayMs: 15 * MINUTE_MS },
} satisfies Record<string, ThrottleRule>;

/** The user in the spec's server shape. */
export function publicUser(user: UserRow): ServerUser {
  return {
    id: user.id,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    is_verified: user.is_verified,
  };
}

export interface AccountServiceOptions {
  database: Database;
  mailer: Mailer;
  paymentProvider: PaymentProvider;
  clock: () => Date;
  log: { error: (object: unknown, message: string) => void };
}

/** A new session: the cookie value to set (never stored) and when it expires. */
export interface NewSession {
  token: string;
  tokenHash: string;
}

/**
 * Accounts: registration, sessions, e-mail verification, password reset and change, profile,
 * deletion and data export. Answers never tell whether an address has an account.
 */
export class AccountService {
  private readonly throttles: Record<keyof typeof ACCOUNT_THROTTLE_RULES, AttemptThrottle>;

  constructor(private readonly options: AccountServiceOptions) {
    const now = () => options.clock().getTime();
    this.throttles = Object.fromEntries(
      Object.entries(ACCOUNT_THROTTLE_RULES).map(([name, rule]) => [name, new AttemptThrottle(rule, now)]),
    ) as AccountService['throttles'];
  }

  private get database() {
    return this.options.database;
  }

  private now(): Date {
    return this.options.clock();
  }

  /** Throws the 429 when the key must still wait. */
  private ensureAllowed(throttle: keyof AccountService['throttles'], key: string): void {
    const wait = this.throttles[throttle].waitFor(key);
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      throw new HttpError(
        429,
        'RATE_LIMITED',
        `Trop de tentatives. Réessayez dans ${seconds > 90 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} secondes`}.`,
        { retry_after: seconds },
      );
    }
  }

  /** Sends without making the caller wait: the answer time must not depend on whether a mail goes out. */
  private sendInBackground(message: Parameters<Mailer['send']>[0]): void {
    this.options.mailer.send(message).catch((error: unknown) => {
      this.options.log.error({ err: error, to: message.to }, 'envoi de l’e-mail impossible');
    });
  }

  private async issueToken(database: Queryable, userId: string, purpose: TokenPurpose, hours: number) {
    await voidTokens(database, userId, purpose, this.now());
    const token = randomSecret();
    await insertToken(database, {
      tokenHash: hashSecret(token),
      userId,
      purpose,
      expiresAt: new Date(this.now().getTime() + hours * HOUR_MS),
    });
    return token;
  }

  async register(
    input: {
      email: string;
      password: string;
      first_name?: string | null | undefined;
      last_name?: string | null | undefined;
    },
    requester: string,
    appUrl: string,
  ): Promise<void> {
    this.ensureAllowed('registerPerAddress', requester);
    this.throttles.registerPerAddress.record(requester);
    const passwordHash = await hashPassword(input.password);
    const created = await this.database.transaction(async (transaction) => {
      const user = await insertUser(transaction, {
        id: randomUUID(),
        email: input.email,
        passwordHash,
        firstName: input.first_name || null,
        lastName: input.last_name || null,
      });
      if (!user) return undefined;
      return { user, token: await this.issueToken(transaction, user.id, 'verify-email', VERIFY_TOKEN_HOURS) };
    });
    if (created) {
      this.sendInBackground(verificationMail(input.email, `${appUrl}/verify-email?token=${created.token}`));
    } else {
      this.sendInBackground(existingAccountMail(input.email, `${appUrl}/reset-password`));
    }
  }

  async openSession(database: Queryable, userId: string, userAgent: string | undefined): Promise<NewSession> {
    const token = randomSecret();
    const tokenHash = hashSecret(token);
    await insertSession(database, {
      tokenHash,
      userId,
      expiresAt: new Date(this.now().getTime() + SESSION_DAYS * 24 * HOUR_MS),
      userAgent: userAgent?.slice(0, 300) ?? null,
    });
    return { token, tokenHash };
  }

  /**
   * Signs the user in: a new session (the previous one of this browser ends: rotation) and the
   * anonymous visitor's zones handed to the account.
   */
  async signIn(
    user: UserRow,
    previousSessionHash: string | null,
    anonymousZoneOwner: string | undefined,
    userAgent: string | undefined,
  ): Promise<NewSession> {
    return this.database.transaction(async (transaction) => {
      if (previousSessionHash) await deleteSession(transaction, previousSessionHash);
      if (anonymousZoneOwner) {
        await transferUserZones(
          transaction,
          { kind: 'anonymous', id: anonymousZoneOwner },
          { kind: 'user', id: user.id },
        );
      }
      return this.openSession(transaction, user.id, userAgent);
    });
  }

  async authenticate(email: string, password: string, requester: string): Promise<UserRow> {
    this.ensureAllowed('loginPerAddress', requester);
    this.ensureAllowed('loginPerEmail', email);
    const user = await selectUserByEmail(this.database, email);
    const valid = user ? await verifyPassword(user.password_hash, password) : await verifyAgainstDecoy(password);
    if (!user || !valid) {
      this.throttles.loginPerAddress.record(requester);
      this.throttles.loginPerEmail.record(email);
      throw new HttpError(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS);
    }
    this.throttles.loginPerEmail.reset(email);
    return user;
  }

  async logout(sessionHash: string | null): Promise<void> {
    if (sessionHash) await deleteSession(this.database, sessionHash);
  }

  async resendVerification(user: UserRow, appUrl: string): Promise<void> {
    if (user.is_verified) throw conflict('Votre adresse e-mail est déjà vérifiée');
    this.ensureAllowed('verificationMailsPerUser', user.id);
    this.throttles.verificationMailsPerUser.record(user.id);
    const token = await this.issueToken(this.database, user.id, 'verify-email', VERIFY_TOKEN_HOURS);
    await this.options.mailer.send(verificationMail(user.email, `${appUrl}/verify-email?token=${token}`));
  }

  /** Uses a verification link once; returns the verified user. */
  async verifyEmail(token: string): Promise<UserRow> {
    const userId = await this.database.transaction(async (transaction) => {
      const id = await consumeToken(transaction, hashSecret(token), 'verify-email', this.now());
      if (id) await markUserVerified(transaction, id);
      return id;
    });
    const user = userId ? await selectUserById(this.database, userId) : undefined;
    if (!user) throw badRequest(INVALID_LINK, { field: 'token' });
    return user;
  }

  async requestPasswordReset(email: string, requester: string, appUrl: string): Promise<void> {
    this.ensureAllowed('resetPerAddress', requester);
    this.throttles.resetPerAddress.record(requester);
    const user = await selectUserByEmail(this.database, email);
    if (!user || this.throttles.resetMailsPerEmail.waitFor(email) > 0) return;
    this.throttles.resetMailsPerEmail.record(email);
    const token = await this.issueToken(this.database, user.id, 'password-reset', RESET_TOKEN_HOURS);
    this.sendInBackground(passwordResetMail(user.email, `${appUrl}/reset-password?token=${token}`));
  }

  /** Uses a reset link once: new password, every session ended, the address counts as verified. */
  async resetPassword(token: string, newPassword: string): Promise<void> {
    const passwordHash = await hashPassword(newPassword);
    const done = await this.database.transaction(async (transaction) => {
      const userId = await consumeToken(transaction, hashSecret(token), 'password-reset', this.now());
      if (!userId) return false;
      await updateUserPassword(transaction, userId, passwordHash);
      await markUserVerified(transaction, userId);
      await deleteOtherSessions(transaction, userId, null);
      return true;
    });
    if (!done) throw badRequest(INVALID_LINK, { field: 'token' });
  }

  async updateProfile(
    user: UserRow,
    profile: { first_name?: string | null | undefined; last_name?: string | null | undefined },
  ) {
    const updated = await updateUserProfile(this.database, user.id, {
      ...(profile.first_name !== undefined ? { firstName: profile.first_name || null } : {}),
      ...(profile.last_name !== undefined ? { lastName: profile.last_name || null } : {}),
    });
    if (!updated) throw new HttpError(401, 'UNAUTHORIZED', 'Session expirée : reconnectez-vous');
    return updated;
  }

  /** Checks the current password, stores the new one, ends the other sessions and rotates this one. */
  async changePassword(
    user: UserRow,
    currentPassword: string,
    newPassword: string,
    currentSessionHash: string | null,
    userAgent: string | undefined,
  ): Promise<NewSession> {
    this.ensureAllowed('passwordChecksPerUser', user.id);
    if (!(await verifyPassword(user.password_hash, currentPassword))) {
      this.throttles.passwordChecksPerUser.record(user.id);
      throw badRequest(WRONG_CURRENT_PASSWORD, { field: 'current_password' });
    }
    this.throttles.passwordChecksPerUser.reset(user.id);
    const passwordHash = await hashPassword(newPassword);
    return this.database.transaction(async (transaction) => {
      await updateUserPassword(transaction, user.id, passwordHash);
      await deleteOtherSessions(transaction, user.id, null);
      if (currentSessionHash) await deleteSession(transaction, currentSessionHash);
      return this.openSession(transaction, user.id, userAgent);
    });
  }

  /** Cancels the subscription, then deletes zones, sessions, tokens, usage and API keys with the user. */
  async deleteAccount(user: UserRow): Promise<void> {
    if (user.payment_subscription_id) await this.options.paymentProvider.cancelSubscription(user);
    await this.database.transaction(async (transaction) => {
      await deleteAllUserZones(transaction, { kind: 'user', id: user.id });
      await forgetPaymentEventsOf(transaction, user.id);
      await deleteUser(transaction, user.id);
    });
  }

  /** 'Exporter mes données': everything held about the user (secrets and hashes left out). */
  async exportData(user: UserRow) {
    const [zones, tables] = await Promise.all([
      selectUserZones(this.database, { kind: 'user', id: user.id }, true),
      selectUserDataExport(this.database, user.id),
    ]);
    const { password_hash: _passwordHash, ...account } = user;
    return { exported_at: this.now().toISOString(), account, zones, ...tables };
  }
}
