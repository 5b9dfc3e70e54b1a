import commonPasswords from 'fxa-common-password-list';
import { frenchCommonPasswords } from '@resto/domain/account';
import { lazily } from '@resto/domain/clock';

/**
 * Password hashing (docs/decisions/006, OWASP Password Storage Cheat Sheet): argon2id, 19 MiB of memory,
 * 2 iterations, 1 lane; @node-rs/argon2's default algorithm is argon2id and its salt is 16
 * random bytes per hash. The PHC string stores the settings, so they can be raised later.
 */
export const argon2Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** @node-rs/argon2, loaded at the first password hashed or checked (about 3 MB that a server without logins never needs; docs/decisions/026). */
const loadArgon2 = lazily(() => import('@node-rs/argon2'));

/** The PHC string of a password ('$argon2id$v=19$m=19456,t=2,p=1$…'). */
export async function hashPassword(password: string): Promise<string> {
  return (await loadArgon2()).hash(password, argon2Options);
}

/** Whether `password` matches the stored PHC string; false for a malformed one. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  const { verify } = await loadArgon2();
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/**
 * A hash of no account's password, verified when the e-mail matches no account, so that a login
 * takes the same time whether the account exists or not (no enumeration by timing).
 */
let dummyHash: Promise<string> | null = null;
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('aucun compte ne porte ce mot de passe');
  await verifyPassword(await dummyHash, password);
  return false;
}

/** Whether a password is among the most common ones (Mozilla's 50,000, plus French favourites), whatever its case. */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  return commonPasswords.test(password) || commonPasswords.test(lower) || frenchCommonPasswords.has(lower);
}
