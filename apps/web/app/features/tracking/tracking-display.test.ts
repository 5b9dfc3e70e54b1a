import { describe, expect, test } from 'vitest';
import { TrackingViewSchema, type TrackingView } from '@resto/contract/board';
import { formatEuros } from '@resto/domain/format';
import { formatClockTime, newerView, trackingDisplay } from './tracking-display.ts';

/** A cash pickup order as GET /v2/public/tracking/{secret} answers it, just placed (docs/decisions/019). */
function view(overrides: Partial<TrackingView> = {}): TrackingView {
  return TrackingViewSchema.parse({
    order_id: 42,
    status: 'pending',
    step: 'received',
    is_pickup: true,
    is_scheduled: false,
    delivery_date: null,
    delivery_time_range: null,
    ready_at: null,
    confirmation_from: null,
    reason_text: null,
    refund: null,
    refunds: [],
    paid_by_card: null,
    refunded: 0,
    payment_method: 'cash',
    payment_test_mode: false,
    total: 24.5,
    paid_on_site: 0,
    items: [{ item_name: 'Burger', quantity: 2, options: ['Frites'] }],
    restaurant_phone: '04 78 00 00 00',
    events: [{ id: 1, type: 'placed', to_status: 'pending', ready_at: null, at: '2026-11-24T11:30:00.000Z' }],
    ...overrides,
  });
}

const states = (v: TrackingView) => trackingDisplay(v).steps?.map((s) => `${s.label}:${s.state}`);

describe('trackingDisplay: what /suivi shows for each step (docs/decisions/019)', () => {
  test('received while the restaurant cannot answer yet: when it will, not « dans quelques instants »', () => {
    expect(trackingDisplay(view()).detail).toBe('Le restaurant va confirmer votre commande dans quelques instants.');
    const later = trackingDisplay(view({ confirmation_from: '2026-11-25T17:30:00.000Z' }));
    expect(later.detail).toBe('Le restaurant confirmera votre commande à son ouverture, le mercredi 25 novembre à 18:30.');
  });

  test('paid at the counter: « À régler sur place » until « Encaisser », then what is left, then « Réglée sur place »', () => {
    expect(trackingDisplay(view({ paid_on_site: 0 })).payment).toBe('À régler sur place');
    expect(trackingDisplay(view({ paid_on_site: 20 })).payment).toBe(`Reste à régler sur place : ${formatEuros(4.5)}`);
    expect(trackingDisplay(view({ paid_on_site: 24.5 })).payment).toBe('Réglée sur place');
    expect(trackingDisplay(view({ paid_on_site: 30 })).payment).toBe('Réglée sur place');
    expect(trackingDisplay(view({ payment_method: 'card', paid_on_site: null, status: 'paid', step: 'received' })).payment).toBe('Payée par carte');
  });

  test('received: the first step under way, payment on site', () => {
    const display = trackingDisplay(view());
    expect(display.title).toBe('Commande reçue');
    expect(states(view())).toEqual(['Reçue:current', 'Acceptée:upcoming', 'Prête:upcoming', 'Terminée:upcoming']);
    expect(display.payment).toBe('À régler sur place');
    expect(display.mode).toBe('À emporter');
    expect(display.schedule).toBe('dès que possible');
    expect(display.total).toBe('24,50\u00a0€');
    expect(display.readyAround).toBeNull();
    expect(display.tone).toBe('progress');
  });

  test('accepted: « Prête vers 12:50 » in Paris time (UTC+1 in November), said by the live region', () => {
    const accepted = view({ status: 'accepted', step: 'accepted', ready_at: '2026-11-24T11:50:00.000Z' });
    const display = trackingDisplay(accepted);
    expect(display.readyAround).toBe('Prête vers 12:50');
    expect(states(accepted)).toEqual(['Reçue:done', 'Acceptée:current', 'Prête:upcoming', 'Terminée:upcoming']);
    expect(display.announcement).toBe('Commande acceptée. Prête vers 12:50');
  });

  test('summer time: a ready time in July reads UTC+2', () => {
    expect(formatClockTime('2026-07-14T17:40:00.000Z')).toBe('19:40');
  });

  test('ready: waiting at the restaurant, or on its way for a delivery', () => {
    expect(trackingDisplay(view({ status: 'ready', step: 'ready', ready_at: '2026-11-24T11:50:00.000Z' })).detail).toBe(
      'Votre commande vous attend au restaurant.',
    );
    const delivery = view({ status: 'ready', step: 'ready', is_pickup: false, delivery_date: '2026-11-24', delivery_time_range: '12:30-12:45' });
    expect(trackingDisplay(delivery).detail).toBe('Votre commande part en livraison.');
    expect(trackingDisplay(delivery).mode).toBe('Livraison');
    expect(trackingDisplay(delivery).schedule).toBe('le mardi 24 novembre, 12:30–12:45');
    expect(states(delivery)).toEqual(['Reçue:done', 'Acceptée:done', 'Prête:current', 'Terminée:upcoming']);
  });

  test('completed: every step done, none under way', () => {
    const completed = view({ status: 'completed', step: 'completed' });
    expect(states(completed)).toEqual(['Reçue:done', 'Acceptée:done', 'Prête:done', 'Terminée:done']);
    expect(trackingDisplay(completed).tone).toBe('done');
  });

  test('refused card order: no stepper, the reason and the refund under way, then done', () => {
    const refused = view({
      status: 'rejected',
      step: 'refused',
      payment_method: 'card',
      reason_text: 'Produit épuisé',
      refund: { status: 'pending', amount: 24.5, last_error: null },
    });
    const display = trackingDisplay(refused);
    expect(display.steps).toBeNull();
    expect(display.title).toBe('Commande refusée');
    expect(display.reason).toBe('Motif : Produit épuisé');
    expect(display.refund).toBe('Remboursement de 24,50\u00a0€ en cours sur votre carte.');
    expect(display.payment).toBe('Payée par carte');
    expect(display.tone).toBe('refused');
    expect(display.announcement).toBe('Commande refusée. Motif : Produit épuisé. Remboursement de 24,50\u00a0€ en cours sur votre carte.');
    expect(trackingDisplay({ ...refused, refund: { status: 'succeeded', amount: 24.5, last_error: null } }).refund).toBe(
      'Remboursement de 24,50\u00a0€ effectué sur votre carte.',
    );
    // A refund the provider refused is retried by staff: for the customer it is still under way.
    expect(trackingDisplay({ ...refused, refund: { status: 'failed', amount: 24.5, last_error: 'card_declined' } }).refund).toMatch(/en cours/);
  });

  test('cancelled after acceptance reads « annulée »; a cash order has no refund', () => {
    const display = trackingDisplay(view({ status: 'cancelled', step: 'refused', reason_text: 'Fermeture exceptionnelle' }));
    expect(display.title).toBe('Commande annulée');
    expect(display.reason).toBe('Motif : Fermeture exceptionnelle');
    expect(display.refund).toBeNull();
  });

  test('a card order not paid yet says so, and no step is reached', () => {
    const waiting = view({ status: 'pending', step: 'awaiting_payment', payment_method: 'card', payment_test_mode: true });
    const display = trackingDisplay(waiting);
    expect(display.title).toBe('Paiement en attente');
    expect(display.payment).toBe('Par carte, pas encore payée — mode test');
    expect(states(waiting)).toEqual(['Reçue:upcoming', 'Acceptée:upcoming', 'Prête:upcoming', 'Terminée:upcoming']);
    expect(display.tone).toBe('waiting');
  });
});

describe('trackingDisplay: the restaurant’s partial refunds (docs/decisions/035)', () => {
  // Accepted, paid 24,50 € by card; 12:40 in Paris is 11:40 UTC in November.
  const paid = view({ status: 'accepted', step: 'accepted', payment_method: 'card', paid_on_site: null, paid_by_card: 24.5 });
  const missing = {
    status: 'succeeded' as const,
    amount: 4.5,
    reason: 'Produit manquant',
    lines: [{ label: 'Pizza Margherita', quantity: 1, amount: 4.5 }],
    at: '2026-11-24T11:40:00.000Z',
  };

  test('none: no list, no « Remboursé : … »', () => {
    const display = trackingDisplay(paid);
    expect(display.partialRefunds).toEqual([]);
    expect(display.refundedOf).toBeNull();
  });

  test('one confirmed per line: its amount, date, reason and line; « Remboursé : 4,50 € sur 24,50 € »; the order carries on', () => {
    const display = trackingDisplay({ ...paid, refunds: [missing], refunded: 4.5 });
    expect(display.partialRefunds).toEqual([
      {
        pending: false,
        title: 'Remboursement de 4,50\u00a0€, le mardi 24 novembre à 12:40',
        amount: '4,50\u00a0€',
        reason: 'Motif : Produit manquant',
        lines: ['1 × Pizza Margherita — 4,50\u00a0€'],
      },
    ]);
    expect(display.refundedOf).toBe('Remboursé : 4,50\u00a0€ sur 24,50\u00a0€');
    expect(display.title).toBe('Commande acceptée');
    expect(display.steps).not.toBeNull();
    expect(display.refund).toBeNull();
  });

  test('an amount with staff’s own words, and one under way: « Remboursement en cours », not counted as refunded', () => {
    const other = { status: 'succeeded' as const, amount: 2, reason: 'Boisson renversée à la livraison', lines: [], at: '2026-11-24T11:45:00.000Z' };
    const pending = { status: 'pending' as const, amount: 3, reason: 'Retard', lines: [], at: '2026-11-24T11:50:00.000Z' };
    const display = trackingDisplay({ ...paid, refunds: [missing, other, pending], refunded: 6.5 });
    expect(display.partialRefunds.map((row) => [row.pending, row.title, row.reason, row.lines])).toEqual([
      [false, 'Remboursement de 4,50\u00a0€, le mardi 24 novembre à 12:40', 'Motif : Produit manquant', ['1 × Pizza Margherita — 4,50\u00a0€']],
      [false, 'Remboursement de 2,00\u00a0€, le mardi 24 novembre à 12:45', 'Motif : Boisson renversée à la livraison', []],
      [true, 'Remboursement en cours', 'Motif : Retard', []],
    ]);
    expect(display.partialRefunds[2]!.amount).toBe('3,00\u00a0€');
    expect(display.refundedOf).toBe('Remboursé : 6,50\u00a0€ sur 24,50\u00a0€');
    expect(display.announcement).toContain('Remboursement en cours');
  });

  test('only one under way: listed, but nothing refunded yet to say', () => {
    const display = trackingDisplay({ ...paid, refunds: [{ ...missing, status: 'pending' }] });
    expect(display.partialRefunds[0]).toMatchObject({ pending: true, title: 'Remboursement en cours' });
    expect(display.refundedOf).toBeNull();
  });

  test('cancelled after a partial refund: the full refund of the rest as before, the partial one listed, all of it refunded', () => {
    const display = trackingDisplay({
      ...paid,
      status: 'cancelled',
      step: 'refused',
      reason_text: 'Fermeture exceptionnelle',
      refund: { status: 'succeeded', amount: 20, last_error: null },
      refunds: [missing],
      refunded: 24.5,
    });
    expect(display.refund).toBe('Remboursement de 20,00\u00a0€ effectué sur votre carte.');
    expect(display.partialRefunds).toHaveLength(1);
    expect(display.refundedOf).toBe('Remboursé : 24,50\u00a0€ sur 24,50\u00a0€');
  });
});

describe('trackingDisplay: a phone order paid through a payment link (docs/decisions/038)', () => {
  test('paid in full by the link: « Payée par carte », not « Réglée sur place »; part by link and part at the counter: on site', () => {
    expect(trackingDisplay(view({ paid_on_site: 24.5, paid_by_link: 24.5 })).payment).toBe('Payée par carte');
    expect(trackingDisplay(view({ paid_on_site: 24.5, paid_by_link: 10 })).payment).toBe('Réglée sur place');
    expect(trackingDisplay(view({ paid_on_site: 24.5 })).payment).toBe('Réglée sur place');
  });
});

describe('trackingDisplay: an order changed by the restaurant (docs/decisions/039)', () => {
  test('never changed: nothing said; changed: « modifiée par le restaurant à 12:41 », the last change’s time in Paris', () => {
    expect(trackingDisplay(view()).changed).toBeNull();
    const changed = view({
      events: [
        { id: 1, type: 'placed', to_status: 'pending', ready_at: null, at: '2026-11-24T11:30:00.000Z' },
        { id: 2, type: 'modified', to_status: null, ready_at: null, at: '2026-11-24T11:35:00.000Z' },
        { id: 3, type: 'modified', to_status: null, ready_at: null, at: '2026-11-24T11:41:00.000Z' },
      ],
    });
    expect(trackingDisplay(changed).changed).toBe('Commande modifiée par le restaurant à 12:41 : voici son contenu à jour.');
  });
});

describe('newerView: a late answer never takes the page back', () => {
  const placed = view();
  const accepted = view({
    status: 'accepted',
    step: 'accepted',
    events: [...placed.events, { id: 7, type: 'accepted', to_status: 'accepted', ready_at: '2026-11-24T11:50:00.000Z', at: '2026-11-24T11:31:00.000Z' }],
  });

  test('the view with the later event wins, whichever arrives last', () => {
    expect(newerView(placed, accepted)).toBe(accepted);
    expect(newerView(accepted, placed)).toBe(accepted);
  });

  test('on a tie the new answer is taken', () => {
    const again = view();
    expect(newerView(placed, again)).toBe(again);
  });
});
