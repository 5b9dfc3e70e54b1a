import { describe, expect, test } from 'vitest';
import { describeError } from './errors.ts';

/** describeError: a startup failure prints its real cause (docs/decisions/010; the race itself is in setup-lock.pg.test.ts). */

describe('describeError', () => {
  test("prints the database's own message under Drizzle's \"Failed query\"", () => {
    const cause = Object.assign(new Error('relation "menus" already exists'), { code: '42P07' });
    const wrapped = new Error('Failed query: CREATE TABLE "menus" (…)', { cause });
    expect(describeError(wrapped)).toBe('Failed query: CREATE TABLE "menus" (…)\n  cause : relation "menus" already exists (42P07)');
  });
});
