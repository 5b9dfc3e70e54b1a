-- One history (issue 13): every status an order went through becomes an order event, with ids
-- from the 'order_event' counter in time order, then the old table goes.
INSERT INTO "document_counters" ("name", "last") VALUES ('order_event', 0) ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
INSERT INTO "order_events" ("id", "order_id", "type", "from_status", "to_status", "actor", "at")
SELECT (SELECT "last" FROM "document_counters" WHERE "name" = 'order_event') + row_number() OVER (ORDER BY h."at", h."id"),
       h."order_id",
       CASE WHEN h."status" = 'pending' OR lag(h."status") OVER w IS NULL THEN 'placed' ELSE h."status" END,
       lag(h."status") OVER w,
       h."status",
       CASE WHEN lag(h."status") OVER w IS NULL THEN 'customer' WHEN h."status" = 'paid' THEN 'payment' ELSE 'staff' END,
       h."at"
FROM "order_status_history" h
WINDOW w AS (PARTITION BY h."order_id" ORDER BY h."id");--> statement-breakpoint
UPDATE "document_counters" SET "last" = GREATEST("last", COALESCE((SELECT max("id") FROM "order_events"), 0)) WHERE "name" = 'order_event';--> statement-breakpoint
DROP TABLE "order_status_history" CASCADE;
