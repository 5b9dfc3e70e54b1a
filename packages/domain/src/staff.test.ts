import { describe, expect, test } from 'vitest';
import { StaffAcceptSchema, StaffInviteSchema, isInvitationLive, removesLastOwner } from './staff.ts';

describe('staff accounts (docs/decisions/020)', () => {
  const now = new Date('2026-11-24T11:30:00Z');
  const live = { acceptedAt: null, revokedAt: null, expiresAt: new Date(now.getTime() + 1) };

  test('an invitation is live until used, revoked or expired (its expiry instant excluded)', () => {
    expect(isInvitationLive(live, now)).toBe(true);
    expect(isInvitationLive({ ...live, acceptedAt: now }, now)).toBe(false);
    expect(isInvitationLive({ ...live, revokedAt: now }, now)).toBe(false);
    expect(isInvitationLive({ ...live, expiresAt: now }, now)).toBe(false);
  });

  test('removing the only live owner is refused; a staff member or one owner of two is not', () => {
    expect(removesLastOwner({ role: 'owner' }, 1)).toBe(true);
    expect(removesLastOwner({ role: 'owner' }, 2)).toBe(false);
    expect(removesLastOwner({ role: 'staff' }, 1)).toBe(false);
  });

  test('forms: French refusals, e-mails lower-cased, names trimmed, the customers’ password rules', () => {
    expect(StaffInviteSchema.parse({ email: ' Karim@Example.FR ', role: 'staff' })).toEqual({ email: 'karim@example.fr', role: 'staff' });
    expect(StaffInviteSchema.safeParse({ email: 'k@example.fr', role: 'chef' }).error?.issues[0]?.message).toMatch(/owner/);
    expect(StaffAcceptSchema.parse({ name: '  Inès ', password: 'Soupe-a-l-oignon-2026' })).toEqual({ name: 'Inès', password: 'Soupe-a-l-oignon-2026' });
    expect(StaffAcceptSchema.safeParse({ name: ' ', password: 'Soupe-a-l-oignon-2026' }).error?.issues[0]?.message).toBe('Le nom est obligatoire.');
    expect(StaffAcceptSchema.safeParse({ name: 'Inès', password: 'court' }).error?.issues[0]?.message).toMatch(/au moins 8/);
  });
});
