CREATE TABLE "journal_entries" (
	"chain" text NOT NULL,
	"seq" integer NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"business_date" date NOT NULL,
	"kind" text NOT NULL,
	"document_number" text,
	"order_id" integer,
	"content" text NOT NULL,
	"previous_hash" text NOT NULL,
	"hash" text NOT NULL,
	"signature" text NOT NULL,
	"key_id" text NOT NULL,
	CONSTRAINT "journal_entries_chain_seq_pk" PRIMARY KEY("chain","seq")
);
--> statement-breakpoint
CREATE TABLE "journal_heads" (
	"chain" text PRIMARY KEY NOT NULL,
	"seq" integer NOT NULL,
	"hash" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"business_date" date NOT NULL,
	"closed_through" date,
	"signature" text NOT NULL,
	"key_id" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "journal_entries_day_idx" ON "journal_entries" USING btree ("chain","business_date");--> statement-breakpoint
CREATE INDEX "journal_entries_order_idx" ON "journal_entries" USING btree ("order_id");--> statement-breakpoint
-- The journal is append-only (docs/decisions/031): a row is never changed nor removed, whoever asks.
CREATE FUNCTION "journal_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Le journal des ventes est en ajout seul : % refusé sur %.', TG_OP, TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "journal_entries_append_only" BEFORE UPDATE OR DELETE ON "journal_entries" FOR EACH ROW EXECUTE FUNCTION "journal_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "journal_entries_no_truncate" BEFORE TRUNCATE ON "journal_entries" FOR EACH STATEMENT EXECUTE FUNCTION "journal_refuse_change"();--> statement-breakpoint
-- A chain's head only moves forward, and is never removed.
CREATE FUNCTION "journal_head_forward_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."chain" <> OLD."chain" OR NEW."seq" <= OLD."seq" THEN
    RAISE EXCEPTION 'La tête du journal % ne peut qu’avancer (de % à % refusé).', OLD."chain", OLD."seq", NEW."seq" USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "journal_heads_forward_only" BEFORE UPDATE ON "journal_heads" FOR EACH ROW EXECUTE FUNCTION "journal_head_forward_only"();--> statement-breakpoint
CREATE TRIGGER "journal_heads_kept" BEFORE DELETE ON "journal_heads" FOR EACH ROW EXECUTE FUNCTION "journal_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "journal_heads_no_truncate" BEFORE TRUNCATE ON "journal_heads" FOR EACH STATEMENT EXECUTE FUNCTION "journal_refuse_change"();
