import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** `Algorithm.Argon2id` (a const enum the build cannot read). */
const ARGON2ID = 2 as Algorithm;

/**
 * Argon2id at the OWASP password-storage minimum: 19 MiB of memory, 2 passes, 1 lane
 * (the cost is stated with the login benchmark).
 */
export const PASSWORD_HASH_PARAMETERS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_PARAMETERS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let decoyHash: Promise<string> | undefined;

/**
 * Spends the time of a real verification when the address is unknown, so the answer time does not
 * tell whether an account exists.
 */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword('zonalyse-decoy-password');
  await verifyPassword(await decoyHash, password);
  return false;
}
