CREATE TABLE "customer_figures" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"orders" integer NOT NULL,
	"counted" integer NOT NULL,
	"spent_cents" integer NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"no_shows" integer NOT NULL,
	"name" text,
	"emails" text[],
	"phones" text[]
);
--> statement-breakpoint
CREATE TABLE "customer_figures_stale" (
	"record_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_figures" ADD CONSTRAINT "customer_figures_customer_id_customer_records_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_figures_last_idx" ON "customer_figures" USING btree ("last_at" DESC NULLS LAST,"customer_id");--> statement-breakpoint
-- What makes a customer's figures stale (docs/decisions/037-customers.md, « The figures »): a
-- change of an order they count (placed, status, total, payment, name, anonymised, its customer),
-- of its refunds, a « non récupérée » event, a merge of their record, a key written or erased.
-- Statement-level triggers with transition tables: a write of many rows adds one statement.
CREATE OR REPLACE FUNCTION customer_figures_stale_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO customer_figures_stale (record_id) SELECT DISTINCT customer_id FROM new_rows WHERE customer_id IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO customer_figures_stale (record_id) SELECT DISTINCT customer_id FROM old_rows WHERE customer_id IS NOT NULL;
  ELSE
    INSERT INTO customer_figures_stale (record_id)
      SELECT DISTINCT id FROM (
        SELECT n.customer_id AS new_id, o.customer_id AS old_id FROM new_rows n JOIN old_rows o ON o.order_id = n.order_id
        WHERE (n.customer_id, n.placed_at, n.anonymised_at, n.status, n.total_cents, n.payment_method, n.created_at, n.customer)
          IS DISTINCT FROM (o.customer_id, o.placed_at, o.anonymised_at, o.status, o.total_cents, o.payment_method, o.created_at, o.customer)
      ) changed, LATERAL (VALUES (new_id), (old_id)) AS ids(id)
      WHERE id IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customer_figures_orders_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_figures_stale_orders();
--> statement-breakpoint
CREATE TRIGGER customer_figures_orders_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_figures_stale_orders();
--> statement-breakpoint
CREATE TRIGGER customer_figures_orders_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_figures_stale_orders();
--> statement-breakpoint
-- A refund written or changed, a « non récupérée » event: the customer of their order.
CREATE OR REPLACE FUNCTION customer_figures_stale_of_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'order_events' THEN
    INSERT INTO customer_figures_stale (record_id)
      SELECT DISTINCT o.customer_id FROM new_rows e JOIN orders o ON o.order_id = e.order_id
      WHERE e.reason = 'not_collected' AND o.customer_id IS NOT NULL;
  ELSE
    INSERT INTO customer_figures_stale (record_id)
      SELECT DISTINCT o.customer_id FROM new_rows r JOIN orders o ON o.order_id = r.order_id WHERE o.customer_id IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customer_figures_refunds_insert AFTER INSERT ON refunds REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_figures_stale_of_orders();
--> statement-breakpoint
CREATE TRIGGER customer_figures_refunds_update AFTER UPDATE ON refunds REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_figures_stale_of_orders();
--> statement-breakpoint
CREATE TRIGGER customer_figures_events_insert AFTER INSERT ON order_events REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_figures_stale_of_orders();
--> statement-breakpoint
-- A record merged (its figures go to its new root) or a key written or erased (the e-mails and phones).
CREATE OR REPLACE FUNCTION customer_figures_stale_records() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'customer_records' THEN
    INSERT INTO customer_figures_stale (record_id)
      SELECT DISTINCT id FROM (
        SELECT n.id AS record_id, n.merged_into AS new_root, o.merged_into AS old_root FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE n.merged_into IS DISTINCT FROM o.merged_into
      ) moved, LATERAL (VALUES (record_id), (new_root), (old_root)) AS ids(id)
      WHERE id IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO customer_figures_stale (record_id) SELECT DISTINCT record_id FROM old_rows;
  ELSE
    INSERT INTO customer_figures_stale (record_id) SELECT DISTINCT record_id FROM new_rows;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customer_figures_records_update AFTER UPDATE ON customer_records REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_figures_stale_records();
--> statement-breakpoint
CREATE TRIGGER customer_figures_keys_insert AFTER INSERT ON customer_record_keys REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_figures_stale_records();
--> statement-breakpoint
CREATE TRIGGER customer_figures_keys_delete AFTER DELETE ON customer_record_keys REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_figures_stale_records();
--> statement-breakpoint
-- Every customer already there: computed by the list's first read.
INSERT INTO customer_figures_stale (record_id) SELECT id FROM customer_records WHERE merged_into IS NULL;
