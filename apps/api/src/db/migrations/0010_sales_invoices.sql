CREATE TABLE "group_invoice_members" (
	"group_invoice_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	CONSTRAINT "group_invoice_members_group_invoice_id_invoice_id_pk" PRIMARY KEY("group_invoice_id","invoice_id")
);
--> statement-breakpoint
CREATE TABLE "group_invoices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"group_no" text NOT NULL,
	"buyer_id" uuid NOT NULL,
	"group_date" date NOT NULL,
	"due_date" date NOT NULL,
	"total" numeric(16, 2) NOT NULL,
	"remarks" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_invoice_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"invoice_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"kind" text DEFAULT 'lot' NOT NULL,
	"lot_id" uuid,
	"description" text NOT NULL,
	"kg" numeric(14, 3),
	"price_per_kg" numeric(16, 2),
	"amount" numeric(16, 2) NOT NULL,
	"deduction_rule_id" uuid,
	"beneficiary_id" uuid,
	CONSTRAINT "sales_invoice_lines_kind_check" CHECK ("sales_invoice_lines"."kind" in ('lot', 'buyer_levy')),
	CONSTRAINT "sales_invoice_lines_amount_check" CHECK ("sales_invoice_lines"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sales_invoices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"invoice_no" text NOT NULL,
	"buyer_id" uuid NOT NULL,
	"auction_id" uuid,
	"invoice_date" date NOT NULL,
	"due_date" date NOT NULL,
	"status" text DEFAULT 'issued' NOT NULL,
	"subtotal" numeric(16, 2) NOT NULL,
	"levies_total" numeric(16, 2) DEFAULT '0' NOT NULL,
	"total" numeric(16, 2) NOT NULL,
	"paid_amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"journal_entry_id" uuid,
	"reversal_entry_id" uuid,
	"cancel_reason" text,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_invoices_status_check" CHECK ("sales_invoices"."status" in ('issued', 'part_paid', 'paid', 'cancelled')),
	CONSTRAINT "sales_invoices_total_check" CHECK ("sales_invoices"."total" = "sales_invoices"."subtotal" + "sales_invoices"."levies_total"),
	CONSTRAINT "sales_invoices_paid_check" CHECK ("sales_invoices"."paid_amount" >= 0 and "sales_invoices"."paid_amount" <= "sales_invoices"."total"),
	CONSTRAINT "sales_invoices_due_check" CHECK ("sales_invoices"."due_date" >= "sales_invoices"."invoice_date")
);
--> statement-breakpoint
CREATE TABLE "sales_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"invoice_due_days" integer DEFAULT 4 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_settings_single_row_check" CHECK ("sales_settings"."id" = 1),
	CONSTRAINT "sales_settings_due_days_check" CHECK ("sales_settings"."invoice_due_days" between 0 and 365)
);
--> statement-breakpoint
CREATE TABLE "buyer_receipts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"receipt_no" text NOT NULL,
	"buyer_id" uuid NOT NULL,
	"receipt_date" date NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"allocated" numeric(16, 2) DEFAULT '0' NOT NULL,
	"reference" text,
	"journal_entry_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buyer_receipts_amount_check" CHECK ("buyer_receipts"."amount" > 0),
	CONSTRAINT "buyer_receipts_allocated_check" CHECK ("buyer_receipts"."allocated" >= 0 and "buyer_receipts"."allocated" <= "buyer_receipts"."amount")
);
--> statement-breakpoint
CREATE TABLE "receipt_allocations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"receipt_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"allocated_on" date NOT NULL,
	"allocated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"allocated_by" uuid,
	CONSTRAINT "receipt_allocations_amount_check" CHECK ("receipt_allocations"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "release_note_lots" (
	"release_note_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	CONSTRAINT "release_note_lots_release_note_id_lot_id_pk" PRIMARY KEY("release_note_id","lot_id")
);
--> statement-breakpoint
CREATE TABLE "release_notes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"release_no" text NOT NULL,
	"buyer_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"release_date" date NOT NULL,
	"collector_name" text,
	"vehicle_plate" text,
	"remarks" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "group_invoice_members" ADD CONSTRAINT "group_invoice_members_group_invoice_id_group_invoices_id_fk" FOREIGN KEY ("group_invoice_id") REFERENCES "public"."group_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_invoice_members" ADD CONSTRAINT "group_invoice_members_invoice_id_sales_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."sales_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_invoices" ADD CONSTRAINT "group_invoices_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_invoice_lines" ADD CONSTRAINT "sales_invoice_lines_invoice_id_sales_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."sales_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_invoice_lines" ADD CONSTRAINT "sales_invoice_lines_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_invoice_lines" ADD CONSTRAINT "sales_invoice_lines_deduction_rule_id_deduction_rules_id_fk" FOREIGN KEY ("deduction_rule_id") REFERENCES "public"."deduction_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_invoice_lines" ADD CONSTRAINT "sales_invoice_lines_beneficiary_id_beneficiaries_id_fk" FOREIGN KEY ("beneficiary_id") REFERENCES "public"."beneficiaries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_invoices" ADD CONSTRAINT "sales_invoices_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_invoices" ADD CONSTRAINT "sales_invoices_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_invoices" ADD CONSTRAINT "sales_invoices_reversal_entry_id_journal_entries_id_fk" FOREIGN KEY ("reversal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_receipts" ADD CONSTRAINT "buyer_receipts_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_receipts" ADD CONSTRAINT "buyer_receipts_bank_account_id_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_receipts" ADD CONSTRAINT "buyer_receipts_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_allocations" ADD CONSTRAINT "receipt_allocations_receipt_id_buyer_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."buyer_receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_allocations" ADD CONSTRAINT "receipt_allocations_invoice_id_sales_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."sales_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_note_lots" ADD CONSTRAINT "release_note_lots_release_note_id_release_notes_id_fk" FOREIGN KEY ("release_note_id") REFERENCES "public"."release_notes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_note_lots" ADD CONSTRAINT "release_note_lots_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_note_lots" ADD CONSTRAINT "release_note_lots_invoice_id_sales_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."sales_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_notes" ADD CONSTRAINT "release_notes_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_notes" ADD CONSTRAINT "release_notes_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_invoice_members_invoice_idx" ON "group_invoice_members" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_invoices_no_unique" ON "group_invoices" USING btree ("group_no");--> statement-breakpoint
CREATE INDEX "group_invoices_buyer_idx" ON "group_invoices" USING btree ("buyer_id","group_date");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_invoice_lines_no_unique" ON "sales_invoice_lines" USING btree ("invoice_id","line_no");--> statement-breakpoint
CREATE INDEX "sales_invoice_lines_lot_idx" ON "sales_invoice_lines" USING btree ("lot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_invoices_no_unique" ON "sales_invoices" USING btree ("invoice_no");--> statement-breakpoint
CREATE INDEX "sales_invoices_buyer_idx" ON "sales_invoices" USING btree ("buyer_id","invoice_date","id");--> statement-breakpoint
CREATE INDEX "sales_invoices_date_idx" ON "sales_invoices" USING btree ("invoice_date","id");--> statement-breakpoint
CREATE INDEX "sales_invoices_auction_idx" ON "sales_invoices" USING btree ("auction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "buyer_receipts_no_unique" ON "buyer_receipts" USING btree ("receipt_no");--> statement-breakpoint
CREATE INDEX "buyer_receipts_buyer_idx" ON "buyer_receipts" USING btree ("buyer_id","receipt_date","id");--> statement-breakpoint
CREATE INDEX "buyer_receipts_date_idx" ON "buyer_receipts" USING btree ("receipt_date","id");--> statement-breakpoint
CREATE INDEX "receipt_allocations_receipt_idx" ON "receipt_allocations" USING btree ("receipt_id");--> statement-breakpoint
CREATE INDEX "receipt_allocations_invoice_idx" ON "receipt_allocations" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "release_note_lots_lot_unique" ON "release_note_lots" USING btree ("lot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "release_notes_no_unique" ON "release_notes" USING btree ("release_no");--> statement-breakpoint
CREATE INDEX "release_notes_buyer_idx" ON "release_notes" USING btree ("buyer_id","release_date");