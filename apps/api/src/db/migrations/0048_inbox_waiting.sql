CREATE INDEX "journal_entries_draft_idx" ON "journal_entries" USING btree ("created_at") WHERE "journal_entries"."status" = 'draft';--> statement-breakpoint
CREATE INDEX "bank_transfers_draft_idx" ON "bank_transfers" USING btree ("created_at") WHERE "bank_transfers"."status" = 'draft';--> statement-breakpoint
CREATE INDEX "payment_vouchers_draft_idx" ON "payment_vouchers" USING btree ("created_at") WHERE "payment_vouchers"."status" = 'draft';--> statement-breakpoint
CREATE INDEX "input_requests_amcos_approved_idx" ON "input_requests" USING btree ("amcos_approved_at") WHERE "input_requests"."status" = 'amcos_approved';--> statement-breakpoint
CREATE INDEX "farmer_loans_draft_idx" ON "farmer_loans" USING btree ("created_at") WHERE "farmer_loans"."status" = 'draft';