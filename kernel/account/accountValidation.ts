/** Minimum password length. */
export const MIN_PASSWORD_LENGTH = 6;

/** Messages, verbatim. */
export const PASSWORD_TOO_SHORT = `Le mot de passe doit contenir au moins ${MIN_PASSWORD_LENGTH} caractères`;
export const PASSWORDS_DIFFER = 'Les mots de passe ne correspondent pas';

export interface LoginForm {
  email: string;
  password: string;
}

export interface RegistrationForm {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/** What the registration call sends: first and last name only when non-empty. */
export interface RegistrationPayload {
  email: string;
  password: string;
  first_name?: string;
  last_name?: string;
}

/** Login needs an e-mail and a password; submit stays disabled while either is empty or busy. */
export function canSubmitLogin(form: LoginForm, pending: boolean): boolean {
  return !pending && form.email.trim() !== '' && form.password !== '';
}

/** E-mail, password and confirmation are required. */
export function canSubmitRegistration(form: RegistrationForm, pending: boolean): boolean {
  return !pending && form.email.trim() !== '' && form.password !== '' && form.confirmPassword !== '';
}

/**
 * Registration checks, in the order a user fixes them: the confirmation must match, the password
 * must have at least 6 characters. Returns the field errors (empty when valid).
 */
export function validateRegistration(form: RegistrationForm): { password?: string; confirmPassword?: string } {
  const errors: { password?: string; confirmPassword?: string } = {};
  if (form.password.length < MIN_PASSWORD_LENGTH) errors.password = PASSWORD_TOO_SHORT;
  if (form.confirmPassword !== form.password) errors.confirmPassword = PASSWORDS_DIFFER;
  return errors;
}

/** The registration body: trimmed e-mail; names sent only when non-empty. */
export function registrationPayload(form: RegistrationForm): RegistrationPayload {
  const firstName = form.firstName.trim();
  const lastName = form.lastName.trim();
  return {
    email: form.email.trim(),
    password: form.password,
    ...(firstName ? { first_name: firstName } : {}),
    ...(lastName ? { last_name: lastName } : {}),
  };
}

/** The profile button shows the first letter of the e-mail, uppercased; 'U' by default. */
export function userInitial(email: string | null | undefined): string {
  const first = email?.trim().charAt(0);
  return first ? first.toLocaleUpperCase('fr-FR') : 'U';
}

/** The profile shows the full name, else the part of the e-mail before '@'. */
export function displayName(user: { email: string; firstName?: string | null; lastName?: string | null }): string {
  const fullName = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return fullName || user.email.split('@')[0] || user.email;
}
