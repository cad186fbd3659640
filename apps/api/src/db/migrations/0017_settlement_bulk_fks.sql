ALTER TABLE "payment_lines" DROP CONSTRAINT "payment_lines_settlement_id_settlements_id_fk";
--> statement-breakpoint
ALTER TABLE "settlement_farmers" DROP CONSTRAINT "settlement_farmers_settlement_id_settlements_id_fk";
--> statement-breakpoint
ALTER TABLE "settlement_farmers" DROP CONSTRAINT "settlement_farmers_settlement_lot_id_settlement_lots_id_fk";
