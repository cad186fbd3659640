CREATE TABLE "payout_lines" (
	"payment_line_id" uuid PRIMARY KEY NOT NULL,
	"batch_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"looked_up_name" text,
	"approved_by" uuid,
	"provider_reference" text,
	"fee" numeric(16, 2),
	"failure_reason" text,
	"sent_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_lines_state_check" CHECK ("payout_lines"."state" in ('pending', 'looked_up', 'held_name', 'sending', 'succeeded', 'failed', 'unknown')),
	CONSTRAINT "payout_lines_failed_check" CHECK ("payout_lines"."state" <> 'failed' or "payout_lines"."failure_reason" is not null),
	CONSTRAINT "payout_lines_succeeded_check" CHECK ("payout_lines"."state" <> 'succeeded' or "payout_lines"."fee" is not null)
);
--> statement-breakpoint
CREATE TABLE "payout_simulator_ledger" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"account" text NOT NULL,
	"name" text NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"fee" numeric(16, 2) NOT NULL,
	"reference" text NOT NULL,
	"provider_reference" text NOT NULL,
	"status" text NOT NULL,
	"failure_reason" text,
	"reply_lost" integer DEFAULT 0 NOT NULL,
	"callbacks" integer DEFAULT 0 NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payout_simulator_ledger_amount_check" CHECK ("payout_simulator_ledger"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_batches" DROP CONSTRAINT "payment_batches_status_check";--> statement-breakpoint
ALTER TABLE "payment_batches" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_batches" ADD COLUMN "sent_by" uuid;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_payment_line_id_payment_lines_id_fk" FOREIGN KEY ("payment_line_id") REFERENCES "public"."payment_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_batch_id_payment_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payment_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_lines_batch_idx" ON "payout_lines" USING btree ("batch_id","state");--> statement-breakpoint
CREATE INDEX "payout_lines_open_idx" ON "payout_lines" USING btree ("state","sent_at") WHERE "payout_lines"."state" in ('pending', 'looked_up', 'sending', 'unknown');--> statement-breakpoint
CREATE INDEX "payout_simulator_ledger_due_idx" ON "payout_simulator_ledger" USING btree ("status","due_at");--> statement-breakpoint
ALTER TABLE "payment_batches" ADD CONSTRAINT "payment_batches_status_check" CHECK ("payment_batches"."status" in ('draft', 'approved', 'exported', 'sending', 'paid', 'partly_paid'));--> statement-breakpoint
INSERT INTO "account_mappings" ("key", "account_id")
SELECT 'payout_fees', a.id FROM "accounts" a
 WHERE a.book = 'collection' AND a.code = '5301' AND a.name = 'Collection bank charges'
ON CONFLICT ("key") DO NOTHING;
