import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, PASSWORDS_DIFFER, PASSWORD_TOO_SHORT } from './accountValidation';

/** Long passphrases are welcome; the bound only keeps hashing cost in check. */
export const MAX_PASSWORD_LENGTH = 1024;
export const INVALID_EMAIL = 'Adresse e-mail invalide';

export const emailSchema = z
  .string(INVALID_EMAIL)
  .trim()
  .max(254, INVALID_EMAIL)
  .pipe(z.email(INVALID_EMAIL))
  .transform((email) => email.toLowerCase());

export const newPasswordSchema = z
  .string('Mot de passe requis')
  .min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT)
  .max(MAX_PASSWORD_LENGTH, `Le mot de passe doit contenir au plus ${MAX_PASSWORD_LENGTH} caractères`);

const nameSchema = z.string().trim().max(100, 'Au plus 100 caractères').nullable().optional();

const confirmationSchema = z.string().max(MAX_PASSWORD_LENGTH).optional();

/** A confirmation, when the caller sends one, must repeat the password. */
function mustMatch(passwordField: string, confirmationField: string) {
  return (value: Record<string, unknown>, context: z.RefinementCtx) => {
    const confirmation = value[confirmationField];
    if (confirmation !== undefined && confirmation !== value[passwordField]) {
      context.addIssue({ code: 'custom', path: [confirmationField], message: PASSWORDS_DIFFER });
    }
  };
}

export const registerRequestSchema = z
  .object({
    email: emailSchema,
    password: newPasswordSchema,
    confirm_password: confirmationSchema,
    first_name: nameSchema,
    last_name: nameSchema,
  })
  .superRefine(mustMatch('password', 'confirm_password'));

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z.string('Mot de passe requis').min(1, 'Mot de passe requis').max(MAX_PASSWORD_LENGTH),
});

export const tokenQuerySchema = z.object({
  token: z.string('Lien invalide').min(20, 'Lien invalide').max(200, 'Lien invalide'),
});

export const passwordResetRequestSchema = z.object({ email: emailSchema });

export const passwordResetSchema = z
  .object({
    token: z.string('Lien invalide').min(20, 'Lien invalide').max(200, 'Lien invalide'),
    new_password: newPasswordSchema,
    confirm_password: confirmationSchema,
  })
  .superRefine(mustMatch('new_password', 'confirm_password'));

export const profileUpdateSchema = z.object({ first_name: nameSchema, last_name: nameSchema });

export const changePasswordSchema = z
  .object({
    current_password: z
      .string('Mot de passe actuel requis')
      .min(1, 'Mot de passe actuel requis')
      .max(MAX_PASSWORD_LENGTH),
    new_password: newPasswordSchema,
    confirm_password: confirmationSchema,
  })
  .superRefine(mustMatch('new_password', 'confirm_password'));

/** The user as the server sends it (spec §3). */
export const serverUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  is_verified: z.boolean(),
});
export type ServerUser = z.infer<typeof serverUserSchema>;

/** `{detail}`: what an account call answers when it has only a message. */
export const detailResponseSchema = z.object({ detail: z.string() });
export const registrationAcceptedSchema = z.object({
  detail: z.string(),
  email: z.string(),
  verification_required: z.literal(true),
});
export const verifiedResponseSchema = z.object({ detail: z.string(), user: serverUserSchema });
/** 'Exporter mes données': account, zones, sessions, e-mail tokens, usage, API keys, payment events. */
export const personalDataResponseSchema = z.object({ exported_at: z.string() }).catchall(z.unknown());
