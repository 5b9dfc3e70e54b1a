DROP INDEX "refunds_order_idx";--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "refund_key" text;--> statement-breakpoint
UPDATE "refunds" SET "refund_key" = 'refund-' || "order_id";--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "refund_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "kind" text DEFAULT 'full' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "reason_text" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "parts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "staff_id" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "actor_name" text;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_key_idx" ON "refunds" USING btree ("refund_key");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");