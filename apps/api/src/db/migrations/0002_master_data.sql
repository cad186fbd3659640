CREATE TABLE "boq_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"boq_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"item" text NOT NULL,
	"unit" text NOT NULL,
	"quantity_per_acre" numeric(12, 3) NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	CONSTRAINT "boq_items_quantity_check" CHECK ("boq_items"."quantity_per_acre" > 0),
	CONSTRAINT "boq_items_price_check" CHECK ("boq_items"."unit_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "boqs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"season_crop_id" uuid NOT NULL,
	"notes" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"short_code" text NOT NULL,
	"swift" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banks_name_unique" UNIQUE("name"),
	CONSTRAINT "banks_short_code_unique" UNIQUE("short_code")
);
--> statement-breakpoint
CREATE TABLE "councils" (
	"id" uuid PRIMARY KEY NOT NULL,
	"district_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "councils_name_unique" UNIQUE("name"),
	CONSTRAINT "councils_kind_check" CHECK ("councils"."kind" in ('district', 'town', 'municipal', 'city'))
);
--> statement-breakpoint
CREATE TABLE "districts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"region_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "districts_region_name_unique" UNIQUE("region_id","name")
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "regions_name_unique" UNIQUE("name"),
	CONSTRAINT "regions_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "union_profile" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"registration_no" text,
	"tin" text,
	"address" text,
	"region" text,
	"phone" text,
	"email" text,
	"logo" "bytea",
	"logo_type" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "union_profile_single_row" CHECK ("union_profile"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "beneficiaries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"council_id" uuid,
	"bank_id" uuid,
	"account_no" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "beneficiaries_name_unique" UNIQUE("name"),
	CONSTRAINT "beneficiaries_kind_check" CHECK ("beneficiaries"."kind" in ('council', 'crop_board', 'union', 'amcos', 'regulator', 'other')),
	CONSTRAINT "beneficiaries_council_check" CHECK ("beneficiaries"."kind" <> 'council' or "beneficiaries"."council_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "deduction_rules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"season_crop_id" uuid NOT NULL,
	"grade_id" uuid,
	"name" text NOT NULL,
	"recipient" text NOT NULL,
	"beneficiary_id" uuid,
	"payer" text NOT NULL,
	"basis" text NOT NULL,
	"rate" numeric(18, 6) NOT NULL,
	"minimum" numeric(14, 2),
	"maximum" numeric(14, 2),
	"valid_from" date,
	"valid_to" date,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deduction_rules_recipient_check" CHECK ("deduction_rules"."recipient" in ('beneficiary', 'amcos', 'transporter')),
	CONSTRAINT "deduction_rules_beneficiary_check" CHECK (("deduction_rules"."recipient" = 'beneficiary') = ("deduction_rules"."beneficiary_id" is not null)),
	CONSTRAINT "deduction_rules_payer_check" CHECK ("deduction_rules"."payer" in ('farmer', 'buyer')),
	CONSTRAINT "deduction_rules_basis_check" CHECK ("deduction_rules"."basis" in ('per_kg', 'percent_of_gross', 'per_bag', 'fixed')),
	CONSTRAINT "deduction_rules_rate_check" CHECK ("deduction_rules"."rate" >= 0),
	CONSTRAINT "deduction_rules_percent_check" CHECK ("deduction_rules"."basis" <> 'percent_of_gross' or "deduction_rules"."rate" <= 100),
	CONSTRAINT "deduction_rules_range_check" CHECK ("deduction_rules"."minimum" is null or "deduction_rules"."maximum" is null or "deduction_rules"."minimum" <= "deduction_rules"."maximum"),
	CONSTRAINT "deduction_rules_dates_check" CHECK ("deduction_rules"."valid_from" is null or "deduction_rules"."valid_to" is null or "deduction_rules"."valid_from" <= "deduction_rules"."valid_to")
);
--> statement-breakpoint
CREATE TABLE "farmer_sequences" (
	"amcos_id" uuid PRIMARY KEY NOT NULL,
	"last_value" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "farmers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farmer_no" text NOT NULL,
	"amcos_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text,
	"last_name" text NOT NULL,
	"gender" text NOT NULL,
	"date_of_birth" date,
	"national_id" text,
	"phone" text,
	"bank_id" uuid,
	"account_no" text,
	"village" text,
	"status" text DEFAULT 'active' NOT NULL,
	"photo" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(first_name || ' ' || coalesce(middle_name || ' ', '') || last_name || ' ' || farmer_no || ' ' || coalesce(phone, '') || ' ' || coalesce(national_id, ''))) STORED,
	CONSTRAINT "farmers_gender_check" CHECK ("farmers"."gender" in ('Male', 'Female')),
	CONSTRAINT "farmers_status_check" CHECK ("farmers"."status" in ('active', 'inactive')),
	CONSTRAINT "farmers_national_id_check" CHECK ("farmers"."national_id" ~ '^[0-9]{20}$')
);
--> statement-breakpoint
CREATE TABLE "farms" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farmer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"crop_id" uuid,
	"acres" numeric(10, 2) NOT NULL,
	"trees" integer,
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"boundary" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "farms_acres_check" CHECK ("farms"."acres" > 0),
	CONSTRAINT "farms_trees_check" CHECK ("farms"."trees" >= 0),
	CONSTRAINT "farms_location_pair" CHECK (("farms"."latitude" is null) = ("farms"."longitude" is null))
);
--> statement-breakpoint
CREATE TABLE "crops" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"unit" text DEFAULT 'kg' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crops_name_unique" UNIQUE("name"),
	CONSTRAINT "crops_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "grades" (
	"id" uuid PRIMARY KEY NOT NULL,
	"crop_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grades_crop_code_unique" UNIQUE("crop_id","code")
);
--> statement-breakpoint
CREATE TABLE "season_crops" (
	"id" uuid PRIMARY KEY NOT NULL,
	"season_id" uuid NOT NULL,
	"crop_id" uuid NOT NULL,
	"indicative_price" numeric(14, 2) NOT NULL,
	"standard_bag_kg" numeric(10, 3) NOT NULL,
	"max_moisture" numeric(5, 2) NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "season_crops_price_check" CHECK ("season_crops"."indicative_price" >= 0),
	CONSTRAINT "season_crops_bag_check" CHECK ("season_crops"."standard_bag_kg" > 0),
	CONSTRAINT "season_crops_moisture_check" CHECK ("season_crops"."max_moisture" between 0 and 100),
	CONSTRAINT "season_crops_status_check" CHECK ("season_crops"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"status" text DEFAULT 'planned' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seasons_name_unique" UNIQUE("name"),
	CONSTRAINT "seasons_status_check" CHECK ("seasons"."status" in ('planned', 'open', 'closed')),
	CONSTRAINT "seasons_dates_check" CHECK ("seasons"."end_date" > "seasons"."start_date")
);
--> statement-breakpoint
CREATE TABLE "transporters" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"tin" text,
	"phone" text,
	"rate_basis" text NOT NULL,
	"rate" numeric(14, 2) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transporters_name_unique" UNIQUE("name"),
	CONSTRAINT "transporters_rate_basis_check" CHECK ("transporters"."rate_basis" in ('per_kg', 'per_trip')),
	CONSTRAINT "transporters_rate_check" CHECK ("transporters"."rate" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"transporter_id" uuid NOT NULL,
	"plate_no" text NOT NULL,
	"description" text,
	"capacity_kg" numeric(12, 3),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"operator" text NOT NULL,
	"licence_no" text NOT NULL,
	"location" text,
	"council_id" uuid,
	"capacity_kg" numeric(14, 3),
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warehouses_name_unique" UNIQUE("name"),
	CONSTRAINT "warehouses_licence_unique" UNIQUE("licence_no")
);
--> statement-breakpoint
ALTER TABLE "amcos" ADD COLUMN "registration_no" text;--> statement-breakpoint
ALTER TABLE "amcos" ADD COLUMN "council_id" uuid;--> statement-breakpoint
ALTER TABLE "amcos" ADD COLUMN "ward" text;--> statement-breakpoint
ALTER TABLE "amcos" ADD COLUMN "village" text;--> statement-breakpoint
ALTER TABLE "amcos" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "amcos" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "amcos" ADD COLUMN "manager" text;--> statement-breakpoint
ALTER TABLE "amcos" ADD COLUMN "bank_id" uuid;--> statement-breakpoint
ALTER TABLE "amcos" ADD COLUMN "account_no" text;--> statement-breakpoint
ALTER TABLE "amcos" ADD COLUMN "latitude" numeric(9, 6);--> statement-breakpoint
ALTER TABLE "amcos" ADD COLUMN "longitude" numeric(9, 6);--> statement-breakpoint
ALTER TABLE "boq_items" ADD CONSTRAINT "boq_items_boq_id_boqs_id_fk" FOREIGN KEY ("boq_id") REFERENCES "public"."boqs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boqs" ADD CONSTRAINT "boqs_season_crop_id_season_crops_id_fk" FOREIGN KEY ("season_crop_id") REFERENCES "public"."season_crops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "councils" ADD CONSTRAINT "councils_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "districts" ADD CONSTRAINT "districts_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD CONSTRAINT "beneficiaries_council_id_councils_id_fk" FOREIGN KEY ("council_id") REFERENCES "public"."councils"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD CONSTRAINT "beneficiaries_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deduction_rules" ADD CONSTRAINT "deduction_rules_season_crop_id_season_crops_id_fk" FOREIGN KEY ("season_crop_id") REFERENCES "public"."season_crops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deduction_rules" ADD CONSTRAINT "deduction_rules_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deduction_rules" ADD CONSTRAINT "deduction_rules_beneficiary_id_beneficiaries_id_fk" FOREIGN KEY ("beneficiary_id") REFERENCES "public"."beneficiaries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farmer_sequences" ADD CONSTRAINT "farmer_sequences_amcos_id_amcos_id_fk" FOREIGN KEY ("amcos_id") REFERENCES "public"."amcos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farmers" ADD CONSTRAINT "farmers_amcos_id_amcos_id_fk" FOREIGN KEY ("amcos_id") REFERENCES "public"."amcos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farmers" ADD CONSTRAINT "farmers_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farms" ADD CONSTRAINT "farms_farmer_id_farmers_id_fk" FOREIGN KEY ("farmer_id") REFERENCES "public"."farmers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farms" ADD CONSTRAINT "farms_crop_id_crops_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."crops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_crop_id_crops_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."crops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_crops" ADD CONSTRAINT "season_crops_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_crops" ADD CONSTRAINT "season_crops_crop_id_crops_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."crops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_transporter_id_transporters_id_fk" FOREIGN KEY ("transporter_id") REFERENCES "public"."transporters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_council_id_councils_id_fk" FOREIGN KEY ("council_id") REFERENCES "public"."councils"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "boq_items_boq_idx" ON "boq_items" USING btree ("boq_id","line");--> statement-breakpoint
CREATE INDEX "boqs_season_crop_idx" ON "boqs" USING btree ("season_crop_id");--> statement-breakpoint
CREATE INDEX "councils_district_idx" ON "councils" USING btree ("district_id");--> statement-breakpoint
CREATE INDEX "deduction_rules_season_crop_idx" ON "deduction_rules" USING btree ("season_crop_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "farmers_farmer_no_unique" ON "farmers" USING btree ("farmer_no");--> statement-breakpoint
CREATE UNIQUE INDEX "farmers_national_id_unique" ON "farmers" USING btree ("national_id") WHERE "farmers"."national_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "farmers_phone_unique" ON "farmers" USING btree ("phone") WHERE "farmers"."phone" is not null;--> statement-breakpoint
CREATE INDEX "farmers_search_trgm_idx" ON "farmers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "farmers_amcos_name_idx" ON "farmers" USING btree ("amcos_id","first_name","last_name","id");--> statement-breakpoint
CREATE INDEX "farmers_name_idx" ON "farmers" USING btree ("first_name","last_name","id");--> statement-breakpoint
CREATE INDEX "farms_farmer_idx" ON "farms" USING btree ("farmer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "season_crops_season_crop_unique" ON "season_crops" USING btree ("season_id","crop_id");--> statement-breakpoint
CREATE INDEX "season_crops_crop_idx" ON "season_crops" USING btree ("crop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seasons_one_open" ON "seasons" USING btree ("status") WHERE "seasons"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_plate_unique" ON "vehicles" USING btree ("plate_no");--> statement-breakpoint
CREATE INDEX "vehicles_transporter_idx" ON "vehicles" USING btree ("transporter_id");--> statement-breakpoint
ALTER TABLE "amcos" ADD CONSTRAINT "amcos_council_id_councils_id_fk" FOREIGN KEY ("council_id") REFERENCES "public"."councils"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amcos" ADD CONSTRAINT "amcos_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "amcos_council_idx" ON "amcos" USING btree ("council_id");--> statement-breakpoint
ALTER TABLE "amcos" ADD CONSTRAINT "amcos_location_pair" CHECK (("amcos"."latitude" is null) = ("amcos"."longitude" is null));