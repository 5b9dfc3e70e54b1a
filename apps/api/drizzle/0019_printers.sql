CREATE TABLE "print_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer,
	"origin_printer_id" integer NOT NULL,
	"printer_id" integer,
	"kind" text NOT NULL,
	"cause" text NOT NULL,
	"copy" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"job_token" text,
	"may_have_printed" boolean DEFAULT false NOT NULL,
	"document" jsonb,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"printed_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "print_jobs_job_token_unique" UNIQUE("job_token")
);
--> statement-breakpoint
CREATE TABLE "printers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"station" text NOT NULL,
	"paper_width" integer DEFAULT 80 NOT NULL,
	"connection" text NOT NULL,
	"host" text,
	"port" integer,
	"via_agent" boolean DEFAULT false NOT NULL,
	"secret" text NOT NULL,
	"copies" integer DEFAULT 1 NOT NULL,
	"print_on" text DEFAULT 'arrival' NOT NULL,
	"qr_code" boolean DEFAULT true NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"backup_printer_id" integer,
	"fallback_seconds" integer DEFAULT 120 NOT NULL,
	"last_poll_at" timestamp with time zone,
	"problem" text,
	"problem_since" timestamp with time zone,
	"alarm_sent_at" timestamp with time zone,
	"failures_in_a_row" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "printers_secret_unique" UNIQUE("secret")
);
--> statement-breakpoint
CREATE TABLE "station_categories" (
	"category_id" integer PRIMARY KEY NOT NULL,
	"station" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_origin_printer_id_printers_id_fk" FOREIGN KEY ("origin_printer_id") REFERENCES "public"."printers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_printer_id_printers_id_fk" FOREIGN KEY ("printer_id") REFERENCES "public"."printers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_categories" ADD CONSTRAINT "station_categories_category_id_categories_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("category_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "print_jobs_order_ticket_idx" ON "print_jobs" USING btree ("order_id","origin_printer_id","kind","copy") WHERE cause = 'order';--> statement-breakpoint
CREATE INDEX "print_jobs_printer_idx" ON "print_jobs" USING btree ("printer_id","status","id");--> statement-breakpoint
CREATE INDEX "print_jobs_order_idx" ON "print_jobs" USING btree ("order_id");