CREATE TABLE "collections" (
	"id" uuid PRIMARY KEY NOT NULL,
	"receipt_no" text NOT NULL,
	"collected_on" date NOT NULL,
	"season_crop_id" uuid NOT NULL,
	"amcos_id" uuid NOT NULL,
	"farmer_id" uuid NOT NULL,
	"grade_id" uuid NOT NULL,
	"bags" integer NOT NULL,
	"gross_kg" numeric(14, 3) NOT NULL,
	"tare_kg" numeric(14, 3) NOT NULL,
	"net_kg" numeric(14, 3) NOT NULL,
	"moisture" numeric(5, 2) NOT NULL,
	"moisture_flagged" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'recorded' NOT NULL,
	"delivery_note_id" uuid,
	"lot_id" uuid,
	"cancel_reason" text,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collections_status_check" CHECK ("collections"."status" in ('recorded', 'in_delivery', 'in_lot', 'sold', 'paid', 'cancelled')),
	CONSTRAINT "collections_net_check" CHECK ("collections"."net_kg" = "collections"."gross_kg" - "collections"."tare_kg"),
	CONSTRAINT "collections_weights_check" CHECK ("collections"."tare_kg" >= 0 and "collections"."net_kg" > 0 and "collections"."bags" > 0),
	CONSTRAINT "collections_moisture_check" CHECK ("collections"."moisture" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "delivery_notes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"dn_no" text NOT NULL,
	"amcos_id" uuid NOT NULL,
	"season_crop_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"transporter_id" uuid NOT NULL,
	"vehicle_id" uuid,
	"vehicle_plate" text NOT NULL,
	"driver_name" text NOT NULL,
	"driver_phone" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"bags" integer DEFAULT 0 NOT NULL,
	"net_kg" numeric(14, 3) DEFAULT '0' NOT NULL,
	"transport_charge" numeric(16, 2),
	"dispatched_at" timestamp with time zone,
	"dispatched_by" uuid,
	"received_bags" integer,
	"received_kg" numeric(14, 3),
	"variance_kg" numeric(14, 3),
	"received_at" timestamp with time zone,
	"received_by" uuid,
	"receive_remarks" text,
	"cancel_reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_notes_status_check" CHECK ("delivery_notes"."status" in ('draft', 'dispatched', 'received', 'receipted', 'cancelled')),
	CONSTRAINT "delivery_notes_totals_check" CHECK ("delivery_notes"."bags" >= 0 and "delivery_notes"."net_kg" >= 0),
	CONSTRAINT "delivery_notes_received_check" CHECK ("delivery_notes"."received_kg" is null or ("delivery_notes"."received_kg" >= 0 and "delivery_notes"."received_bags" >= 0))
);
--> statement-breakpoint
CREATE TABLE "lot_sources" (
	"lot_id" uuid NOT NULL,
	"delivery_note_id" uuid NOT NULL,
	"bags" integer NOT NULL,
	"net_kg" numeric(14, 3) NOT NULL,
	"collected_kg" numeric(14, 3) NOT NULL,
	CONSTRAINT "lot_sources_lot_id_delivery_note_id_pk" PRIMARY KEY("lot_id","delivery_note_id")
);
--> statement-breakpoint
CREATE TABLE "lots" (
	"id" uuid PRIMARY KEY NOT NULL,
	"whr_no" text NOT NULL,
	"lot_no" text NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"amcos_id" uuid NOT NULL,
	"season_crop_id" uuid NOT NULL,
	"grade_id" uuid NOT NULL,
	"bags" integer NOT NULL,
	"net_kg" numeric(14, 3) NOT NULL,
	"collected_kg" numeric(14, 3) NOT NULL,
	"status" text DEFAULT 'in_store' NOT NULL,
	"certificate_no" text,
	"moisture" numeric(5, 2),
	"outturn" numeric(6, 2),
	"nut_count" integer,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lots_status_check" CHECK ("lots"."status" in ('in_store', 'catalogued', 'sold', 'released')),
	CONSTRAINT "lots_quantities_check" CHECK ("lots"."bags" > 0 and "lots"."net_kg" > 0 and "lots"."collected_kg" > 0),
	CONSTRAINT "lots_moisture_check" CHECK ("lots"."moisture" is null or "lots"."moisture" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"recipient" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_outbox_status_check" CHECK ("sms_outbox"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "season_crops" ADD COLUMN "moisture_policy" text DEFAULT 'refuse' NOT NULL;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_season_crop_id_season_crops_id_fk" FOREIGN KEY ("season_crop_id") REFERENCES "public"."season_crops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_amcos_id_amcos_id_fk" FOREIGN KEY ("amcos_id") REFERENCES "public"."amcos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_farmer_id_farmers_id_fk" FOREIGN KEY ("farmer_id") REFERENCES "public"."farmers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_delivery_note_id_delivery_notes_id_fk" FOREIGN KEY ("delivery_note_id") REFERENCES "public"."delivery_notes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_notes" ADD CONSTRAINT "delivery_notes_amcos_id_amcos_id_fk" FOREIGN KEY ("amcos_id") REFERENCES "public"."amcos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_notes" ADD CONSTRAINT "delivery_notes_season_crop_id_season_crops_id_fk" FOREIGN KEY ("season_crop_id") REFERENCES "public"."season_crops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_notes" ADD CONSTRAINT "delivery_notes_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_notes" ADD CONSTRAINT "delivery_notes_transporter_id_transporters_id_fk" FOREIGN KEY ("transporter_id") REFERENCES "public"."transporters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_notes" ADD CONSTRAINT "delivery_notes_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_sources" ADD CONSTRAINT "lot_sources_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_sources" ADD CONSTRAINT "lot_sources_delivery_note_id_delivery_notes_id_fk" FOREIGN KEY ("delivery_note_id") REFERENCES "public"."delivery_notes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_amcos_id_amcos_id_fk" FOREIGN KEY ("amcos_id") REFERENCES "public"."amcos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_season_crop_id_season_crops_id_fk" FOREIGN KEY ("season_crop_id") REFERENCES "public"."season_crops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collections_receipt_no_unique" ON "collections" USING btree ("receipt_no");--> statement-breakpoint
CREATE INDEX "collections_amcos_idx" ON "collections" USING btree ("amcos_id","collected_on","id");--> statement-breakpoint
CREATE INDEX "collections_farmer_idx" ON "collections" USING btree ("farmer_id","collected_on");--> statement-breakpoint
CREATE INDEX "collections_delivery_note_idx" ON "collections" USING btree ("delivery_note_id");--> statement-breakpoint
CREATE INDEX "collections_lot_idx" ON "collections" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "collections_pending_idx" ON "collections" USING btree ("amcos_id","season_crop_id","grade_id") WHERE "collections"."status" = 'recorded';--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_notes_dn_no_unique" ON "delivery_notes" USING btree ("dn_no");--> statement-breakpoint
CREATE INDEX "delivery_notes_amcos_idx" ON "delivery_notes" USING btree ("amcos_id","created_at");--> statement-breakpoint
CREATE INDEX "delivery_notes_status_idx" ON "delivery_notes" USING btree ("status","warehouse_id");--> statement-breakpoint
CREATE INDEX "lot_sources_delivery_note_idx" ON "lot_sources" USING btree ("delivery_note_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lots_whr_no_unique" ON "lots" USING btree ("whr_no");--> statement-breakpoint
CREATE UNIQUE INDEX "lots_lot_no_unique" ON "lots" USING btree ("warehouse_id","lot_no");--> statement-breakpoint
CREATE INDEX "lots_status_idx" ON "lots" USING btree ("status","season_crop_id");--> statement-breakpoint
CREATE INDEX "lots_amcos_idx" ON "lots" USING btree ("amcos_id","status");--> statement-breakpoint
CREATE INDEX "sms_outbox_due_idx" ON "sms_outbox" USING btree ("next_attempt_at") WHERE "sms_outbox"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "season_crops" ADD CONSTRAINT "season_crops_moisture_policy_check" CHECK ("season_crops"."moisture_policy" in ('refuse', 'flag'));