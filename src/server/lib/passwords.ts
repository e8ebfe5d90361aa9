import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * Argon2id with the OWASP-recommended minimum (19 MiB memory, 2 iterations, 1 lane), which meets
 * ASVS level 2; hashing is the library's, we only choose the parameters.
 */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false; // malformed or foreign hash: never a match
  }
}

/** The ~49 000 most common passwords (zxcvbn's list, shipped with the app). */
const commonPasswords = new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));

/**
 * True when the password, or its letters with the digits and symbols people bolt on to satisfy
 * the rules ("Password123!" → "password"), is a common password.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLocaleLowerCase('en-US');
  if (commonPasswords.has(lower)) return true;
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  return core.length >= 3 && commonPasswords.has(core);
}
