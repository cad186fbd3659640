CREATE TABLE "financial_years" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"collection_locked_until" date,
	"operation_locked_until" date,
	"closed_at" timestamp with time zone,
	"closed_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financial_years_name_unique" UNIQUE("name"),
	CONSTRAINT "financial_years_dates_check" CHECK ("financial_years"."end_date" > "financial_years"."start_date"),
	CONSTRAINT "financial_years_status_check" CHECK ("financial_years"."status" in ('open', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "account_classes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"normal_balance" text NOT NULL,
	CONSTRAINT "account_classes_code_unique" UNIQUE("code"),
	CONSTRAINT "account_classes_type_unique" UNIQUE("type")
);
--> statement-breakpoint
CREATE TABLE "account_groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"class_id" uuid NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_groups_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "account_mappings" (
	"key" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"book" text NOT NULL,
	"group_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"is_bank_or_cash" boolean DEFAULT false NOT NULL,
	"bank_name" text,
	"bank_account_number" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_book_code_key" UNIQUE("book","code"),
	CONSTRAINT "accounts_book_check" CHECK ("accounts"."book" in ('collection', 'operation'))
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"symbol" text,
	"is_base" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "currencies_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"rate_date" date NOT NULL,
	"rate" numeric(18, 6) NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_currency_date_key" UNIQUE("currency","rate_date"),
	CONSTRAINT "exchange_rates_positive_check" CHECK ("exchange_rates"."rate" > 0)
);
--> statement-breakpoint
CREATE TABLE "account_period_balances" (
	"account_id" uuid NOT NULL,
	"period" date NOT NULL,
	"debit" numeric(20, 2) DEFAULT '0' NOT NULL,
	"credit" numeric(20, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "account_period_balances_account_id_period_pk" PRIMARY KEY("account_id","period")
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"entry_date" date NOT NULL,
	"book" text NOT NULL,
	"financial_year_id" uuid NOT NULL,
	"narration" text NOT NULL,
	"reference" text,
	"source" text NOT NULL,
	"source_type" text,
	"source_id" uuid,
	"status" text DEFAULT 'draft' NOT NULL,
	"total" numeric(18, 2) NOT NULL,
	"created_by" uuid,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"reversal_of_id" uuid,
	"reversed_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_entries_number_unique" UNIQUE("number"),
	CONSTRAINT "journal_entries_status_check" CHECK ("journal_entries"."status" in ('draft', 'posted', 'reversed'))
);
--> statement-breakpoint
CREATE TABLE "journal_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"entry_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"account_id" uuid NOT NULL,
	"entry_date" date NOT NULL,
	"posted" boolean DEFAULT false NOT NULL,
	"debit" numeric(18, 2) DEFAULT '0' NOT NULL,
	"credit" numeric(18, 2) DEFAULT '0' NOT NULL,
	"currency" text DEFAULT 'TZS' NOT NULL,
	"currency_amount" numeric(18, 2) NOT NULL,
	"rate" numeric(18, 6) DEFAULT '1' NOT NULL,
	"description" text,
	"party_type" text,
	"party_id" uuid,
	"party_name" text,
	CONSTRAINT "journal_lines_one_side_check" CHECK ("journal_lines"."debit" >= 0 and "journal_lines"."credit" >= 0 and ("journal_lines"."debit" = 0) <> ("journal_lines"."credit" = 0))
);
--> statement-breakpoint
CREATE TABLE "bank_transfers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"transfer_date" date NOT NULL,
	"book" text NOT NULL,
	"from_account_id" uuid NOT NULL,
	"to_account_id" uuid NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"currency" text NOT NULL,
	"rate" numeric(18, 6) NOT NULL,
	"narration" text NOT NULL,
	"reference" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"journal_entry_id" uuid,
	"created_by" uuid,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_transfers_number_unique" UNIQUE("number"),
	CONSTRAINT "bank_transfers_amount_check" CHECK ("bank_transfers"."amount" > 0),
	CONSTRAINT "bank_transfers_accounts_check" CHECK ("bank_transfers"."from_account_id" <> "bank_transfers"."to_account_id")
);
--> statement-breakpoint
CREATE TABLE "payment_voucher_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"voucher_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"account_id" uuid NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"description" text,
	CONSTRAINT "payment_voucher_lines_amount_check" CHECK ("payment_voucher_lines"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_vouchers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"type" text NOT NULL,
	"voucher_date" date NOT NULL,
	"book" text NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"party_name" text NOT NULL,
	"party_type" text,
	"party_id" uuid,
	"narration" text NOT NULL,
	"reference" text,
	"currency" text NOT NULL,
	"rate" numeric(18, 6) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"journal_entry_id" uuid,
	"created_by" uuid,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_vouchers_number_unique" UNIQUE("number"),
	CONSTRAINT "payment_vouchers_amount_check" CHECK ("payment_vouchers"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "budget_adjustment_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"adjustment_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"month" integer NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	CONSTRAINT "budget_adjustment_lines_month_check" CHECK ("budget_adjustment_lines"."month" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "budget_adjustments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"budget_id" uuid NOT NULL,
	"adjustment_date" date NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_by" uuid,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budget_adjustments_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "budget_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"budget_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"month" integer NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	CONSTRAINT "budget_lines_key" UNIQUE("budget_id","account_id","month"),
	CONSTRAINT "budget_lines_month_check" CHECK ("budget_lines"."month" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "budgets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"name" text NOT NULL,
	"financial_year_id" uuid NOT NULL,
	"book" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_by" uuid,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budgets_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "account_groups" ADD CONSTRAINT "account_groups_class_id_account_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."account_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_mappings" ADD CONSTRAINT "account_mappings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_group_id_account_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."account_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_period_balances" ADD CONSTRAINT "account_period_balances_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_financial_year_id_financial_years_id_fk" FOREIGN KEY ("financial_year_id") REFERENCES "public"."financial_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_from_account_id_accounts_id_fk" FOREIGN KEY ("from_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_to_account_id_accounts_id_fk" FOREIGN KEY ("to_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_voucher_lines" ADD CONSTRAINT "payment_voucher_lines_voucher_id_payment_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."payment_vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_voucher_lines" ADD CONSTRAINT "payment_voucher_lines_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_vouchers" ADD CONSTRAINT "payment_vouchers_bank_account_id_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_vouchers" ADD CONSTRAINT "payment_vouchers_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_adjustment_lines" ADD CONSTRAINT "budget_adjustment_lines_adjustment_id_budget_adjustments_id_fk" FOREIGN KEY ("adjustment_id") REFERENCES "public"."budget_adjustments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_adjustment_lines" ADD CONSTRAINT "budget_adjustment_lines_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_adjustments" ADD CONSTRAINT "budget_adjustments_budget_id_budgets_id_fk" FOREIGN KEY ("budget_id") REFERENCES "public"."budgets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_lines" ADD CONSTRAINT "budget_lines_budget_id_budgets_id_fk" FOREIGN KEY ("budget_id") REFERENCES "public"."budgets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_lines" ADD CONSTRAINT "budget_lines_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_financial_year_id_financial_years_id_fk" FOREIGN KEY ("financial_year_id") REFERENCES "public"."financial_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "financial_years_one_open_idx" ON "financial_years" USING btree ("status") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "account_groups_class_idx" ON "account_groups" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "accounts_group_idx" ON "accounts" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "account_period_balances_period_idx" ON "account_period_balances" USING btree ("period");--> statement-breakpoint
CREATE INDEX "journal_entries_date_idx" ON "journal_entries" USING btree ("entry_date","id");--> statement-breakpoint
CREATE INDEX "journal_entries_source_idx" ON "journal_entries" USING btree ("source_type","source_id");--> statement-breakpoint
CREATE INDEX "journal_lines_entry_idx" ON "journal_lines" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "journal_lines_gl_idx" ON "journal_lines" USING btree ("account_id","entry_date","id") WHERE posted;--> statement-breakpoint
CREATE INDEX "journal_lines_date_idx" ON "journal_lines" USING btree ("entry_date") WHERE posted;--> statement-breakpoint
CREATE INDEX "payment_voucher_lines_voucher_idx" ON "payment_voucher_lines" USING btree ("voucher_id");--> statement-breakpoint
CREATE INDEX "payment_vouchers_date_idx" ON "payment_vouchers" USING btree ("voucher_date");--> statement-breakpoint
CREATE INDEX "budget_adjustment_lines_adjustment_idx" ON "budget_adjustment_lines" USING btree ("adjustment_id");--> statement-breakpoint
CREATE INDEX "budget_adjustments_budget_idx" ON "budget_adjustments" USING btree ("budget_id");