import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { booksErrors } from '@resto/copy/staff/books';

/**
 * The journal's signing key (docs/decisions/031-the-books.md, « sécurisation »): an Ed25519 key
 * of node:crypto. Its id is the first 16 hex digits of the SHA-256 of its public key (SPKI DER),
 * so that an entry names the key that signed it and a verifier holding only the public key (the
 * archives carry it) can check every signature.
 */
export interface BooksSigner {
  /** 16 hex digits. */
  keyId: string;
  /** The public key, SPKI PEM: exported with every archive. */
  publicKeyPem: string;
  /** The base64 Ed25519 signature of `data` (UTF-8). */
  sign(data: string): string;
}

/** The id of a public key: the first 16 hex digits of the SHA-256 of its SPKI DER. */
export function keyIdOf(publicKey: KeyObject): string {
  return createHash('sha256').update(publicKey.export({ type: 'spki', format: 'der' })).digest('hex').slice(0, 16);
}

/**
 * A signer from a private key: PKCS#8 PEM, or the base64 of its DER (one line, for an
 * environment variable). @throws Error (French) when it is not an Ed25519 private key.
 */
export function signerFromPrivateKey(text: string): BooksSigner {
  let key: KeyObject;
  try {
    const trimmed = text.trim();
    key = trimmed.startsWith('-----BEGIN') ? createPrivateKey(trimmed) : createPrivateKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'pkcs8' });
  } catch {
    throw new Error(booksErrors.unreadableKey);
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(booksErrors.unreadableKey);
  const publicKey = createPublicKey(key);
  return {
    keyId: keyIdOf(publicKey),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    sign: (data) => sign(null, Buffer.from(data, 'utf8'), key).toString('base64'),
  };
}

/** A new Ed25519 private key, PKCS#8 PEM. */
export function generatePrivateKey(): string {
  return generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/** Whether `signature` (base64) is the signature of `data` by `publicKeyPem`. */
export function verifySignature(publicKeyPem: string, data: string, signature: string): boolean {
  try {
    return verify(null, Buffer.from(data, 'utf8'), createPublicKey(publicKeyPem), Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/** SHA-256, hex: an entry's hash is that of its previous entry's hash, a line feed and its canonical content. */
export function entryHash(previousHash: string, content: string): string {
  return createHash('sha256').update(previousHash).update('\n').update(content).digest('hex');
}

/** What a chain's head signature covers: the head cannot be moved back to an older entry without the key. */
export function headStatement(chain: string, seq: number, hash: string): string {
  return `journal-head:${chain}:${seq}:${hash}`;
}

/**
 * What the key before endorses when the journal changes key: the chain, the change's sequence,
 * the next key's id and the hash the change follows (an endorsement is good for that place only).
 */
export function keyChangeStatement(chain: string, seq: number, nextKeyId: string, previousHash: string): string {
  return `journal-key-change:${chain}:${seq}:${nextKeyId}:${previousHash}`;
}

/** The hash before a chain's first entry. */
export const genesisHash = '0'.repeat(64);
