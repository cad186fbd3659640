CREATE TABLE "bank_matched_book_lines" (
	"journal_line_id" uuid PRIMARY KEY NOT NULL,
	"match_id" uuid NOT NULL,
	"account_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_matches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"reconciliation_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_reconciliations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"statement_date" date NOT NULL,
	"statement_balance" numeric(18, 2) NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"book_balance" numeric(18, 2),
	"uncredited_deposits" numeric(18, 2),
	"unpresented_payments" numeric(18, 2),
	"created_by" uuid,
	"closed_by" uuid,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_reconciliations_account_date_key" UNIQUE("account_id","statement_date"),
	CONSTRAINT "bank_reconciliations_status_check" CHECK ("bank_reconciliations"."status" in ('open', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "bank_statement_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"statement_id" uuid NOT NULL,
	"line_date" date NOT NULL,
	"value_date" date,
	"reference" text,
	"description" text DEFAULT '' NOT NULL,
	"amount_in" numeric(18, 2) DEFAULT '0' NOT NULL,
	"amount_out" numeric(18, 2) DEFAULT '0' NOT NULL,
	"balance" numeric(18, 2),
	"dedup_key" text NOT NULL,
	"match_id" uuid,
	"entry_id" uuid,
	CONSTRAINT "bank_statement_lines_dedup_key" UNIQUE("account_id","dedup_key"),
	CONSTRAINT "bank_statement_lines_one_side_check" CHECK ("bank_statement_lines"."amount_in" >= 0 and "bank_statement_lines"."amount_out" >= 0 and ("bank_statement_lines"."amount_in" = 0) <> ("bank_statement_lines"."amount_out" = 0))
);
--> statement-breakpoint
CREATE TABLE "bank_statement_mappings" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"format" text NOT NULL,
	"file_name" text,
	"lines_read" integer NOT NULL,
	"lines_added" integer NOT NULL,
	"imported_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_matched_book_lines" ADD CONSTRAINT "bank_matched_book_lines_journal_line_id_journal_lines_id_fk" FOREIGN KEY ("journal_line_id") REFERENCES "public"."journal_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_matched_book_lines" ADD CONSTRAINT "bank_matched_book_lines_match_id_bank_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."bank_matches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_matched_book_lines" ADD CONSTRAINT "bank_matched_book_lines_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_matches" ADD CONSTRAINT "bank_matches_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reconciliations" ADD CONSTRAINT "bank_reconciliations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_match_id_bank_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."bank_matches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_mappings" ADD CONSTRAINT "bank_statement_mappings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_matched_book_lines_match_idx" ON "bank_matched_book_lines" USING btree ("match_id");--> statement-breakpoint
CREATE INDEX "bank_matches_account_idx" ON "bank_matches" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_account_date_idx" ON "bank_statement_lines" USING btree ("account_id","line_date");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_match_idx" ON "bank_statement_lines" USING btree ("match_id");--> statement-breakpoint
CREATE INDEX "bank_statements_account_idx" ON "bank_statements" USING btree ("account_id");