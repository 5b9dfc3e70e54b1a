import { describe, expect, test } from 'vitest';
import { getLegalInfo, getSocialLinks, getTagManagerId, isPageAllowed, isValidTagManagerId } from './site.ts';

const settings = (entries: Record<string, unknown>) => Object.entries(entries).map(([name, value]) => ({ name, value }));

describe('isPageAllowed (spec section 1: Blog, Contact, About disallowed; blog flag off)', () => {
  test.each([
    ['About', false],
    ['Contact', false],
    ['Blog', false],
  ] as const)('with no setting, %s is refused', (page, allowed) => {
    expect(isPageAllowed([], page)).toBe(allowed);
  });

  test('an empty disallowed list allows about and contact, the blog still needs its flag', () => {
    const s = settings({ 'site.disallowed_pages': [] });
    expect(isPageAllowed(s, 'About')).toBe(true);
    expect(isPageAllowed(s, 'Contact')).toBe(true);
    expect(isPageAllowed(s, 'Blog')).toBe(false);
    expect(isPageAllowed(settings({ 'site.disallowed_pages': [], 'features.blog.active': true }), 'Blog')).toBe(true);
  });

  test('names compare without case', () => {
    expect(isPageAllowed(settings({ 'site.disallowed_pages': ['contact'] }), 'Contact')).toBe(false);
    expect(isPageAllowed(settings({ 'site.disallowed_pages': ['contact'] }), 'About')).toBe(true);
  });
});

describe('tag manager (spec section 1: id must match GTM- or G-)', () => {
  test.each([
    ['GTM-ABC123', true],
    ['G-ABCDEF1234', true],
    ['UA-12345-1', false],
    ['GTM-', false],
    ['gtm-abc123', false],
    ['GTM-ABC123<script>', false],
  ])('%s valid: %s', (id, valid) => expect(isValidTagManagerId(id)).toBe(valid));

  test('disabled, or enabled with a bad id, loads nothing', () => {
    expect(getTagManagerId(settings({ 'integrations.tag_manager.active': false, 'integrations.tag_manager.id': 'GTM-ABC123' }))).toBeNull();
    expect(getTagManagerId(settings({ 'integrations.tag_manager.active': true, 'integrations.tag_manager.id': 'XYZ' }))).toBeNull();
    expect(getTagManagerId(settings({ 'integrations.tag_manager.active': true, 'integrations.tag_manager.id': ' GTM-ABC123 ' }))).toBe('GTM-ABC123');
  });
});

test('social links: only those set, only http(s)', () => {
  const links = getSocialLinks(
    settings({ 'contacts.facebook': 'https://facebook.com/x', 'contacts.twitter': '', 'contacts.instagram': 'javascript:alert(1)' }),
  );
  expect(links).toEqual([{ network: 'facebook', url: 'https://facebook.com/x' }]);
});

test('legal info shows a visible gap instead of inventing a value', () => {
  const info = getLegalInfo(settings({ 'contacts.name': 'Chez Margot', 'legal.siret': '' }));
  expect(info.name).toBe('Chez Margot');
  expect(info.siret).toBe('[à compléter]');
});
