CREATE TABLE "payout_channel_providers" (
	"channel" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_channel_providers_channel_check" CHECK ("payout_channel_providers"."channel" in ('mobile', 'bank'))
);
--> statement-breakpoint
CREATE TABLE "payout_provider_settings" (
	"kind" text PRIMARY KEY NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payout_channel_providers" ADD CONSTRAINT "payout_channel_providers_kind_payout_provider_settings_kind_fk" FOREIGN KEY ("kind") REFERENCES "public"."payout_provider_settings"("kind") ON DELETE no action ON UPDATE no action;