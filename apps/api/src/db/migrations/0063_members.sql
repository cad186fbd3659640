CREATE TABLE "member_payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"receipt_no" text NOT NULL,
	"member_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"paid_on" date NOT NULL,
	"bank_account_id" uuid,
	"reference" text,
	"journal_entry_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_payments_receipt_no_unique" UNIQUE("receipt_no"),
	CONSTRAINT "member_payments_kind_check" CHECK ("member_payments"."kind" in ('shares', 'entrance_fee')),
	CONSTRAINT "member_payments_amount_check" CHECK ("member_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "member_settings" (
	"society" text PRIMARY KEY NOT NULL,
	"share_minimum" numeric(18, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" uuid PRIMARY KEY NOT NULL,
	"amcos_id" uuid,
	"member_amcos_id" uuid,
	"farmer_id" uuid,
	"member_no" text NOT NULL,
	"joined_on" date NOT NULL,
	"shares_subscribed" numeric(18, 2) NOT NULL,
	"opening_shares_paid" numeric(18, 2) DEFAULT '0' NOT NULL,
	"shares_paid" numeric(18, 2) DEFAULT '0' NOT NULL,
	"entrance_fee_paid" numeric(18, 2) DEFAULT '0' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_kind_check" CHECK (("members"."amcos_id" is null and "members"."member_amcos_id" is not null and "members"."farmer_id" is null)
        or ("members"."amcos_id" is not null and "members"."farmer_id" is not null and "members"."member_amcos_id" is null)),
	CONSTRAINT "members_amounts_check" CHECK ("members"."shares_subscribed" >= 0 and "members"."opening_shares_paid" >= 0 and "members"."entrance_fee_paid" >= 0
        and "members"."shares_paid" >= "members"."opening_shares_paid" and "members"."shares_paid" <= "members"."shares_subscribed")
);
--> statement-breakpoint
ALTER TABLE "member_payments" ADD CONSTRAINT "member_payments_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_payments" ADD CONSTRAINT "member_payments_bank_account_id_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_payments" ADD CONSTRAINT "member_payments_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_amcos_id_amcos_id_fk" FOREIGN KEY ("amcos_id") REFERENCES "public"."amcos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_member_amcos_id_amcos_id_fk" FOREIGN KEY ("member_amcos_id") REFERENCES "public"."amcos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_farmer_id_farmers_id_fk" FOREIGN KEY ("farmer_id") REFERENCES "public"."farmers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_payments_member_idx" ON "member_payments" USING btree ("member_id","paid_on");--> statement-breakpoint
CREATE UNIQUE INDEX "members_member_amcos_uq" ON "members" USING btree ("member_amcos_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_farmer_uq" ON "members" USING btree ("farmer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_union_no_uq" ON "members" USING btree ("member_no") WHERE "members"."amcos_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "members_society_no_uq" ON "members" USING btree ("amcos_id","member_no") WHERE "members"."amcos_id" is not null;
--> statement-breakpoint
-- Members (#32): entrance fees (Operation 4204), mapped as entrance_fee_income, and the members'
-- share capital (Operation 3101), mapped as share_capital. Only on databases whose chart is
-- already seeded (a new database gets them from the default chart at start), where the code is free.
INSERT INTO "accounts" ("id", "code", "name", "name_sw", "book", "group_id", "currency", "is_bank_or_cash")
SELECT gen_random_uuid(), '4204', 'Entrance fees', 'Ada za kiingilio', 'operation', g.id, 'TZS', false
  FROM "account_groups" g
 WHERE g.code = '42'
   AND EXISTS (SELECT 1 FROM "accounts")
   AND NOT EXISTS (SELECT 1 FROM "accounts" a WHERE a.book = 'operation' AND a.code = '4204');
--> statement-breakpoint
INSERT INTO "account_mappings" ("key", "account_id")
SELECT m.key, a.id
  FROM (VALUES ('entrance_fee_income', '4204', 'Entrance fees'),
               ('share_capital', '3101', 'Members share capital')) AS m(key, code, name)
  JOIN "accounts" a ON a.book = 'operation' AND a.code = m.code AND a.name = m.name
ON CONFLICT ("key") DO NOTHING;
