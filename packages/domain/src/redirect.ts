/**
 * Where a page may send the visitor back to after logging in (docs/decisions/009): a path of
 * this site only. A `redirect` query parameter is attacker-controlled (`/auth/login?redirect=…`
 * in a phishing link), and browsers are lenient with what they take as another origin: `//evil`,
 * `/\evil` and `/<tab>/evil` (the URL parser drops tabs and newlines) all leave the site.
 */

/** Resolves paths against a host that cannot be ours, to see whether the result leaves it. */
const PROBE_ORIGIN = 'http://same-site.invalid';

/**
 * `input` if it is a same-site path (`/profile/ViewOrders?page=2`, `/menu#desserts`), else null.
 * Refused: anything not starting with one `/` (absolute URLs, `javascript:`, `%2F%2F…` still
 * encoded, relative paths), `//` and `/\` (another host), any backslash, control character
 * (tab, newline, NUL… that the URL parser would drop) or other whitespace, more than 2,000
 * characters, and a path that the URL parser turns into another origin or into `//…` (`/.//evil`).
 * Pure; never throws.
 */
export function sameSitePath(input: unknown): string | null {
  if (typeof input !== 'string' || input.length === 0 || input.length > 2000) return null;
  if (input[0] !== '/' || input[1] === '/' || input[1] === '\\') return null;
  // Backslashes are slashes to the URL parser; control characters and whitespace are stripped or
  // trimmed by it. None has a place in a path we link to ourselves.
  if (/[\\\s\p{Cc}\p{Cf}]/u.test(input)) return null;
  let resolved: URL;
  try {
    resolved = new URL(input, `${PROBE_ORIGIN}/`);
  } catch {
    return null;
  }
  if (resolved.origin !== PROBE_ORIGIN || resolved.pathname.startsWith('//')) return null;
  return input;
}
