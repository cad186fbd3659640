ALTER TABLE "appropriation_lines" ADD COLUMN "to_shares" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_payments" ADD COLUMN "appropriation_id" uuid;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "dividend_to_shares" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "member_payments_appropriation_uq" ON "member_payments" USING btree ("appropriation_id","member_id") WHERE "member_payments"."appropriation_id" is not null;--> statement-breakpoint
ALTER TABLE "appropriation_lines" ADD CONSTRAINT "appropriation_lines_to_shares_check" CHECK ("appropriation_lines"."to_shares" >= 0 and "appropriation_lines"."to_shares" <= "appropriation_lines"."payable");--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_dividend_to_shares_check" CHECK (not "members"."dividend_to_shares" or "members"."amcos_id" is null);