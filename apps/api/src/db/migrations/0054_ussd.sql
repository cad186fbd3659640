CREATE TABLE "farmer_pins" (
	"farmer_id" uuid PRIMARY KEY NOT NULL,
	"pin_hash" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	"language" text DEFAULT 'sw' NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_by" uuid,
	"changed_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "farmer_pins_language_check" CHECK ("farmer_pins"."language" in ('sw', 'en')),
	CONSTRAINT "farmer_pins_failed_check" CHECK ("farmer_pins"."failed_attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ussd_replies" (
	"step_key" text PRIMARY KEY NOT NULL,
	"reply" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "event_key" text;--> statement-breakpoint
ALTER TABLE "farmer_pins" ADD CONSTRAINT "farmer_pins_farmer_id_farmers_id_fk" FOREIGN KEY ("farmer_id") REFERENCES "public"."farmers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farmer_pins" ADD CONSTRAINT "farmer_pins_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ussd_replies_created_idx" ON "ussd_replies" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_outbox_event_key_unique" ON "sms_outbox" USING btree ("event_key") WHERE "sms_outbox"."event_key" is not null;