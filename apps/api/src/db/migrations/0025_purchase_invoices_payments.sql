CREATE TABLE "purchase_invoice_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"invoice_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"order_line_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"description" text NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"unit_price" numeric(16, 2) NOT NULL,
	"vat" boolean NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"vat_amount" numeric(16, 2) NOT NULL,
	"ordered_price" numeric(16, 2) NOT NULL,
	"received_open" numeric(14, 3) NOT NULL,
	"within_tolerance" boolean NOT NULL,
	CONSTRAINT "purchase_invoice_lines_quantity_check" CHECK ("purchase_invoice_lines"."quantity" > 0),
	CONSTRAINT "purchase_invoice_lines_price_check" CHECK ("purchase_invoice_lines"."unit_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_invoices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"invoice_no" text NOT NULL,
	"supplier_invoice_no" text NOT NULL,
	"supplier_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"invoice_date" date NOT NULL,
	"due_date" date NOT NULL,
	"status" text NOT NULL,
	"mismatch" boolean DEFAULT false NOT NULL,
	"subtotal" numeric(16, 2) NOT NULL,
	"vat_total" numeric(16, 2) NOT NULL,
	"total" numeric(16, 2) NOT NULL,
	"paid_amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"approval_reason" text,
	"approved_at" timestamp with time zone,
	"approved_by" uuid,
	"journal_entry_id" uuid,
	"reversal_entry_id" uuid,
	"cancel_reason" text,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_invoices_status_check" CHECK ("purchase_invoices"."status" in ('awaiting_approval', 'open', 'part_paid', 'paid', 'cancelled')),
	CONSTRAINT "purchase_invoices_total_check" CHECK ("purchase_invoices"."total" = "purchase_invoices"."subtotal" + "purchase_invoices"."vat_total"),
	CONSTRAINT "purchase_invoices_paid_check" CHECK ("purchase_invoices"."paid_amount" >= 0 and "purchase_invoices"."paid_amount" <= "purchase_invoices"."total"),
	CONSTRAINT "purchase_invoices_due_check" CHECK ("purchase_invoices"."due_date" >= "purchase_invoices"."invoice_date")
);
--> statement-breakpoint
CREATE TABLE "supplier_payment_allocations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	CONSTRAINT "supplier_payment_allocations_amount_check" CHECK ("supplier_payment_allocations"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "supplier_payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"payment_no" text NOT NULL,
	"supplier_id" uuid NOT NULL,
	"payment_date" date NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"reference" text,
	"amount" numeric(16, 2) NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by" uuid,
	"journal_entry_id" uuid,
	"cancel_reason" text,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_payments_status_check" CHECK ("supplier_payments"."status" in ('draft', 'approved', 'cancelled')),
	CONSTRAINT "supplier_payments_amount_check" CHECK ("supplier_payments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "purchase_invoice_lines" ADD CONSTRAINT "purchase_invoice_lines_invoice_id_purchase_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."purchase_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_invoice_lines" ADD CONSTRAINT "purchase_invoice_lines_order_line_id_purchase_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."purchase_order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_invoice_lines" ADD CONSTRAINT "purchase_invoice_lines_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_invoices" ADD CONSTRAINT "purchase_invoices_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_invoices" ADD CONSTRAINT "purchase_invoices_order_id_purchase_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_invoices" ADD CONSTRAINT "purchase_invoices_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_invoices" ADD CONSTRAINT "purchase_invoices_reversal_entry_id_journal_entries_id_fk" FOREIGN KEY ("reversal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_payment_allocations" ADD CONSTRAINT "supplier_payment_allocations_payment_id_supplier_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."supplier_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_payment_allocations" ADD CONSTRAINT "supplier_payment_allocations_invoice_id_purchase_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."purchase_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_payments" ADD CONSTRAINT "supplier_payments_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_payments" ADD CONSTRAINT "supplier_payments_bank_account_id_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_payments" ADD CONSTRAINT "supplier_payments_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_invoice_lines_no_unique" ON "purchase_invoice_lines" USING btree ("invoice_id","line_no");--> statement-breakpoint
CREATE INDEX "purchase_invoice_lines_order_line_idx" ON "purchase_invoice_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_invoices_no_unique" ON "purchase_invoices" USING btree ("invoice_no");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_invoices_supplier_no_unique" ON "purchase_invoices" USING btree ("supplier_id",lower("supplier_invoice_no")) WHERE "purchase_invoices"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "purchase_invoices_supplier_idx" ON "purchase_invoices" USING btree ("supplier_id","invoice_date","id");--> statement-breakpoint
CREATE INDEX "purchase_invoices_order_idx" ON "purchase_invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "purchase_invoices_date_idx" ON "purchase_invoices" USING btree ("invoice_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_payment_allocations_unique" ON "supplier_payment_allocations" USING btree ("payment_id","invoice_id");--> statement-breakpoint
CREATE INDEX "supplier_payment_allocations_invoice_idx" ON "supplier_payment_allocations" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_payments_no_unique" ON "supplier_payments" USING btree ("payment_no");--> statement-breakpoint
CREATE INDEX "supplier_payments_supplier_idx" ON "supplier_payments" USING btree ("supplier_id","payment_date","id");--> statement-breakpoint
CREATE INDEX "supplier_payments_date_idx" ON "supplier_payments" USING btree ("payment_date","id");