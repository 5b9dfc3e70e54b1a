/**
 * Text a request may carry (docs/decisions/014): PostgreSQL refuses NUL in text and a JSON
 * body may hold lone UTF-16 surrogates ("\ud800") that no database encoding can store. Such text
 * is refused at the edge with a French 400 naming the field (docs/decisions/014).
 */

/** C0 control characters but tab, line feed and carriage return (a note may span lines), and DEL. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Why a string is refused: a control character, or a lone surrogate (not valid Unicode). */
export type UnsafeTextReason = 'control' | 'surrogate';

/** Whether `text` has no control character (but \t \n \r) and no lone surrogate. */
export function unsafeTextReason(text: string): UnsafeTextReason | null {
  if (controlCharacters.test(text)) return 'control';
  if (!isWellFormedUtf16(text)) return 'surrogate';
  return null;
}

/** String.prototype.isWellFormed (Node 20+, every browser of 2023+), with a fallback. */
function isWellFormedUtf16(text: string): boolean {
  const native = (text as { isWellFormed?: () => boolean }).isWellFormed;
  if (typeof native === 'function') return native.call(text);
  return !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);
}

/** A refused string in a JSON value: its path ('customer.first_name', 'items.0.note') and why. */
export interface UnsafeText {
  path: string;
  reason: UnsafeTextReason;
}

/** A node of the walk: its key and its parent, so a path is only built for the refused string. */
interface Step {
  value: unknown;
  key: string | number | null;
  parent: Step | null;
}

function pathOf(step: Step | null): string {
  const keys: (string | number)[] = [];
  for (let at = step; at && at.key !== null; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

/** An object key as a path segment: printable ASCII only (a refused key is itself unsafe text). */
const printableKey = (key: string) => key.replace(/[^\x20-\x7e]/g, '?');

/**
 * The first string (value or object key) of a parsed JSON value that the database would refuse,
 * depth first; null when every string is fine. Iterative and linear in the value's size: a body
 * nested 500,000 levels deep neither overflows the stack nor copies its path at every level.
 * @param value what JSON.parse returned.
 */
export function findUnsafeText(value: unknown): UnsafeText | null {
  const stack: Step[] = [{ value, key: null, parent: null }];
  while (stack.length) {
    const step = stack.pop()!;
    const current = step.value;
    if (typeof current === 'string') {
      const reason = unsafeTextReason(current);
      if (reason) return { path: pathOf(step), reason };
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1) stack.push({ value: current[index], key: index, parent: step });
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, child] = entries[index]!;
        const reason = unsafeTextReason(key);
        if (reason) return { path: pathOf({ value: child, key: printableKey(key), parent: step }), reason };
        stack.push({ value: child, key, parent: step });
      }
    }
  }
  return null;
}
