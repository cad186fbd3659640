ALTER TABLE "deduction_rules" DROP CONSTRAINT "deduction_rules_kind_check";--> statement-breakpoint
ALTER TABLE "deduction_rules" DROP CONSTRAINT "deduction_rules_member_shares_check";--> statement-breakpoint
ALTER TABLE "settlement_lots" ADD COLUMN "amcos_shares" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "amcos_shares" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "deduction_rules" ADD CONSTRAINT "deduction_rules_kind_check" CHECK ("deduction_rules"."kind" in ('levy', 'member_shares', 'amcos_shares'));--> statement-breakpoint
ALTER TABLE "deduction_rules" ADD CONSTRAINT "deduction_rules_member_shares_check" CHECK ("deduction_rules"."kind" = 'levy' or ("deduction_rules"."recipient" = 'amcos' and "deduction_rules"."payer" = 'farmer'
        and "deduction_rules"."basis" = 'percent_of_gross' and "deduction_rules"."minimum" is null and "deduction_rules"."maximum" is null));--> statement-breakpoint
ALTER TABLE "settlement_lots" ADD CONSTRAINT "settlement_lots_amcos_shares_check" CHECK ("settlement_lots"."amcos_shares" >= 0 and "settlement_lots"."amcos_shares" <= "settlement_lots"."amcos_share");--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_amcos_shares_check" CHECK ("settlements"."amcos_shares" >= 0 and "settlements"."amcos_shares" <= "settlements"."amcos_share");