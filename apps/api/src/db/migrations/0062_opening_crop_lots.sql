ALTER TABLE "opening_imports" DROP CONSTRAINT "opening_imports_kind_check";--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "opening_import_id" uuid;--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "without_farmer_detail" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_opening_import_id_opening_imports_id_fk" FOREIGN KEY ("opening_import_id") REFERENCES "public"."opening_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lots_opening_idx" ON "lots" USING btree ("opening_import_id") WHERE "lots"."opening_import_id" is not null;--> statement-breakpoint
ALTER TABLE "opening_imports" ADD CONSTRAINT "opening_imports_kind_check" CHECK ("opening_imports"."kind" in ('trial_balance', 'farmer_loans', 'buyer_invoices', 'supplier_invoices', 'stock', 'bank_balances', 'crop_lots'));