CREATE TABLE "input_distribution_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"distribution_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"item_id" uuid NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"unit_price" numeric(16, 2) NOT NULL,
	"farmer_value" numeric(16, 2) NOT NULL,
	"subsidy_value" numeric(16, 2) DEFAULT '0' NOT NULL,
	"unit_cost" numeric(18, 6) NOT NULL,
	"cost_value" numeric(16, 2) NOT NULL,
	CONSTRAINT "input_distribution_lines_quantity_check" CHECK ("input_distribution_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "input_distributions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"distribution_no" text NOT NULL,
	"request_id" uuid NOT NULL,
	"farmer_id" uuid NOT NULL,
	"amcos_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"season_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"distributed_on" date NOT NULL,
	"status" text DEFAULT 'issued' NOT NULL,
	"farmer_amount" numeric(16, 2) NOT NULL,
	"subsidy_amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"cost_value" numeric(16, 2) NOT NULL,
	"margin" numeric(16, 2) NOT NULL,
	"loan_id" uuid,
	"cancel_reason" text,
	"cancelled_by" uuid,
	"cancelled_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "input_distributions_kind_check" CHECK ("input_distributions"."kind" in ('credit', 'cash', 'free', 'subsidised')),
	CONSTRAINT "input_distributions_status_check" CHECK ("input_distributions"."status" in ('issued', 'cancelled')),
	CONSTRAINT "input_distributions_loan_check" CHECK (("input_distributions"."loan_id" is not null) = ("input_distributions"."kind" in ('credit', 'subsidised') and "input_distributions"."farmer_amount" > 0)),
	CONSTRAINT "input_distributions_margin_check" CHECK ("input_distributions"."margin" = "input_distributions"."farmer_amount" + "input_distributions"."subsidy_amount" - "input_distributions"."cost_value" or ("input_distributions"."kind" = 'free' and "input_distributions"."margin" = 0))
);
--> statement-breakpoint
CREATE TABLE "input_prices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"season_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"credit_price" numeric(16, 2) NOT NULL,
	"cash_price" numeric(16, 2) NOT NULL,
	"subsidised_price" numeric(16, 2),
	"programme_share" numeric(16, 2) DEFAULT '0' NOT NULL,
	"limit_basis" text NOT NULL,
	"credit_limit" numeric(16, 2) NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "input_prices_amounts_check" CHECK ("input_prices"."credit_price" >= 0 and "input_prices"."cash_price" >= 0 and "input_prices"."programme_share" >= 0 and "input_prices"."credit_limit" >= 0 and coalesce("input_prices"."subsidised_price", 0) >= 0),
	CONSTRAINT "input_prices_basis_check" CHECK ("input_prices"."limit_basis" in ('per_acre', 'fixed'))
);
--> statement-breakpoint
CREATE TABLE "input_request_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"item_id" uuid NOT NULL,
	"suggested_quantity" numeric(14, 3),
	"quantity" numeric(14, 3) NOT NULL,
	"credit_price" numeric(16, 2) NOT NULL,
	"credit_value" numeric(16, 2) NOT NULL,
	"credit_limit" numeric(16, 2) NOT NULL,
	"used_elsewhere" numeric(16, 2) DEFAULT '0' NOT NULL,
	"over_limit" boolean DEFAULT false NOT NULL,
	CONSTRAINT "input_request_lines_quantity_check" CHECK ("input_request_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "input_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"request_no" text NOT NULL,
	"farmer_id" uuid NOT NULL,
	"amcos_id" uuid NOT NULL,
	"season_crop_id" uuid NOT NULL,
	"season_id" uuid NOT NULL,
	"acres" numeric(10, 2) NOT NULL,
	"requested_on" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"credit_value" numeric(16, 2) NOT NULL,
	"over_limit" boolean DEFAULT false NOT NULL,
	"override_reason" text,
	"notes" text,
	"created_by" uuid,
	"amcos_approved_by" uuid,
	"amcos_approved_at" timestamp with time zone,
	"union_approved_by" uuid,
	"union_approved_at" timestamp with time zone,
	"rejected_by" uuid,
	"rejected_at" timestamp with time zone,
	"reject_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "input_requests_status_check" CHECK ("input_requests"."status" in ('pending', 'amcos_approved', 'approved', 'rejected', 'distributed')),
	CONSTRAINT "input_requests_override_check" CHECK (not "input_requests"."over_limit" or "input_requests"."override_reason" is not null),
	CONSTRAINT "input_requests_makers_check" CHECK ("input_requests"."amcos_approved_by" is distinct from "input_requests"."created_by" and "input_requests"."union_approved_by" is distinct from "input_requests"."amcos_approved_by" and "input_requests"."union_approved_by" is distinct from "input_requests"."created_by")
);
--> statement-breakpoint
ALTER TABLE "input_distribution_lines" ADD CONSTRAINT "input_distribution_lines_distribution_id_input_distributions_id_fk" FOREIGN KEY ("distribution_id") REFERENCES "public"."input_distributions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "input_distribution_lines" ADD CONSTRAINT "input_distribution_lines_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "input_distributions" ADD CONSTRAINT "input_distributions_request_id_input_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."input_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "input_distributions" ADD CONSTRAINT "input_distributions_farmer_id_farmers_id_fk" FOREIGN KEY ("farmer_id") REFERENCES "public"."farmers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "input_distributions" ADD CONSTRAINT "input_distributions_amcos_id_amcos_id_fk" FOREIGN KEY ("amcos_id") REFERENCES "public"."amcos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "input_distributions" ADD CONSTRAINT "input_distributions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "input_distributions" ADD CONSTRAINT "input_distributions_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "input_distributions" ADD CONSTRAINT "input_distributions_loan_id_farmer_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."farmer_loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "input_prices" ADD CONSTRAINT "input_prices_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "input_prices" ADD CONSTRAINT "input_prices_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "input_request_lines" ADD CONSTRAINT "input_request_lines_request_id_input_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."input_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "input_request_lines" ADD CONSTRAINT "input_request_lines_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "input_requests" ADD CONSTRAINT "input_requests_farmer_id_farmers_id_fk" FOREIGN KEY ("farmer_id") REFERENCES "public"."farmers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "input_requests" ADD CONSTRAINT "input_requests_amcos_id_amcos_id_fk" FOREIGN KEY ("amcos_id") REFERENCES "public"."amcos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "input_requests" ADD CONSTRAINT "input_requests_season_crop_id_season_crops_id_fk" FOREIGN KEY ("season_crop_id") REFERENCES "public"."season_crops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "input_requests" ADD CONSTRAINT "input_requests_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "input_distribution_lines_dist_idx" ON "input_distribution_lines" USING btree ("distribution_id","line_no");--> statement-breakpoint
CREATE INDEX "input_distribution_lines_item_idx" ON "input_distribution_lines" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "input_distributions_no_unique" ON "input_distributions" USING btree ("distribution_no");--> statement-breakpoint
CREATE UNIQUE INDEX "input_distributions_request_unique" ON "input_distributions" USING btree ("request_id") WHERE "input_distributions"."status" = 'issued';--> statement-breakpoint
CREATE INDEX "input_distributions_amcos_idx" ON "input_distributions" USING btree ("amcos_id","distributed_on");--> statement-breakpoint
CREATE INDEX "input_distributions_season_idx" ON "input_distributions" USING btree ("season_id","status");--> statement-breakpoint
CREATE INDEX "input_distributions_farmer_idx" ON "input_distributions" USING btree ("farmer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "input_prices_season_item_unique" ON "input_prices" USING btree ("season_id","item_id");--> statement-breakpoint
CREATE INDEX "input_prices_item_idx" ON "input_prices" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "input_request_lines_item_unique" ON "input_request_lines" USING btree ("request_id","item_id");--> statement-breakpoint
CREATE INDEX "input_request_lines_item_idx" ON "input_request_lines" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "input_requests_no_unique" ON "input_requests" USING btree ("request_no");--> statement-breakpoint
CREATE INDEX "input_requests_amcos_status_idx" ON "input_requests" USING btree ("amcos_id","status","id");--> statement-breakpoint
CREATE INDEX "input_requests_season_status_idx" ON "input_requests" USING btree ("season_id","status","id");--> statement-breakpoint
CREATE INDEX "input_requests_farmer_idx" ON "input_requests" USING btree ("farmer_id","season_id");