ALTER TABLE "customer_records" ADD COLUMN "merged_into" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customer_records_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_records_merged_into_idx" ON "customer_records" USING btree ("merged_into");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id");--> statement-breakpoint
-- The customers of the orders that have none yet (docs/decisions/037-customers.md): every order
-- with an e-mail or a phone joins the customer already holding one of its keys, orders sharing
-- keys (through chains) are one customer, a customer is made for those no key finds, and two
-- customers joined by these orders are merged into the older (the first note, the strongest mark).
-- Label propagation over the orders' keys: each key starts as its customer's id, or above every
-- id when new; the smallest label of a chain spreads to all its keys. Used by this migration for
-- the orders already there, and by writes of many orders at once (orders/repository.ts
-- insertPastOrders, the benches). Returns how many orders it gave a customer.
CREATE OR REPLACE FUNCTION customers_assign_orders() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  assigned integer;
  fresh constant bigint := 1000000000000;
BEGIN
  CREATE TEMP TABLE customer_edges ON COMMIT DROP AS
    SELECT o.order_id, k.key
    FROM orders o,
      LATERAL (
        SELECT 'email:' || lower(trim(o.customer->>'email')) WHERE coalesce(trim(o.customer->>'email'), '') <> ''
        UNION ALL
        SELECT 'phone:' || (o.customer->>'phone') WHERE coalesce(o.customer->>'phone', '') <> ''
      ) AS k(key)
    WHERE o.customer_id IS NULL AND o.anonymised_at IS NULL;
  CREATE INDEX ON customer_edges (order_id);
  CREATE INDEX ON customer_edges (key);
  CREATE TEMP TABLE customer_labels ON COMMIT DROP AS
    SELECT e.key, coalesce(r.merged_into, r.id)::bigint AS root,
      coalesce(coalesce(r.merged_into, r.id)::bigint, fresh + row_number() OVER (ORDER BY e.key)) AS label
    FROM (SELECT DISTINCT key FROM customer_edges) e
    LEFT JOIN customer_record_keys k ON k.key = e.key
    LEFT JOIN customer_records r ON r.id = k.record_id;
  CREATE UNIQUE INDEX ON customer_labels (key);
  LOOP
    UPDATE customer_labels l SET label = m.label
    FROM (
      SELECT e2.key, min(l1.label) AS label
      FROM customer_edges e1 JOIN customer_labels l1 ON l1.key = e1.key JOIN customer_edges e2 ON e2.order_id = e1.order_id
      GROUP BY e2.key
    ) m
    WHERE m.key = l.key AND m.label < l.label;
    EXIT WHEN NOT FOUND;
  END LOOP;
  CREATE TEMP TABLE customer_chains ON COMMIT DROP AS
    SELECT label, CASE WHEN label < fresh THEN label::integer ELSE nextval(pg_get_serial_sequence('customer_records', 'id'))::integer END AS record_id
    FROM (SELECT DISTINCT label FROM customer_labels) d;
  INSERT INTO customer_records (id) SELECT record_id FROM customer_chains WHERE label >= fresh;
  -- Customers joined by these orders: the older keeps its note, else takes the first; the strongest mark.
  UPDATE customer_records t SET
    note = coalesce(nullif(t.note, ''), (SELECT r.note FROM customer_labels l JOIN customer_records r ON r.id = l.root
      WHERE l.label = t.id AND l.root <> t.id AND r.note <> '' ORDER BY r.id LIMIT 1), ''),
    note_by_name = CASE WHEN t.note <> '' THEN t.note_by_name ELSE (SELECT r.note_by_name FROM customer_labels l JOIN customer_records r ON r.id = l.root
      WHERE l.label = t.id AND l.root <> t.id AND r.note <> '' ORDER BY r.id LIMIT 1) END,
    note_at = CASE WHEN t.note <> '' THEN t.note_at ELSE (SELECT r.note_at FROM customer_labels l JOIN customer_records r ON r.id = l.root
      WHERE l.label = t.id AND l.root <> t.id AND r.note <> '' ORDER BY r.id LIMIT 1) END
  WHERE t.id IN (SELECT label FROM customer_labels WHERE root IS NOT NULL AND root <> label);
  UPDATE customer_records t SET mark = s.mark, mark_reason = s.mark_reason, mark_by_staff_id = s.mark_by_staff_id, mark_by_name = s.mark_by_name, mark_at = s.mark_at
  FROM (
    SELECT DISTINCT ON (l.label) l.label, r.* FROM customer_labels l JOIN customer_records r ON r.id = l.root
    WHERE l.root IS NOT NULL AND r.mark IS NOT NULL
    ORDER BY l.label, (r.mark = 'blocked') DESC, r.id
  ) s
  WHERE t.id = s.label AND s.id <> t.id AND (t.mark IS NULL OR (t.mark = 'flagged' AND s.mark = 'blocked'));
  UPDATE customer_records r SET merged_into = l.label
  FROM customer_labels l
  WHERE l.root IS NOT NULL AND l.root <> l.label AND (r.id = l.root OR r.merged_into = l.root);
  INSERT INTO customer_record_keys (key, record_id)
    SELECT l.key, c.record_id FROM customer_labels l JOIN customer_chains c ON c.label = l.label WHERE l.root IS NULL
    ON CONFLICT (key) DO NOTHING;
  UPDATE orders o SET customer_id = c.record_id
  FROM (SELECT DISTINCT ON (e.order_id) e.order_id, l.label FROM customer_edges e JOIN customer_labels l ON l.key = e.key) e
  JOIN customer_chains c ON c.label = e.label
  WHERE o.order_id = e.order_id;
  GET DIAGNOSTICS assigned = ROW_COUNT;
  DROP TABLE customer_edges, customer_labels, customer_chains;
  RETURN assigned;
END
$$;
--> statement-breakpoint
SELECT customers_assign_orders();
