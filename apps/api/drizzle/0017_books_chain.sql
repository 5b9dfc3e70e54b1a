DROP INDEX "orders_receipt_number_idx";--> statement-breakpoint
DROP INDEX "orders_invoice_number_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "books_chain" text DEFAULT 'live' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_receipt_number_idx" ON "orders" USING btree ("books_chain","receipt_number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_invoice_number_idx" ON "orders" USING btree ("books_chain","invoice_number");