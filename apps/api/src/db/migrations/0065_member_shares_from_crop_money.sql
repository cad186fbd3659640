ALTER TABLE "settlement_farmers" DROP CONSTRAINT "settlement_farmers_figures_check";--> statement-breakpoint
ALTER TABLE "settlement_lots" DROP CONSTRAINT "settlement_lots_reconcile_check";--> statement-breakpoint
ALTER TABLE "settlements" DROP CONSTRAINT "settlements_reconcile_check";--> statement-breakpoint
ALTER TABLE "deduction_rules" ADD COLUMN "kind" text DEFAULT 'levy' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_payments" ADD COLUMN "settlement_id" uuid;--> statement-breakpoint
ALTER TABLE "settlement_farmers" ADD COLUMN "member_shares" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "settlement_lots" ADD COLUMN "member_shares" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "member_shares" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "member_payments_settlement_uq" ON "member_payments" USING btree ("settlement_id","member_id") WHERE "member_payments"."settlement_id" is not null;--> statement-breakpoint
ALTER TABLE "deduction_rules" ADD CONSTRAINT "deduction_rules_kind_check" CHECK ("deduction_rules"."kind" in ('levy', 'member_shares'));--> statement-breakpoint
ALTER TABLE "deduction_rules" ADD CONSTRAINT "deduction_rules_member_shares_check" CHECK ("deduction_rules"."kind" <> 'member_shares' or ("deduction_rules"."recipient" = 'amcos' and "deduction_rules"."payer" = 'farmer'
        and "deduction_rules"."basis" = 'percent_of_gross' and "deduction_rules"."minimum" is null and "deduction_rules"."maximum" is null));--> statement-breakpoint
ALTER TABLE "settlement_farmers" ADD CONSTRAINT "settlement_farmers_figures_check" CHECK ("settlement_farmers"."owed" = "settlement_farmers"."net" + "settlement_farmers"."loan_recovery" + "settlement_farmers"."member_shares" and "settlement_farmers"."gross_share" = "settlement_farmers"."owed" + "settlement_farmers"."deductions" and "settlement_farmers"."net" >= 0 and "settlement_farmers"."loan_recovery" >= 0 and "settlement_farmers"."deductions" >= 0 and "settlement_farmers"."member_shares" >= 0);--> statement-breakpoint
ALTER TABLE "settlement_lots" ADD CONSTRAINT "settlement_lots_reconcile_check" CHECK ("settlement_lots"."gross" = "settlement_lots"."beneficiaries" + "settlement_lots"."transporters" + "settlement_lots"."amcos_share" + "settlement_lots"."farmers_net" + "settlement_lots"."loan_recovery" + "settlement_lots"."member_shares");--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_reconcile_check" CHECK ("settlements"."gross" = "settlements"."beneficiaries" + "settlements"."transporters" + "settlements"."amcos_share" + "settlements"."farmers_net" + "settlements"."loan_recovery" + "settlements"."member_shares");