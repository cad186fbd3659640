DROP INDEX "farmers_search_trgm_idx";--> statement-breakpoint
DROP INDEX "farmers_name_idx";--> statement-breakpoint
DROP INDEX "farmers_amcos_name_idx";--> statement-breakpoint
ALTER TABLE "farmers" ADD COLUMN "first_key" text collate "C" GENERATED ALWAYS AS (lower(first_name)) STORED;--> statement-breakpoint
ALTER TABLE "farmers" ADD COLUMN "middle_key" text collate "C" GENERATED ALWAYS AS (lower(middle_name)) STORED;--> statement-breakpoint
ALTER TABLE "farmers" ADD COLUMN "last_key" text collate "C" GENERATED ALWAYS AS (lower(last_name)) STORED;--> statement-breakpoint
CREATE INDEX "farmers_first_key_idx" ON "farmers" USING btree ("first_key","last_key","id","amcos_id","middle_key");--> statement-breakpoint
CREATE INDEX "farmers_last_key_idx" ON "farmers" USING btree ("last_key","first_key","id","amcos_id","middle_key");--> statement-breakpoint
CREATE INDEX "farmers_amcos_name_idx" ON "farmers" USING btree ("amcos_id","first_key","last_key","id");