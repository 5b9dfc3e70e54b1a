import { eurosToCents, formatPrice } from '@resto/domain/money';

/** An API amount in euros as the visitor reads it: '12,50 €'. */
export function formatEuros(euros: number): string {
  return formatPrice(eurosToCents(euros));
}

/** A tax rate for the recap: 10 → '10 %', 5.5 → '5,5 %'. */
export function formatRate(percent: number): string {
  return `${new Intl.NumberFormat('fr-FR').format(percent)} %`;
}
