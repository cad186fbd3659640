CREATE TABLE "farmer_loans" (
	"id" uuid PRIMARY KEY NOT NULL,
	"loan_no" text NOT NULL,
	"farmer_id" uuid NOT NULL,
	"amcos_id" uuid NOT NULL,
	"issued_on" date NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"recovered" numeric(16, 2) DEFAULT '0' NOT NULL,
	"reason" text NOT NULL,
	"source" text DEFAULT 'cash_advance' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"cancel_reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "farmer_loans_amount_check" CHECK ("farmer_loans"."amount" > 0),
	CONSTRAINT "farmer_loans_recovered_check" CHECK ("farmer_loans"."recovered" >= 0 and "farmer_loans"."recovered" <= "farmer_loans"."amount"),
	CONSTRAINT "farmer_loans_source_check" CHECK ("farmer_loans"."source" in ('cash_advance', 'distribution')),
	CONSTRAINT "farmer_loans_status_check" CHECK ("farmer_loans"."status" in ('active', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "loan_recoveries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"loan_id" uuid NOT NULL,
	"settlement_id" uuid NOT NULL,
	"settlement_farmer_id" uuid NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	CONSTRAINT "loan_recoveries_amount_check" CHECK ("loan_recoveries"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"batch_no" text NOT NULL,
	"settlement_id" uuid,
	"party_type" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"is_retry" boolean DEFAULT false NOT NULL,
	"line_count" integer NOT NULL,
	"total" numeric(16, 2) NOT NULL,
	"bank_reference" text,
	"created_by" uuid,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"exported_by" uuid,
	"exported_at" timestamp with time zone,
	"paid_by" uuid,
	"paid_at" timestamp with time zone,
	"paid_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_batches_status_check" CHECK ("payment_batches"."status" in ('draft', 'approved', 'exported', 'paid')),
	CONSTRAINT "payment_batches_party_check" CHECK ("payment_batches"."party_type" in ('farmer', 'amcos', 'beneficiary', 'transporter'))
);
--> statement-breakpoint
CREATE TABLE "payment_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"batch_id" uuid NOT NULL,
	"settlement_id" uuid NOT NULL,
	"party_type" text NOT NULL,
	"party_id" uuid NOT NULL,
	"amcos_id" uuid,
	"payable" text NOT NULL,
	"via_amcos_id" uuid,
	"payee_name" text NOT NULL,
	"method" text NOT NULL,
	"bank_name" text,
	"account_no" text,
	"phone" text,
	"amount" numeric(16, 2) NOT NULL,
	"reference" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"retry_of_line_id" uuid,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payment_lines_amount_check" CHECK ("payment_lines"."amount" > 0),
	CONSTRAINT "payment_lines_status_check" CHECK ("payment_lines"."status" in ('pending', 'paid', 'failed', 'retried')),
	CONSTRAINT "payment_lines_failed_check" CHECK ("payment_lines"."status" <> 'failed' or "payment_lines"."failure_reason" is not null)
);
--> statement-breakpoint
CREATE TABLE "payment_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"pay_farmers_through" text DEFAULT 'central' NOT NULL,
	"sms_farmers" boolean DEFAULT true NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_settings_single_row_check" CHECK ("payment_settings"."id" = 1),
	CONSTRAINT "payment_settings_through_check" CHECK ("payment_settings"."pay_farmers_through" in ('central', 'amcos'))
);
--> statement-breakpoint
CREATE TABLE "settlement_deductions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"settlement_id" uuid NOT NULL,
	"settlement_lot_id" uuid NOT NULL,
	"rule_id" uuid,
	"name" text NOT NULL,
	"payer" text NOT NULL,
	"party_type" text NOT NULL,
	"party_id" uuid NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	CONSTRAINT "settlement_deductions_amount_check" CHECK ("settlement_deductions"."amount" > 0),
	CONSTRAINT "settlement_deductions_payer_check" CHECK ("settlement_deductions"."payer" in ('farmer', 'buyer')),
	CONSTRAINT "settlement_deductions_party_check" CHECK ("settlement_deductions"."party_type" in ('amcos', 'beneficiary', 'transporter'))
);
--> statement-breakpoint
CREATE TABLE "settlement_farmers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"settlement_id" uuid NOT NULL,
	"settlement_lot_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	"farmer_id" uuid NOT NULL,
	"amcos_id" uuid NOT NULL,
	"kg" numeric(14, 3) NOT NULL,
	"gross_share" numeric(16, 2) NOT NULL,
	"deductions" numeric(16, 2) NOT NULL,
	"owed" numeric(16, 2) NOT NULL,
	"loan_recovery" numeric(16, 2) NOT NULL,
	"net" numeric(16, 2) NOT NULL,
	CONSTRAINT "settlement_farmers_figures_check" CHECK ("settlement_farmers"."owed" = "settlement_farmers"."net" + "settlement_farmers"."loan_recovery" and "settlement_farmers"."gross_share" = "settlement_farmers"."owed" + "settlement_farmers"."deductions" and "settlement_farmers"."net" >= 0 and "settlement_farmers"."loan_recovery" >= 0 and "settlement_farmers"."deductions" >= 0)
);
--> statement-breakpoint
CREATE TABLE "settlement_lots" (
	"id" uuid PRIMARY KEY NOT NULL,
	"settlement_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	"live" boolean DEFAULT true NOT NULL,
	"amcos_id" uuid NOT NULL,
	"season_crop_id" uuid NOT NULL,
	"invoice_id" uuid,
	"auction_id" uuid,
	"kg" numeric(14, 3) NOT NULL,
	"collected_kg" numeric(14, 3) NOT NULL,
	"price_per_kg" numeric(16, 2) NOT NULL,
	"gross" numeric(16, 2) NOT NULL,
	"beneficiaries" numeric(16, 2) NOT NULL,
	"transporters" numeric(16, 2) NOT NULL,
	"amcos_share" numeric(16, 2) NOT NULL,
	"farmers_net" numeric(16, 2) NOT NULL,
	"loan_recovery" numeric(16, 2) NOT NULL,
	"buyer_levies" numeric(16, 2) NOT NULL,
	CONSTRAINT "settlement_lots_reconcile_check" CHECK ("settlement_lots"."gross" = "settlement_lots"."beneficiaries" + "settlement_lots"."transporters" + "settlement_lots"."amcos_share" + "settlement_lots"."farmers_net" + "settlement_lots"."loan_recovery")
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"settlement_no" text NOT NULL,
	"settled_on" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"auction_id" uuid,
	"amcos_id" uuid,
	"lot_count" integer NOT NULL,
	"farmer_count" integer NOT NULL,
	"gross" numeric(16, 2) NOT NULL,
	"beneficiaries" numeric(16, 2) NOT NULL,
	"transporters" numeric(16, 2) NOT NULL,
	"amcos_share" numeric(16, 2) NOT NULL,
	"farmers_net" numeric(16, 2) NOT NULL,
	"loan_recovery" numeric(16, 2) NOT NULL,
	"buyer_levies" numeric(16, 2) NOT NULL,
	"remarks" text,
	"journal_entry_id" uuid,
	"created_by" uuid,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"cancel_reason" text,
	"cancelled_by" uuid,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlements_status_check" CHECK ("settlements"."status" in ('draft', 'approved', 'cancelled')),
	CONSTRAINT "settlements_reconcile_check" CHECK ("settlements"."gross" = "settlements"."beneficiaries" + "settlements"."transporters" + "settlements"."amcos_share" + "settlements"."farmers_net" + "settlements"."loan_recovery")
);
--> statement-breakpoint
ALTER TABLE "farmer_loans" ADD CONSTRAINT "farmer_loans_farmer_id_farmers_id_fk" FOREIGN KEY ("farmer_id") REFERENCES "public"."farmers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farmer_loans" ADD CONSTRAINT "farmer_loans_amcos_id_amcos_id_fk" FOREIGN KEY ("amcos_id") REFERENCES "public"."amcos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_recoveries" ADD CONSTRAINT "loan_recoveries_loan_id_farmer_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."farmer_loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_recoveries" ADD CONSTRAINT "loan_recoveries_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_recoveries" ADD CONSTRAINT "loan_recoveries_settlement_farmer_id_settlement_farmers_id_fk" FOREIGN KEY ("settlement_farmer_id") REFERENCES "public"."settlement_farmers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_batches" ADD CONSTRAINT "payment_batches_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_lines" ADD CONSTRAINT "payment_lines_batch_id_payment_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payment_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_lines" ADD CONSTRAINT "payment_lines_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_deductions" ADD CONSTRAINT "settlement_deductions_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_deductions" ADD CONSTRAINT "settlement_deductions_settlement_lot_id_settlement_lots_id_fk" FOREIGN KEY ("settlement_lot_id") REFERENCES "public"."settlement_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_farmers" ADD CONSTRAINT "settlement_farmers_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_farmers" ADD CONSTRAINT "settlement_farmers_settlement_lot_id_settlement_lots_id_fk" FOREIGN KEY ("settlement_lot_id") REFERENCES "public"."settlement_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_farmers" ADD CONSTRAINT "settlement_farmers_farmer_id_farmers_id_fk" FOREIGN KEY ("farmer_id") REFERENCES "public"."farmers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lots" ADD CONSTRAINT "settlement_lots_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lots" ADD CONSTRAINT "settlement_lots_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lots" ADD CONSTRAINT "settlement_lots_amcos_id_amcos_id_fk" FOREIGN KEY ("amcos_id") REFERENCES "public"."amcos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_amcos_id_amcos_id_fk" FOREIGN KEY ("amcos_id") REFERENCES "public"."amcos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "farmer_loans_no_unique" ON "farmer_loans" USING btree ("loan_no");--> statement-breakpoint
CREATE INDEX "farmer_loans_outstanding_idx" ON "farmer_loans" USING btree ("farmer_id","issued_on","id") WHERE "farmer_loans"."status" = 'active' and "farmer_loans"."recovered" < "farmer_loans"."amount";--> statement-breakpoint
CREATE INDEX "farmer_loans_amcos_idx" ON "farmer_loans" USING btree ("amcos_id","issued_on");--> statement-breakpoint
CREATE INDEX "loan_recoveries_loan_idx" ON "loan_recoveries" USING btree ("loan_id");--> statement-breakpoint
CREATE INDEX "loan_recoveries_settlement_idx" ON "loan_recoveries" USING btree ("settlement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_batches_no_unique" ON "payment_batches" USING btree ("batch_no");--> statement-breakpoint
CREATE INDEX "payment_batches_status_idx" ON "payment_batches" USING btree ("status","party_type");--> statement-breakpoint
CREATE INDEX "payment_batches_settlement_idx" ON "payment_batches" USING btree ("settlement_id");--> statement-breakpoint
CREATE INDEX "payment_lines_batch_idx" ON "payment_lines" USING btree ("batch_id","payee_name");--> statement-breakpoint
CREATE INDEX "payment_lines_party_idx" ON "payment_lines" USING btree ("party_type","party_id");--> statement-breakpoint
CREATE INDEX "payment_lines_amcos_idx" ON "payment_lines" USING btree ("amcos_id");--> statement-breakpoint
CREATE INDEX "payment_lines_settlement_idx" ON "payment_lines" USING btree ("settlement_id","party_type");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_lines_retry_unique" ON "payment_lines" USING btree ("retry_of_line_id");--> statement-breakpoint
CREATE INDEX "settlement_deductions_settlement_idx" ON "settlement_deductions" USING btree ("settlement_id","party_type","party_id");--> statement-breakpoint
CREATE INDEX "settlement_deductions_lot_idx" ON "settlement_deductions" USING btree ("settlement_lot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_farmers_unique" ON "settlement_farmers" USING btree ("settlement_lot_id","farmer_id");--> statement-breakpoint
CREATE INDEX "settlement_farmers_settlement_idx" ON "settlement_farmers" USING btree ("settlement_id","farmer_id");--> statement-breakpoint
CREATE INDEX "settlement_farmers_farmer_idx" ON "settlement_farmers" USING btree ("farmer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_lots_live_unique" ON "settlement_lots" USING btree ("lot_id") WHERE "settlement_lots"."live";--> statement-breakpoint
CREATE INDEX "settlement_lots_settlement_idx" ON "settlement_lots" USING btree ("settlement_id");--> statement-breakpoint
CREATE INDEX "settlement_lots_amcos_idx" ON "settlement_lots" USING btree ("amcos_id");--> statement-breakpoint
CREATE UNIQUE INDEX "settlements_no_unique" ON "settlements" USING btree ("settlement_no");--> statement-breakpoint
CREATE INDEX "settlements_status_idx" ON "settlements" USING btree ("status","settled_on");