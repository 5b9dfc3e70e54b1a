CREATE TABLE "order_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"change_key" text NOT NULL,
	"staff_id" integer,
	"actor_name" text,
	"total_before_cents" integer NOT NULL,
	"total_after_cents" integer NOT NULL,
	"diff" jsonb NOT NULL,
	"settlement" text NOT NULL,
	"settlement_cents" integer DEFAULT 0 NOT NULL,
	"refund_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD COLUMN "change_id" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_changes" ADD CONSTRAINT "order_changes_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_changes_key_idx" ON "order_changes" USING btree ("change_key");--> statement-breakpoint
CREATE UNIQUE INDEX "order_changes_revision_idx" ON "order_changes" USING btree ("order_id","revision");