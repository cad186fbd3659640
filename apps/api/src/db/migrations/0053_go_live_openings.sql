CREATE TABLE "book_openings" (
	"book" text PRIMARY KEY NOT NULL,
	"go_live_date" date NOT NULL,
	"opening_account_id" uuid NOT NULL,
	"status" text DEFAULT 'setting_up' NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "book_openings_book_check" CHECK ("book_openings"."book" in ('collection', 'operation')),
	CONSTRAINT "book_openings_status_check" CHECK ("book_openings"."status" in ('setting_up', 'live'))
);
--> statement-breakpoint
CREATE TABLE "opening_imports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"book" text NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"file_hash" text NOT NULL,
	"rows" integer NOT NULL,
	"total" numeric(16, 2) NOT NULL,
	"entry_id" uuid,
	"status" text DEFAULT 'imported' NOT NULL,
	"reversal_reason" text,
	"reversed_at" timestamp with time zone,
	"reversed_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opening_imports_kind_check" CHECK ("opening_imports"."kind" in ('trial_balance', 'farmer_loans', 'buyer_invoices', 'supplier_invoices', 'stock', 'bank_balances')),
	CONSTRAINT "opening_imports_status_check" CHECK ("opening_imports"."status" in ('imported', 'reversed'))
);
--> statement-breakpoint
CREATE TABLE "opening_records" (
	"import_id" uuid NOT NULL,
	"record_type" text NOT NULL,
	"record_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "book_openings" ADD CONSTRAINT "book_openings_opening_account_id_accounts_id_fk" FOREIGN KEY ("opening_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_imports" ADD CONSTRAINT "opening_imports_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_records" ADD CONSTRAINT "opening_records_import_id_opening_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."opening_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "opening_imports_same_file_unique" ON "opening_imports" USING btree ("kind","file_hash") WHERE "opening_imports"."status" = 'imported';--> statement-breakpoint
CREATE UNIQUE INDEX "opening_imports_one_trial_balance_unique" ON "opening_imports" USING btree ("book") WHERE "opening_imports"."status" = 'imported' and "opening_imports"."kind" = 'trial_balance';--> statement-breakpoint
CREATE INDEX "opening_records_import_idx" ON "opening_records" USING btree ("import_id");--> statement-breakpoint
-- Going live (#36): nothing is posted into a book before its go-live date, except the opening
-- position (an opening import's entry, dated the day before) and that entry's reversal. A draft
-- may be written; the rule holds when an entry is (or becomes) posted.
CREATE FUNCTION "journal_entries_after_go_live"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  live date;
BEGIN
  IF NEW.status <> 'posted' OR (TG_OP = 'UPDATE' AND OLD.status = 'posted' AND OLD.entry_date = NEW.entry_date) THEN
    RETURN NEW;
  END IF;
  SELECT go_live_date INTO live FROM book_openings WHERE book = NEW.book;
  IF live IS NULL OR NEW.entry_date >= live OR NEW.source_type IS NOT DISTINCT FROM 'opening_import' THEN
    RETURN NEW;
  END IF;
  IF NEW.reversal_of_id IS NOT NULL AND EXISTS (
    SELECT 1 FROM journal_entries o WHERE o.id = NEW.reversal_of_id AND o.source_type = 'opening_import'
  ) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'Nothing can be posted into the % book before its go-live date %', NEW.book, live
    USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_entries_after_go_live';
END $$;
--> statement-breakpoint
CREATE TRIGGER "journal_entries_after_go_live" BEFORE INSERT OR UPDATE OF status, entry_date ON "journal_entries"
  FOR EACH ROW EXECUTE FUNCTION "journal_entries_after_go_live"();
