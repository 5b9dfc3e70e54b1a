import { createECDH, createPublicKey, createDecipheriv, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service on 127.0.0.1 for tests, speaking the push service's side of Web Push as the
 * browsers' services do (docs/decisions/022; the only outside service the escalation tests replace):
 * - RFC 8030: a push message is `POST <endpoint>` with a `TTL` header; 201 Created when accepted;
 *   a subscription the service no longer knows answers 404 or 410 (here: `gone`).
 * - RFC 8292 (VAPID): `Authorization: vapid t=<JWT>, k=<the server's public key>`; the JWT is ES256
 *   over P-256, its `aud` the endpoint's origin, `exp` at most 24 h ahead, `sub` a mailto: or https
 *   URL. Checked for real: a bad signature, audience, expiry or key is answered 403.
 * - RFC 8291 (message encryption, `Content-Encoding: aes128gcm`, RFC 8188): the payload is
 *   decrypted with the device's private key and auth secret, as a browser would, and kept.
 * Each `subscribe()` makes a device: a P-256 key pair, a 16-byte auth secret and an endpoint,
 * returned as the browser's `PushSubscription.toJSON()`.
 */

interface TestDevice {
  /** What the browser would send to the server: `PushSubscription.toJSON()`. */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  /** The payloads this device received, decrypted, oldest first. */
  received: string[];
  /** Answer 410 Gone from now on (the browser unsubscribed). */
  gone: boolean;
}

interface ReceivedPush {
  deviceId: string;
  /** The decrypted payload. */
  payload: string;
  /** The VAPID JWT's claims. */
  claims: { aud: string; exp: number; sub: string };
  /** The VAPID public key (`k`), base64url. */
  vapidKey: string;
  ttl: number;
  urgency: string | null;
}

export interface TestPushService {
  /** 'http://127.0.0.1:<port>'. */
  origin: string;
  subscribe(): TestDevice;
  /** Every accepted push, in order. */
  pushes: ReceivedPush[];
  /** Every refused request, with why (tests assert none was refused). */
  refusals: { status: number; reason: string }[];
  close(): Promise<void>;
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');
const fromB64url = (text: string) => Buffer.from(text, 'base64url');

export async function startTestPushService(): Promise<TestPushService> {
  const devices = new Map<string, TestDevice & { ecdh: ECDH; auth: Buffer }>();
  const pushes: ReceivedPush[] = [];
  const refusals: { status: number; reason: string }[] = [];
  let origin = '';

  const server: Server = createServer((request, response) => {
    void handle(request).then(
      ({ status, reason }) => {
        if (status >= 400 && status !== 410) refusals.push({ status, reason });
        response.writeHead(status, status === 201 ? { Location: `${origin}/messages/${randomBytes(6).toString('hex')}` } : {});
        response.end(reason);
      },
      (error: unknown) => {
        refusals.push({ status: 500, reason: String(error) });
        response.writeHead(500);
        response.end();
      },
    );
  });

  async function handle(request: IncomingMessage): Promise<{ status: number; reason: string }> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const match = /^\/push\/([a-f0-9]+)$/.exec(request.url ?? '');
    const device = match ? devices.get(match[1]!) : undefined;
    if (request.method !== 'POST' || !device) return { status: 404, reason: 'unknown subscription' };
    if (device.gone) return { status: 410, reason: 'gone' };
    // RFC 8030 section 5.2: TTL is required.
    const ttl = Number(request.headers.ttl);
    if (!Number.isInteger(ttl) || ttl < 0) return { status: 400, reason: 'TTL missing' };
    // RFC 8292: the VAPID authorization.
    const vapid = checkVapid(String(request.headers.authorization ?? ''), origin);
    if ('refused' in vapid) return { status: 403, reason: vapid.refused };
    // RFC 8291 / RFC 8188: decrypt.
    if (request.headers['content-encoding'] !== 'aes128gcm') return { status: 415, reason: 'not aes128gcm' };
    const payload = decrypt(body, device.ecdh, device.auth);
    if (payload === null) return { status: 400, reason: 'payload does not decrypt' };
    device.received.push(payload);
    pushes.push({
      deviceId: match![1]!,
      payload,
      claims: vapid.claims,
      vapidKey: vapid.key,
      ttl,
      urgency: (request.headers.urgency as string | undefined) ?? null,
    });
    return { status: 201, reason: '' };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    pushes,
    refusals,
    subscribe() {
      const id = randomBytes(8).toString('hex');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const device = {
        subscription: { endpoint: `${origin}/push/${id}`, expirationTime: null, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } },
        received: [],
        gone: false,
        ecdh,
        auth,
      };
      devices.set(id, device);
      return device;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** RFC 8292 section 3: `vapid t=<jwt>, k=<key>`; ES256 signature, audience, expiry and subject checked. */
function checkVapid(header: string, origin: string): { claims: ReceivedPush['claims']; key: string } | { refused: string } {
  const match = /^vapid\s+(.+)$/i.exec(header.trim());
  if (!match) return { refused: 'no vapid authorization' };
  const params = new Map(match[1]!.split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const jwt = params.get('t');
  const key = params.get('k');
  if (!jwt || !key) return { refused: 'vapid t or k missing' };
  const [headerPart, claimsPart, signaturePart] = jwt.split('.');
  if (!headerPart || !claimsPart || !signaturePart) return { refused: 'malformed JWT' };
  const jwtHeader = JSON.parse(fromB64url(headerPart).toString('utf8')) as { alg?: string; typ?: string };
  if (jwtHeader.alg !== 'ES256') return { refused: `alg ${jwtHeader.alg}` };
  const raw = fromB64url(key);
  if (raw.length !== 65 || raw[0] !== 4) return { refused: 'k is not an uncompressed P-256 point' };
  const publicKey = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33)) }, format: 'jwk' });
  const signed = Buffer.from(`${headerPart}.${claimsPart}`);
  if (!verify('sha256', signed, { key: publicKey, dsaEncoding: 'ieee-p1363' }, fromB64url(signaturePart))) return { refused: 'bad JWT signature' };
  const claims = JSON.parse(fromB64url(claimsPart).toString('utf8')) as ReceivedPush['claims'];
  if (claims.aud !== origin) return { refused: `aud ${claims.aud} is not ${origin}` };
  const nowSeconds = Math.floor(Date.now() / 1000);
  if (!(claims.exp > nowSeconds && claims.exp <= nowSeconds + 24 * 3600)) return { refused: `exp ${claims.exp} out of range` };
  if (!/^(mailto:|https:)/.test(claims.sub)) return { refused: `sub ${claims.sub}` };
  return { claims, key };
}

/**
 * RFC 8291 section 3.4 and RFC 8188 section 2: the header (salt 16, record size 4, key id length 1,
 * key id = the sender's public key), then one record: AES-128-GCM with the key and nonce derived
 * from the ECDH secret and the auth secret; the plaintext ends with the delimiter 0x02 and padding.
 * @returns the payload, or null when it does not decrypt.
 */
function decrypt(body: Buffer, ecdh: ECDH, auth: Buffer): string | null {
  if (body.length < 21 + 65 + 16) return null;
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  try {
    const shared = ecdh.computeSecret(senderKey);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderKey]);
    const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
    const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
    const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end -= 1;
    if (plain[end] !== 2) return null; // the last record's delimiter
    return plain.subarray(0, end).toString('utf8');
  } catch {
    return null;
  }
}
