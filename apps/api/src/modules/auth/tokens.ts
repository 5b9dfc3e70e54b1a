import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { codeLength } from '@resto/domain/account';

/** Session tokens and one-time codes (docs/decisions/006). Only their hashes reach the database. */

/** A session token: 256 random bits, base64url (43 characters). */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the sessions table stores of a token: its SHA-256, hex (a 256-bit secret needs no salt nor slow hash). */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A 6-digit code from the CSPRNG, leading zeros kept ('004217'). */
export function newCode(): string {
  return String(randomInt(0, 10 ** codeLength)).padStart(codeLength, '0');
}

export function newSalt(): string {
  return randomBytes(16).toString('hex');
}

/** HMAC-SHA-256 of a code under its row's salt, hex. */
export function hashCode(salt: string, code: string): string {
  return createHmac('sha256', salt).update(code).digest('hex');
}

/** Compares a typed code with a stored hash in constant time. */
export function codeMatches(salt: string, storedHash: string, code: string): boolean {
  const typed = Buffer.from(hashCode(salt, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return typed.length === stored.length && timingSafeEqual(typed, stored);
}
