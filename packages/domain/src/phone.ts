import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * Reads a phone number as a person in France types it (06 12 34 56 78, 06.12.34.56.78,
 * +33 6 12 34 56 78, or a foreign number with its +country code) and returns it in E.164
 * ('+33612345678'), or null when it is not a possible number (docs/decisions/016, section 2.2).
 */
export function normalizePhone(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), 'FR');
  return parsed?.isValid() ? parsed.number : null;
}

/**
 * A stored phone number as a person in France reads it: '+33612345678' → '06 12 34 56 78'; a
 * foreign number keeps its international form ('+44 20 7946 0958'); anything else as given.
 */
export function formatPhone(stored: string): string {
  const parsed = parsePhoneNumberFromString(stored.trim(), 'FR');
  if (!parsed?.isValid()) return stored;
  return parsed.country === 'FR' ? parsed.formatNational() : parsed.formatInternational();
}
