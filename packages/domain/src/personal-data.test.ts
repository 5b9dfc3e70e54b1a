import { describe, expect, test } from 'vitest';
import { describeRetention, readGuestRetentionMonths, retentionCutoff } from './personal-data.ts';

/** Guest data retention (docs/decisions/012). */

describe('readGuestRetentionMonths', () => {
  test.each([
    [[], 36],
    [[{ name: 'privacy.guest_data_retention_months', value: 12 }], 12],
    [[{ name: 'privacy.guest_data_retention_months', value: 0 }], 36],
    [[{ name: 'privacy.guest_data_retention_months', value: 2.5 }], 36],
    [[{ name: 'privacy.guest_data_retention_months', value: '24' }], 36],
  ])('%j → %i', (settings, months) => {
    expect(readGuestRetentionMonths(settings)).toBe(months);
  });
});

describe('retentionCutoff', () => {
  test.each([
    ['2026-11-23T20:00:00.000Z', 36, '2023-11-23T20:00:00.000Z'],
    ['2026-03-31T08:15:00.000Z', 1, '2026-02-28T08:15:00.000Z'],
    ['2028-03-31T08:15:00.000Z', 1, '2028-02-29T08:15:00.000Z'],
    ['2026-01-15T00:00:00.000Z', 13, '2024-12-15T00:00:00.000Z'],
  ])('%s − %i months → %s', (now, months, cutoff) => {
    expect(retentionCutoff(new Date(now), months).toISOString()).toBe(cutoff);
  });
});

test.each([
  [36, '3 ans'],
  [12, '1 an'],
  [18, '18 mois'],
])('describeRetention(%i) → %s', (months, text) => {
  expect(describeRetention(months)).toBe(text);
});
