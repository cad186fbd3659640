DROP INDEX "collections_delivery_note_idx";--> statement-breakpoint
DROP INDEX "collections_lot_idx";--> statement-breakpoint
CREATE INDEX "collections_delivery_note_idx" ON "collections" USING btree ("delivery_note_id") WHERE "collections"."delivery_note_id" is not null;--> statement-breakpoint
CREATE INDEX "collections_lot_idx" ON "collections" USING btree ("lot_id") WHERE "collections"."lot_id" is not null;