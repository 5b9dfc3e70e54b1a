/**
 * Money helpers. Inside the code every amount is an integer number of cents;
 * the API speaks euros with 2 decimals (docs/decisions/016, section 3).
 */

// Rendering an amount for a person ('12,50 €') is in format.ts, with the other French formats.

/**
 * Integer division rounded half away from zero: roundDiv(5, 2) = 3, roundDiv(-5, 2) = -3.
 * Used for every rounding of money so the browser and the server agree to the cent.
 * @throws RangeError when the divisor is not a positive integer.
 */
export function roundDiv(numerator: number, denominator: number): number {
  if (!Number.isInteger(denominator) || denominator <= 0) throw new RangeError('denominator must be a positive integer');
  const sign = numerator < 0 ? -1 : 1;
  const magnitude = Math.abs(numerator);
  const quotient = Math.floor(magnitude / denominator);
  const remainder = magnitude - quotient * denominator;
  return sign * (remainder * 2 >= denominator ? quotient + 1 : quotient) + 0; // + 0 turns -0 into 0
}

/** Euros as the API writes them (12.5) to integer cents (1250), rounded half away from zero. */
export function eurosToCents(euros: number): number {
  const cents = Math.round(Math.abs(euros) * 100 * 1e6) / 1e6; // absorbs 0.1 + 0.2 style float noise
  return Math.sign(euros) * Math.round(cents) + 0;
}

/** Integer cents to euros with 2 decimals for the API (1250 -> 12.5). */
export function centsToEuros(cents: number): number {
  return Math.round(cents) / 100;
}

/**
 * A tax rate given in percent by the API (10, 5.5, 20) to basis points (1000, 550, 2000),
 * so tax maths stays in integers.
 */
export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}
