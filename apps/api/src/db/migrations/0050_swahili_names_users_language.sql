ALTER TABLE "account_classes" ADD COLUMN "name_sw" text;--> statement-breakpoint
ALTER TABLE "account_groups" ADD COLUMN "name_sw" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "name_sw" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("users"."language" in ('en', 'sw'));