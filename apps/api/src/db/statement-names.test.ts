import { describe, expect, test } from 'vitest';
import { StatementNames } from './statement-names.ts';

describe('StatementNames: which texts run as named statements', () => {
  test('a text is named at its third run, and keeps that name', () => {
    const names = new StatementNames();
    expect(names.nameOf('select $1')).toBeUndefined();
    expect(names.nameOf('select $1')).toBeUndefined();
    expect(names.nameOf('select $1')).toBe('s0');
    expect(names.nameOf('select $1')).toBe('s0');
    expect(names.size).toBe(1);
  });

  test('each text has its own name, never another text’s', () => {
    const names = new StatementNames(100, 1);
    expect(names.nameOf('select $1')).toBe('s0');
    expect(names.nameOf('select $1::int')).toBe('s1');
    expect(names.nameOf('select $1')).toBe('s0');
  });

  test('past the bound, new texts stay unnamed and named ones keep their name', () => {
    const names = new StatementNames(2, 1);
    expect(names.nameOf('a $1')).toBe('s0');
    expect(names.nameOf('b $1')).toBe('s1');
    expect(names.nameOf('c $1')).toBeUndefined();
    expect(names.nameOf('c $1')).toBeUndefined();
    expect(names.nameOf('a $1')).toBe('s0');
    expect(names.size).toBe(2);
  });

  test('the counts start over past maxCounted texts: a text seen once in a while is never named', () => {
    const names = new StatementNames(100, 2, 3);
    expect(names.nameOf('rare $1')).toBeUndefined();
    for (const text of ['x $1', 'y $1', 'z $1']) names.nameOf(text);
    // The counts were cleared when the fourth text came: « rare » starts over.
    expect(names.nameOf('rare $1')).toBeUndefined();
    expect(names.nameOf('rare $1')).toBe('s0');
  });

  test('a forgotten text counts again, then takes a new name (the old one is never given again)', () => {
    const names = new StatementNames(100, 2);
    names.nameOf('select $1');
    expect(names.nameOf('select $1')).toBe('s0');
    names.forget('select $1');
    expect(names.size).toBe(0);
    expect(names.nameOf('select $1')).toBeUndefined();
    expect(names.nameOf('select $1')).toBe('s1');
  });
});
