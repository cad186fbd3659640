CREATE TABLE "appropriation_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"appropriation_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"amcos_id" uuid NOT NULL,
	"paid_shares" numeric(16, 2) NOT NULL,
	"kg" numeric(14, 3) NOT NULL,
	"dividend" numeric(16, 2) NOT NULL,
	"bonus" numeric(16, 2) NOT NULL,
	"payable" numeric(16, 2) NOT NULL,
	CONSTRAINT "appropriation_lines_payable_check" CHECK ("appropriation_lines"."payable" = "appropriation_lines"."dividend" + "appropriation_lines"."bonus")
);
--> statement-breakpoint
CREATE TABLE "appropriations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"appropriation_no" text NOT NULL,
	"financial_year_id" uuid NOT NULL,
	"season_id" uuid NOT NULL,
	"surplus" numeric(16, 2) NOT NULL,
	"reserve_percent" numeric(5, 2) NOT NULL,
	"dividend_percent" numeric(5, 2) NOT NULL,
	"bonus_per_kg" numeric(16, 2) NOT NULL,
	"reserve" numeric(16, 2) NOT NULL,
	"dividend" numeric(16, 2) NOT NULL,
	"bonus" numeric(16, 2) NOT NULL,
	"retained" numeric(16, 2) NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"proposed_by" uuid NOT NULL,
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"rejected_by" uuid,
	"rejected_at" timestamp with time zone,
	"reject_reason" text,
	"journal_entry_id" uuid,
	"payment_batch_id" uuid,
	CONSTRAINT "appropriations_status_check" CHECK ("appropriations"."status" in ('proposed', 'approved', 'rejected')),
	CONSTRAINT "appropriations_sum_check" CHECK ("appropriations"."reserve" + "appropriations"."dividend" + "appropriations"."bonus" + "appropriations"."retained" = "appropriations"."surplus" and "appropriations"."surplus" > 0
        and "appropriations"."reserve" >= 0 and "appropriations"."dividend" >= 0 and "appropriations"."bonus" >= 0 and "appropriations"."retained" >= 0),
	CONSTRAINT "appropriations_checker_check" CHECK ("appropriations"."approved_by" is null or "appropriations"."approved_by" <> "appropriations"."proposed_by")
);
--> statement-breakpoint
ALTER TABLE "payment_lines" ALTER COLUMN "settlement_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "member_settings" ADD COLUMN "reserve_percent" numeric(5, 2) DEFAULT '25' NOT NULL;--> statement-breakpoint
ALTER TABLE "appropriation_lines" ADD CONSTRAINT "appropriation_lines_appropriation_id_appropriations_id_fk" FOREIGN KEY ("appropriation_id") REFERENCES "public"."appropriations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appropriation_lines" ADD CONSTRAINT "appropriation_lines_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appropriation_lines" ADD CONSTRAINT "appropriation_lines_amcos_id_amcos_id_fk" FOREIGN KEY ("amcos_id") REFERENCES "public"."amcos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appropriations" ADD CONSTRAINT "appropriations_financial_year_id_financial_years_id_fk" FOREIGN KEY ("financial_year_id") REFERENCES "public"."financial_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appropriations" ADD CONSTRAINT "appropriations_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appropriations" ADD CONSTRAINT "appropriations_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appropriation_lines_member_unique" ON "appropriation_lines" USING btree ("appropriation_id","amcos_id");--> statement-breakpoint
CREATE INDEX "appropriation_lines_amcos_idx" ON "appropriation_lines" USING btree ("amcos_id");--> statement-breakpoint
CREATE UNIQUE INDEX "appropriations_no_unique" ON "appropriations" USING btree ("appropriation_no");--> statement-breakpoint
CREATE UNIQUE INDEX "appropriations_year_unique" ON "appropriations" USING btree ("financial_year_id") WHERE "appropriations"."status" <> 'rejected';--> statement-breakpoint
-- The appropriation of a year's surplus (#32): dividends and bonus payable (Operation 2106), mapped
-- as dividends_payable, and the general reserve (Operation 3103) mapped as general_reserve. Only on
-- databases whose chart is already seeded (a new one gets them from the default chart at start).
INSERT INTO "accounts" ("id", "code", "name", "name_sw", "book", "group_id", "currency", "is_bank_or_cash")
SELECT gen_random_uuid(), '2106', 'Dividends and bonus payable', 'Gawio na bonasi vinavyodaiwa', 'operation', g.id, 'TZS', false
  FROM "account_groups" g
 WHERE g.code = '21'
   AND EXISTS (SELECT 1 FROM "accounts")
   AND NOT EXISTS (SELECT 1 FROM "accounts" a WHERE a.book = 'operation' AND a.code = '2106');
--> statement-breakpoint
INSERT INTO "account_mappings" ("key", "account_id")
SELECT m.key, a.id
  FROM (VALUES ('dividends_payable', '2106', 'Dividends and bonus payable'),
               ('general_reserve', '3103', 'General reserve')) AS m(key, code, name)
  JOIN "accounts" a ON a.book = 'operation' AND a.code = m.code AND a.name = m.name
ON CONFLICT ("key") DO NOTHING;
