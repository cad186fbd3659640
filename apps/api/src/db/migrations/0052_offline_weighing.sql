CREATE TABLE "offline_receipts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"device_id" uuid NOT NULL,
	"amcos_id" uuid NOT NULL,
	"receipt_no" text NOT NULL,
	"season_crop_id" uuid NOT NULL,
	"farmer_id" uuid NOT NULL,
	"grade_id" uuid NOT NULL,
	"collected_on" date NOT NULL,
	"bags" integer NOT NULL,
	"gross_kg" numeric(14, 3) NOT NULL,
	"tare_kg" numeric(14, 3) NOT NULL,
	"net_kg" numeric(14, 3) NOT NULL,
	"moisture" numeric(5, 2) NOT NULL,
	"captured_at" timestamp with time zone NOT NULL,
	"captured_by" uuid NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text NOT NULL,
	"reason_code" text,
	"reason" text,
	"collection_id" uuid,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	"review_reason" text,
	CONSTRAINT "offline_receipts_status_check" CHECK ("offline_receipts"."status" in ('stored', 'needs_review', 'approved', 'voided')),
	CONSTRAINT "offline_receipts_collection_check" CHECK (("offline_receipts"."status" in ('stored', 'approved')) = ("offline_receipts"."collection_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "receipt_blocks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"device_id" uuid NOT NULL,
	"season_id" uuid NOT NULL,
	"first_no" integer NOT NULL,
	"last_no" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipt_blocks_range_check" CHECK ("receipt_blocks"."first_no" >= 1 and "receipt_blocks"."last_no" >= "receipt_blocks"."first_no")
);
--> statement-breakpoint
CREATE TABLE "weighing_devices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"amcos_id" uuid NOT NULL,
	"code" text NOT NULL,
	"label" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"registered_by" uuid NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	"retired_by" uuid,
	"retire_reason" text,
	"last_sync_at" timestamp with time zone,
	"waiting_reported" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "weighing_devices_status_check" CHECK ("weighing_devices"."status" in ('active', 'retired')),
	CONSTRAINT "weighing_devices_waiting_check" CHECK ("weighing_devices"."waiting_reported" >= 0)
);
--> statement-breakpoint
CREATE TABLE "weighing_limits" (
	"amcos_id" uuid PRIMARY KEY NOT NULL,
	"max_kg_per_bag" numeric(14, 3),
	"max_net_kg" numeric(14, 3),
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offline_receipts" ADD CONSTRAINT "offline_receipts_device_id_weighing_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."weighing_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_receipts" ADD CONSTRAINT "offline_receipts_amcos_id_amcos_id_fk" FOREIGN KEY ("amcos_id") REFERENCES "public"."amcos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_receipts" ADD CONSTRAINT "offline_receipts_season_crop_id_season_crops_id_fk" FOREIGN KEY ("season_crop_id") REFERENCES "public"."season_crops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_receipts" ADD CONSTRAINT "offline_receipts_farmer_id_farmers_id_fk" FOREIGN KEY ("farmer_id") REFERENCES "public"."farmers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_receipts" ADD CONSTRAINT "offline_receipts_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_receipts" ADD CONSTRAINT "offline_receipts_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_blocks" ADD CONSTRAINT "receipt_blocks_device_id_weighing_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."weighing_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_blocks" ADD CONSTRAINT "receipt_blocks_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weighing_devices" ADD CONSTRAINT "weighing_devices_amcos_id_amcos_id_fk" FOREIGN KEY ("amcos_id") REFERENCES "public"."amcos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weighing_limits" ADD CONSTRAINT "weighing_limits_amcos_id_amcos_id_fk" FOREIGN KEY ("amcos_id") REFERENCES "public"."amcos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offline_receipts_client_unique" ON "offline_receipts" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "offline_receipts_device_idx" ON "offline_receipts" USING btree ("device_id","status");--> statement-breakpoint
CREATE INDEX "offline_receipts_review_idx" ON "offline_receipts" USING btree ("amcos_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_blocks_start_unique" ON "receipt_blocks" USING btree ("device_id","season_id","first_no");--> statement-breakpoint
CREATE UNIQUE INDEX "weighing_devices_code_unique" ON "weighing_devices" USING btree ("amcos_id","code");