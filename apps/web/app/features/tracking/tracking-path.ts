/** The status page of the order whose secret is `secret`, under the locale `prefix` ('' or '/fr'). */
export function trackingPath(prefix: string, secret: string): string {
  return `${prefix}/suivi?commande=${secret}`;
}
