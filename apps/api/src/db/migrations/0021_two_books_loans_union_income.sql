ALTER TABLE "farmer_loans" DROP CONSTRAINT "farmer_loans_status_check";--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD COLUMN "union_income" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "farmer_loans" ADD COLUMN "bank_account_id" uuid;--> statement-breakpoint
ALTER TABLE "farmer_loans" ADD COLUMN "journal_entry_id" uuid;--> statement-breakpoint
ALTER TABLE "farmer_loans" ADD COLUMN "approved_by" uuid;--> statement-breakpoint
ALTER TABLE "farmer_loans" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "farmer_loans" ADD CONSTRAINT "farmer_loans_bank_account_id_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farmer_loans" ADD CONSTRAINT "farmer_loans_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farmer_loans" ADD CONSTRAINT "farmer_loans_status_check" CHECK ("farmer_loans"."status" in ('draft', 'active', 'cancelled'));