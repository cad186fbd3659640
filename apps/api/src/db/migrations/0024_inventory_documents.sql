CREATE TABLE "grn_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"grn_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"item_id" uuid NOT NULL,
	"order_line_id" uuid,
	"quantity" numeric(14, 3) NOT NULL,
	"unit_cost" numeric(18, 6) NOT NULL,
	"value" numeric(16, 2) NOT NULL,
	"batch_no" text,
	"expiry_date" date,
	"movement_id" uuid,
	CONSTRAINT "grn_lines_quantity_check" CHECK ("grn_lines"."quantity" > 0 and "grn_lines"."unit_cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "grns" (
	"id" uuid PRIMARY KEY NOT NULL,
	"grn_no" text NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid,
	"supplier_id" uuid,
	"store_id" uuid NOT NULL,
	"amcos_id" uuid,
	"received_on" date NOT NULL,
	"supplier_ref" text,
	"remarks" text,
	"total_value" numeric(16, 2) NOT NULL,
	"journal_entry_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grns_kind_check" CHECK ("grns"."kind" in ('order', 'direct')),
	CONSTRAINT "grns_order_check" CHECK (("grns"."kind" = 'order') = ("grns"."order_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "stock_issue_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"issue_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"item_id" uuid NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"unit_cost" numeric(18, 6) NOT NULL,
	"value" numeric(16, 2) NOT NULL,
	"batch_no" text,
	"movement_id" uuid,
	CONSTRAINT "stock_issue_lines_quantity_check" CHECK ("stock_issue_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "stock_issues" (
	"id" uuid PRIMARY KEY NOT NULL,
	"issue_no" text NOT NULL,
	"store_id" uuid NOT NULL,
	"amcos_id" uuid,
	"purpose" text NOT NULL,
	"to_amcos_id" uuid,
	"issued_to" text NOT NULL,
	"issued_on" date NOT NULL,
	"remarks" text,
	"total_value" numeric(16, 2) NOT NULL,
	"journal_entry_id" uuid,
	"source_type" text,
	"source_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_issues_purpose_check" CHECK ("stock_issues"."purpose" in ('union_use', 'amcos', 'distribution', 'other')),
	CONSTRAINT "stock_issues_to_amcos_check" CHECK ("stock_issues"."purpose" <> 'amcos' or "stock_issues"."to_amcos_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "stock_transfer_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"transfer_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"item_id" uuid NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"unit_cost" numeric(18, 6) NOT NULL,
	"value" numeric(16, 2) NOT NULL,
	"batch_no" text,
	"received_quantity" numeric(14, 3),
	"received_value" numeric(16, 2),
	"variance_quantity" numeric(14, 3),
	"variance_value" numeric(16, 2),
	"variance_reason" text,
	CONSTRAINT "stock_transfer_lines_quantity_check" CHECK ("stock_transfer_lines"."quantity" > 0),
	CONSTRAINT "stock_transfer_lines_received_check" CHECK ("stock_transfer_lines"."received_quantity" is null or ("stock_transfer_lines"."received_quantity" >= 0 and "stock_transfer_lines"."received_quantity" <= "stock_transfer_lines"."quantity"))
);
--> statement-breakpoint
CREATE TABLE "stock_transfers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"transfer_no" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'in_transit' NOT NULL,
	"from_store_id" uuid NOT NULL,
	"to_store_id" uuid NOT NULL,
	"from_amcos_id" uuid,
	"to_amcos_id" uuid,
	"dispatched_on" date NOT NULL,
	"dispatched_by" uuid,
	"vehicle" text,
	"driver_name" text,
	"remarks" text,
	"total_value" numeric(16, 2) NOT NULL,
	"received_on" date,
	"received_at" timestamp with time zone,
	"received_by" uuid,
	"received_value" numeric(16, 2),
	"variance_value" numeric(16, 2),
	"receive_remarks" text,
	"journal_entry_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_transfers_kind_check" CHECK ("stock_transfers"."kind" in ('to_amcos', 'from_amcos', 'to_store')),
	CONSTRAINT "stock_transfers_status_check" CHECK ("stock_transfers"."status" in ('in_transit', 'received')),
	CONSTRAINT "stock_transfers_stores_check" CHECK ("stock_transfers"."from_store_id" <> "stock_transfers"."to_store_id")
);
--> statement-breakpoint
ALTER TABLE "grn_lines" ADD CONSTRAINT "grn_lines_grn_id_grns_id_fk" FOREIGN KEY ("grn_id") REFERENCES "public"."grns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grn_lines" ADD CONSTRAINT "grn_lines_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grn_lines" ADD CONSTRAINT "grn_lines_order_line_id_purchase_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."purchase_order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grn_lines" ADD CONSTRAINT "grn_lines_movement_id_stock_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."stock_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grns" ADD CONSTRAINT "grns_order_id_purchase_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grns" ADD CONSTRAINT "grns_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grns" ADD CONSTRAINT "grns_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grns" ADD CONSTRAINT "grns_amcos_id_amcos_id_fk" FOREIGN KEY ("amcos_id") REFERENCES "public"."amcos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_issue_lines" ADD CONSTRAINT "stock_issue_lines_issue_id_stock_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."stock_issues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_issue_lines" ADD CONSTRAINT "stock_issue_lines_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_issue_lines" ADD CONSTRAINT "stock_issue_lines_movement_id_stock_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."stock_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_issues" ADD CONSTRAINT "stock_issues_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_issues" ADD CONSTRAINT "stock_issues_amcos_id_amcos_id_fk" FOREIGN KEY ("amcos_id") REFERENCES "public"."amcos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_issues" ADD CONSTRAINT "stock_issues_to_amcos_id_amcos_id_fk" FOREIGN KEY ("to_amcos_id") REFERENCES "public"."amcos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_lines" ADD CONSTRAINT "stock_transfer_lines_transfer_id_stock_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."stock_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_lines" ADD CONSTRAINT "stock_transfer_lines_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_from_store_id_stores_id_fk" FOREIGN KEY ("from_store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_to_store_id_stores_id_fk" FOREIGN KEY ("to_store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_from_amcos_id_amcos_id_fk" FOREIGN KEY ("from_amcos_id") REFERENCES "public"."amcos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_to_amcos_id_amcos_id_fk" FOREIGN KEY ("to_amcos_id") REFERENCES "public"."amcos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grn_lines_grn_idx" ON "grn_lines" USING btree ("grn_id","line_no");--> statement-breakpoint
CREATE INDEX "grn_lines_order_line_idx" ON "grn_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "grns_grn_no_unique" ON "grns" USING btree ("grn_no");--> statement-breakpoint
CREATE INDEX "grns_store_idx" ON "grns" USING btree ("store_id","received_on");--> statement-breakpoint
CREATE INDEX "grns_amcos_idx" ON "grns" USING btree ("amcos_id","received_on");--> statement-breakpoint
CREATE INDEX "grns_order_idx" ON "grns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "stock_issue_lines_issue_idx" ON "stock_issue_lines" USING btree ("issue_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_issues_issue_no_unique" ON "stock_issues" USING btree ("issue_no");--> statement-breakpoint
CREATE INDEX "stock_issues_store_idx" ON "stock_issues" USING btree ("store_id","issued_on");--> statement-breakpoint
CREATE INDEX "stock_issues_amcos_idx" ON "stock_issues" USING btree ("amcos_id","issued_on");--> statement-breakpoint
CREATE INDEX "stock_transfer_lines_transfer_idx" ON "stock_transfer_lines" USING btree ("transfer_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_transfers_transfer_no_unique" ON "stock_transfers" USING btree ("transfer_no");--> statement-breakpoint
CREATE INDEX "stock_transfers_from_idx" ON "stock_transfers" USING btree ("from_store_id","dispatched_on");--> statement-breakpoint
CREATE INDEX "stock_transfers_to_idx" ON "stock_transfers" USING btree ("to_store_id","dispatched_on");--> statement-breakpoint
CREATE INDEX "stock_transfers_status_idx" ON "stock_transfers" USING btree ("status");