import { sql } from 'drizzle-orm';
import { anonymisedCustomer } from '@resto/domain/personal-data';
import { queryRows, type Database } from '../../db/client.ts';

/**
 * Anonymises the guest orders placed before `cutoff` that are not anonymised yet
 * (docs/decisions/012): the customer's name, e-mail and phone, the street of the delivery
 * address (the postal code and town stay, as for a deleted account), the kitchen notes, the
 * e-mails still waiting in the outbox and the e-mail in the once-only offer key. Amounts, tax,
 * lines, dates and statuses stay: they are accounting records.
 *
 * One SQL statement (data-modifying CTEs): atomic, and safe when several API instances run it at
 * once — a row another instance anonymised meanwhile no longer matches `anonymised_at is null`
 * when PostgreSQL re-checks it after the lock, so it is written once. Running it again changes
 * nothing (idempotent).
 * @returns how many orders were anonymised by this call.
 */
export async function anonymiseGuestOrders(db: Database, cutoff: Date, now: Date): Promise<number> {
  const rows = await queryRows<{ n: number | string }>(
    db,
    sql`with anonymised as (
      update orders set
        customer = ${JSON.stringify(anonymisedCustomer)}::jsonb,
        location = case when location is null then null
          else jsonb_strip_nulls(jsonb_build_object('postal_code', location->'postal_code', 'city', location->'city')) end,
        anonymised_at = ${now.toISOString()}::timestamptz,
        updated_at = ${now.toISOString()}::timestamptz
      where user_id is null and anonymised_at is null and created_at < ${cutoff.toISOString()}::timestamptz
      returning order_id
    ), notes as (
      update order_lines set note = '' where note <> '' and order_id in (select order_id from anonymised) returning id
    ), mails as (
      delete from mail_outbox where order_id in (select order_id from anonymised) returning id
    ), offer_keys as (
      update order_offers set customer_key = 'anonymised:' || order_id
      where customer_key like 'email:%' and order_id in (select order_id from anonymised) returning id
    )
    select (select count(*) from anonymised) as n, (select count(*) from notes) + (select count(*) from mails) + (select count(*) from offer_keys) as others`,
  );
  return Number(rows[0]?.n ?? 0);
}
