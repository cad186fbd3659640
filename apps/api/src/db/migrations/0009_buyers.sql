CREATE TABLE "buyers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"tin" text,
	"licence_no" text NOT NULL,
	"licence_expires_on" date,
	"bid_code" text NOT NULL,
	"contact_person" text,
	"phone" text,
	"email" text,
	"address" text,
	"country" text DEFAULT 'Tanzania' NOT NULL,
	"bid_security" numeric(16, 2) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buyers_status_check" CHECK ("buyers"."status" in ('active', 'suspended')),
	CONSTRAINT "buyers_bid_security_check" CHECK ("buyers"."bid_security" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "buyers_bid_code_unique" ON "buyers" USING btree ("bid_code");--> statement-breakpoint
CREATE UNIQUE INDEX "buyers_licence_no_unique" ON "buyers" USING btree ("licence_no");--> statement-breakpoint
CREATE INDEX "buyers_name_idx" ON "buyers" USING btree ("name");