/**
 * One person, one e-mail key (docs/decisions/003): the rule that tells two spellings of the same
 * mailbox apart from two mailboxes, so a once-only offer (allow_repeat false) is not used again
 * with `Client@Gmail.com`, `c.l.i.e.n.t@gmail.com` or `client+1@gmail.com`.
 * See docs/decisions/003-offers-and-coupons.md. Pure: no I/O, no DNS.
 */

/** What a provider ignores in the part before the @ (its documented behaviour). */
export interface MailboxRule {
  /** Dots in the local part do not matter (`j.dupont` = `jdupont`). */
  ignoresDots: boolean;
  /** Everything from the first `+` is a tag that reaches the same mailbox (`jdupont+pizza`). */
  ignoresPlusTag: boolean;
  /** The domain that names the same mailboxes (googlemail.com is gmail.com). */
  canonicalDomain?: string;
}

const plusTagOnly: MailboxRule = { ignoresDots: false, ignoresPlusTag: true };

/**
 * The providers whose rules we apply (lower case domains). Chosen from each provider's own help
 * pages: Gmail ignores dots and `+tag` and answers on googlemail.com too; Microsoft (Outlook,
 * Hotmail, Live, MSN), Apple iCloud, Proton, Fastmail, Yandex and Zoho deliver `+tag` to the same
 * mailbox. Every other domain keeps its local part as typed (lower-cased): a `+` or a dot may
 * name another person there.
 */
export const mailboxRules: Readonly<Record<string, MailboxRule>> = {
  'gmail.com': { ignoresDots: true, ignoresPlusTag: true },
  'googlemail.com': { ignoresDots: true, ignoresPlusTag: true, canonicalDomain: 'gmail.com' },
  'outlook.com': plusTagOnly,
  'outlook.fr': plusTagOnly,
  'hotmail.com': plusTagOnly,
  'hotmail.fr': plusTagOnly,
  'live.com': plusTagOnly,
  'live.fr': plusTagOnly,
  'msn.com': plusTagOnly,
  'icloud.com': plusTagOnly,
  'me.com': plusTagOnly,
  'mac.com': plusTagOnly,
  'proton.me': plusTagOnly,
  'protonmail.com': plusTagOnly,
  'protonmail.ch': plusTagOnly,
  'pm.me': plusTagOnly,
  'fastmail.com': plusTagOnly,
  'fastmail.fm': plusTagOnly,
  'yandex.com': plusTagOnly,
  'yandex.ru': plusTagOnly,
  'zoho.com': plusTagOnly,
};

/**
 * The key of the mailbox an e-mail reaches, for once-only offers: trimmed and lower-cased, then
 * the provider's rule of `mailboxRules` (dots, `+tag`, alias domain). An address without `@` is
 * only trimmed and lower-cased (the schemas refuse it before it gets here).
 *
 * @example calculateMailboxKey(' J.Dupont+pizza@GoogleMail.com ') === 'jdupont@gmail.com'
 * @example calculateMailboxKey('j.dupont+pizza@orange.fr') === 'j.dupont+pizza@orange.fr'
 */
export function calculateMailboxKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  const domain = address.slice(at + 1).replace(/\.$/, '');
  const rule = mailboxRules[domain];
  if (!rule) return `${local}@${domain}`;
  if (rule.ignoresPlusTag) {
    const plus = local.indexOf('+');
    // '+tag@…' alone (nothing before the +) is kept as typed: there is no mailbox name to keep.
    if (plus > 0) local = local.slice(0, plus);
  }
  if (rule.ignoresDots) {
    const undotted = local.replaceAll('.', '');
    if (undotted) local = undotted;
  }
  return `${local}@${rule.canonicalDomain ?? domain}`;
}
