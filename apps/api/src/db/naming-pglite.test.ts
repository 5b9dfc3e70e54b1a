import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NamingPGlite } from './naming-pglite.ts';

/**
 * PGlite's frequent statements as named statements (naming-pglite.ts; docs/decisions/025, fourth
 * round): a named run answers exactly what PGlite's own `query` answers, errors and notifications
 * included. Each case runs a text 5 times (named from its third run) beside a plain PGlite.
 */

let named: NamingPGlite;
let plain: PGlite;

const setup = `create table dishes (id int primary key, label text not null, price_cents int, added_at timestamptz, tags jsonb);
  insert into dishes values (1, 'Tajine', 1450, '2026-11-24T11:30:00Z', '["épicé"]'), (2, 'Couscous', null, null, null);`;

beforeAll(async () => {
  named = new NamingPGlite();
  plain = new PGlite();
  await named.exec(setup);
  await plain.exec(setup);
});
afterAll(async () => {
  await named.close();
  await plain.close();
});

async function preparedTexts(): Promise<string[]> {
  return (await named.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map((row) => row.statement);
}

describe('NamingPGlite', () => {
  test('from its third run a text is a named statement, and every run answers as PGlite’s query', async () => {
    const text = 'select id, label, price_cents, added_at, tags from dishes where id = any($1::int[]) or label = $2 order by id';
    for (let run = 1; run <= 5; run++) {
      const params = [[1, 2], null];
      expect(await named.query(text, params)).toEqual(await plain.query(text, params));
      if (run === 2) expect(await preparedTexts()).not.toContain(text);
    }
    expect(await preparedTexts()).toContain(text);
  });

  test('a text without parameters is named too (PGlite’s query runs one statement, through the extended protocol)', async () => {
    const text = 'select count(*)::int as dishes from dishes';
    for (let run = 1; run <= 5; run++) expect(await named.query(text)).toEqual(await plain.query(text));
    expect(await preparedTexts()).toContain(text);
  });

  test('the call’s options are kept: rows as arrays, its own parsers and serializers', async () => {
    const text = 'select id, added_at from dishes where added_at < $1';
    const options = { rowMode: 'array' as const, parsers: { 1184: (value: string) => `parsed ${value}` }, serializers: { 1184: (value: unknown) => (value as Date).toISOString() } };
    for (let run = 1; run <= 5; run++) {
      const params = [new Date('2027-01-01T00:00:00Z')];
      const answer = await named.query(text, params, options);
      expect(answer).toEqual(await plain.query(text, params, options));
      expect(answer.rows).toEqual([[1, 'parsed 2026-11-24 11:30:00+00']]);
    }
  });

  test('a database error is thrown with its code and constraint, and the next statements run', async () => {
    const text = 'insert into dishes (id, label) values ($1, $2)';
    for (let run = 1; run <= 5; run++) {
      const error = await named.query(text, [1, 'Doublon']).catch((caught: unknown) => caught);
      expect(error).toMatchObject({ code: '23505', constraint: 'dishes_pkey' });
      expect(named.isInTransaction()).toBe(false);
      await named.query(text, [100 + run, `Plat ${run}`]);
    }
    expect((await named.query('select count(*)::int as n from dishes where id > $1', [100])).rows).toEqual([{ n: 5 }]);
  });

  test('pg_notify in a named statement reaches the listeners', async () => {
    const heard: string[] = [];
    await named.listen('order_events', (payload) => heard.push(payload));
    const text = "select pg_notify('order_events', $1)";
    for (let run = 1; run <= 5; run++) await named.query(text, [`événement ${run}`]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heard).toEqual([1, 2, 3, 4, 5].map((run) => `événement ${run}`));
  });

  test('a table altered under a named statement: it still answers, with the new columns', async () => {
    const text = 'select * from dishes where id = $1';
    for (let run = 1; run <= 3; run++) await named.query(text, [2]);
    expect(await preparedTexts()).toContain(text);
    await named.exec('alter table dishes add column spicy boolean not null default false');
    expect((await named.query(text, [2])).rows).toEqual([{ id: 2, label: 'Couscous', price_cents: null, added_at: null, tags: null, spicy: false }]);
  });
});
