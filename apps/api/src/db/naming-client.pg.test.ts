import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import pg from 'pg';
import { requiredDatabaseUrl } from '../test/harness.ts';
import { namingClient } from './client.ts';
import { StatementNames } from './statement-names.ts';

/**
 * The pool's frequent statements run as named statements on PostgreSQL (client.ts namingClient,
 * statement-names.ts; docs/decisions/025, fourth round). One connection (max: 1), so that
 * `pg_prepared_statements`, which lists the current connection's, sees every statement.
 */

const schemaName = `naming_${randomBytes(6).toString('hex')}`;
let pool: pg.Pool;

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: requiredDatabaseUrl(), max: 1, Client: namingClient(new StatementNames()) });
  await pool.query(`create schema ${schemaName}`);
});

afterAll(async () => {
  await pool.query(`drop schema ${schemaName} cascade`);
  await pool.end();
});

async function preparedOnTheConnection(): Promise<{ name: string; statement: string }[]> {
  const result = await pool.query<{ name: string; statement: string }>('select name, statement from pg_prepared_statements order by name');
  return result.rows;
}

describe('named statements on PostgreSQL', () => {
  test('a parameterised text runs unnamed twice, then as one prepared statement, with the same answers', async () => {
    const text = `select $1::int + 1 as next /* ${schemaName} sum */`;
    const answers: number[] = [];
    for (let run = 1; run <= 5; run++) {
      if (run === 2) expect((await preparedOnTheConnection()).filter((row) => row.statement === text)).toEqual([]);
      answers.push((await pool.query<{ next: number }>({ text }, [run])).rows[0]!.next);
    }
    expect(answers).toEqual([2, 3, 4, 5, 6]);
    const prepared = (await preparedOnTheConnection()).filter((row) => row.statement === text);
    expect(prepared).toHaveLength(1);
    expect(prepared[0]!.name).toMatch(/^s\d+$/);
  });

  test('a text without parameters (BEGIN, DDL, migrations) is never named', async () => {
    const text = `select 1 as one /* ${schemaName} plain */`;
    for (let run = 0; run < 5; run++) await pool.query(text);
    expect((await preparedOnTheConnection()).filter((row) => row.statement === text)).toEqual([]);
  });

  test('a migration changes a named statement’s columns: outside a transaction it answers anyway; inside, the transaction sees the error, and the next run answers', async () => {
    const table = `${schemaName}.dishes`;
    await pool.query(`create table ${table} (id int primary key, label text)`);
    await pool.query(`insert into ${table} values (1, 'Tajine')`);
    const text = `select * from ${table} where id = $1`;
    for (let run = 0; run < 3; run++) await pool.query(text, [1]);
    expect((await preparedOnTheConnection()).some((row) => row.statement === text)).toBe(true);

    // Another instance's migration: the statement's result now has one more column.
    await pool.query(`alter table ${table} add column price_cents int not null default 950`);
    // Through the pool (pg-pool passes a callback) and through a checked-out client (a promise).
    expect((await pool.query(text, [1])).rows).toEqual([{ id: 1, label: 'Tajine', price_cents: 950 }]);
    for (let run = 0; run < 3; run++) await pool.query(text, [1]);

    await pool.query(`alter table ${table} add column spicy boolean not null default false`);
    const client = await pool.connect();
    try {
      await client.query('begin');
      await expect(client.query(text, [1])).rejects.toMatchObject({ code: '0A000' });
      await client.query('rollback');
      expect((await client.query(text, [1])).rows).toEqual([{ id: 1, label: 'Tajine', price_cents: 950, spicy: false }]);
    } finally {
      client.release();
    }
  });
});
