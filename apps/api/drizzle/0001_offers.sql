CREATE TABLE "order_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"customer_key" text NOT NULL,
	"allow_repeat" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "min_units" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "applied_offers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_offers" ADD CONSTRAINT "order_offers_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_offers_once_idx" ON "order_offers" USING btree ("offer_id","customer_key") WHERE not "order_offers"."allow_repeat";--> statement-breakpoint
CREATE INDEX "order_offers_customer_idx" ON "order_offers" USING btree ("customer_key");