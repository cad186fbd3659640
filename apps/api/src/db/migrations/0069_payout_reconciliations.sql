CREATE TABLE "payout_reconciliation_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reconciliation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"payment_line_id" uuid,
	"row_no" integer,
	"provider_reference" text,
	"account" text,
	"statement_amount" numeric(16, 2),
	"statement_fee" numeric(16, 2),
	"statement_status" text,
	"failure_reason" text,
	"line_state" text,
	"settled" boolean DEFAULT false NOT NULL,
	CONSTRAINT "payout_reconciliation_items_kind_check" CHECK ("payout_reconciliation_items"."kind" in ('matched', 'amount_differs', 'status_differs', 'not_final', 'pending', 'missing', 'duplicate', 'unknown_row'))
);
--> statement-breakpoint
CREATE TABLE "payout_reconciliations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"batch_id" uuid NOT NULL,
	"source" text NOT NULL,
	"file_name" text,
	"statement_hash" text NOT NULL,
	"rows_read" integer NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_reconciliations_status_check" CHECK ("payout_reconciliations"."status" in ('proposed', 'confirmed'))
);
--> statement-breakpoint
ALTER TABLE "payout_reconciliation_items" ADD CONSTRAINT "payout_reconciliation_items_reconciliation_id_payout_reconciliations_id_fk" FOREIGN KEY ("reconciliation_id") REFERENCES "public"."payout_reconciliations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_reconciliation_items" ADD CONSTRAINT "payout_reconciliation_items_payment_line_id_payment_lines_id_fk" FOREIGN KEY ("payment_line_id") REFERENCES "public"."payment_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_reconciliations" ADD CONSTRAINT "payout_reconciliations_batch_id_payment_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payment_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_reconciliation_items_rec_idx" ON "payout_reconciliation_items" USING btree ("reconciliation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_reconciliations_statement_unique" ON "payout_reconciliations" USING btree ("batch_id","statement_hash");