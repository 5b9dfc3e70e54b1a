CREATE TABLE "co_orders" (
	"item_id" integer NOT NULL,
	"other_item_id" integer NOT NULL,
	"orders" integer NOT NULL,
	CONSTRAINT "co_orders_item_id_other_item_id_pk" PRIMARY KEY("item_id","other_item_id")
);
--> statement-breakpoint
CREATE TABLE "event_folds" (
	"name" text PRIMARY KEY NOT NULL,
	"last_event_id" integer DEFAULT 0 NOT NULL,
	"folded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_units_by_day" (
	"day" date NOT NULL,
	"item_id" integer NOT NULL,
	"units" integer NOT NULL,
	CONSTRAINT "item_units_by_day_day_item_id_pk" PRIMARY KEY("day","item_id")
);
