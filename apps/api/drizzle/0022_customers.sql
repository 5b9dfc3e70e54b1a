CREATE TABLE "customer_record_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"note_by_name" text,
	"note_at" timestamp with time zone,
	"mark" text,
	"mark_reason" text,
	"mark_by_staff_id" integer,
	"mark_by_name" text,
	"mark_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_record_keys" ADD CONSTRAINT "customer_record_keys_record_id_customer_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."customer_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_record_keys_record_idx" ON "customer_record_keys" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "order_events_not_collected_idx" ON "order_events" USING btree ("order_id") WHERE reason = 'not_collected';