CREATE TABLE "second_payment_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"second_payment_id" uuid NOT NULL,
	"farmer_id" uuid NOT NULL,
	"amcos_id" uuid NOT NULL,
	"kg" numeric(14, 3) NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	CONSTRAINT "second_payment_lines_amount_check" CHECK ("second_payment_lines"."amount" >= 0 and "second_payment_lines"."kg" > 0)
);
--> statement-breakpoint
CREATE TABLE "second_payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"payment_no" text NOT NULL,
	"season_crop_id" uuid NOT NULL,
	"rate_per_kg" numeric(16, 2) NOT NULL,
	"amcos_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"kg" numeric(14, 3) NOT NULL,
	"total" numeric(16, 2) NOT NULL,
	"line_count" integer NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"proposed_by" uuid NOT NULL,
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"rejected_by" uuid,
	"rejected_at" timestamp with time zone,
	"reject_reason" text,
	"payment_batch_id" uuid,
	CONSTRAINT "second_payments_status_check" CHECK ("second_payments"."status" in ('proposed', 'approved', 'rejected')),
	CONSTRAINT "second_payments_amount_check" CHECK ("second_payments"."rate_per_kg" > 0 and "second_payments"."total" > 0 and "second_payments"."kg" > 0),
	CONSTRAINT "second_payments_checker_check" CHECK ("second_payments"."approved_by" is null or "second_payments"."approved_by" <> "second_payments"."proposed_by")
);
--> statement-breakpoint
ALTER TABLE "second_payment_lines" ADD CONSTRAINT "second_payment_lines_second_payment_id_second_payments_id_fk" FOREIGN KEY ("second_payment_id") REFERENCES "public"."second_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_payment_lines" ADD CONSTRAINT "second_payment_lines_farmer_id_farmers_id_fk" FOREIGN KEY ("farmer_id") REFERENCES "public"."farmers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_payment_lines" ADD CONSTRAINT "second_payment_lines_amcos_id_amcos_id_fk" FOREIGN KEY ("amcos_id") REFERENCES "public"."amcos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_payments" ADD CONSTRAINT "second_payments_season_crop_id_season_crops_id_fk" FOREIGN KEY ("season_crop_id") REFERENCES "public"."season_crops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "second_payment_lines_farmer_unique" ON "second_payment_lines" USING btree ("second_payment_id","farmer_id","amcos_id");--> statement-breakpoint
CREATE INDEX "second_payment_lines_amcos_idx" ON "second_payment_lines" USING btree ("amcos_id");--> statement-breakpoint
CREATE INDEX "second_payment_lines_farmer_idx" ON "second_payment_lines" USING btree ("farmer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "second_payments_no_unique" ON "second_payments" USING btree ("payment_no");--> statement-breakpoint
CREATE UNIQUE INDEX "second_payments_waiting_unique" ON "second_payments" USING btree ("season_crop_id") WHERE "second_payments"."status" = 'proposed';