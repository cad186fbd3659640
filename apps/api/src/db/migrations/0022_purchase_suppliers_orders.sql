CREATE TABLE "purchase_order_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"item_id" uuid NOT NULL,
	"description" text NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"unit_price" numeric(16, 2) NOT NULL,
	"vat" boolean DEFAULT false NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"vat_amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"received_quantity" numeric(14, 3) DEFAULT '0' NOT NULL,
	"invoiced_quantity" numeric(14, 3) DEFAULT '0' NOT NULL,
	CONSTRAINT "purchase_order_lines_quantity_check" CHECK ("purchase_order_lines"."quantity" > 0),
	CONSTRAINT "purchase_order_lines_price_check" CHECK ("purchase_order_lines"."unit_price" >= 0),
	CONSTRAINT "purchase_order_lines_received_check" CHECK ("purchase_order_lines"."received_quantity" >= 0 and "purchase_order_lines"."received_quantity" <= "purchase_order_lines"."quantity"),
	CONSTRAINT "purchase_order_lines_invoiced_check" CHECK ("purchase_order_lines"."invoiced_quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"supplier_id" uuid NOT NULL,
	"order_date" date NOT NULL,
	"expected_date" date,
	"terms" text,
	"remarks" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"vat_rate" numeric(5, 2) NOT NULL,
	"subtotal" numeric(16, 2) NOT NULL,
	"vat_total" numeric(16, 2) NOT NULL,
	"total" numeric(16, 2) NOT NULL,
	"submitted_at" timestamp with time zone,
	"submitted_by" uuid,
	"approved_at" timestamp with time zone,
	"approved_by" uuid,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"cancel_reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_orders_status_check" CHECK ("purchase_orders"."status" in ('draft', 'submitted', 'approved', 'partly_received', 'received', 'cancelled')),
	CONSTRAINT "purchase_orders_total_check" CHECK ("purchase_orders"."total" = "purchase_orders"."subtotal" + "purchase_orders"."vat_total"),
	CONSTRAINT "purchase_orders_vat_rate_check" CHECK ("purchase_orders"."vat_rate" >= 0 and "purchase_orders"."vat_rate" < 100)
);
--> statement-breakpoint
CREATE TABLE "purchase_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"vat_rate" numeric(5, 2) DEFAULT '18' NOT NULL,
	"price_tolerance_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"quantity_tolerance_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_settings_single_row_check" CHECK ("purchase_settings"."id" = 1),
	CONSTRAINT "purchase_settings_vat_check" CHECK ("purchase_settings"."vat_rate" >= 0 and "purchase_settings"."vat_rate" < 100),
	CONSTRAINT "purchase_settings_tolerance_check" CHECK ("purchase_settings"."price_tolerance_percent" between 0 and 100 and "purchase_settings"."quantity_tolerance_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"tin" text,
	"vrn" text,
	"contact_person" text,
	"phone" text,
	"email" text,
	"address" text,
	"payment_method" text DEFAULT 'bank' NOT NULL,
	"bank_id" uuid,
	"account_name" text,
	"account_no" text,
	"mobile_money_no" text,
	"payment_terms_days" integer DEFAULT 30 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppliers_method_check" CHECK ("suppliers"."payment_method" in ('bank', 'mobile_money')),
	CONSTRAINT "suppliers_terms_check" CHECK ("suppliers"."payment_terms_days" between 0 and 365)
);
--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_order_id_purchase_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_order_lines_no_unique" ON "purchase_order_lines" USING btree ("order_id","line_no");--> statement-breakpoint
CREATE INDEX "purchase_order_lines_item_idx" ON "purchase_order_lines" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_no_unique" ON "purchase_orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier_idx" ON "purchase_orders" USING btree ("supplier_id","order_date","id");--> statement-breakpoint
CREATE INDEX "purchase_orders_date_idx" ON "purchase_orders" USING btree ("order_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_tin_unique" ON "suppliers" USING btree ("tin");--> statement-breakpoint
CREATE INDEX "suppliers_name_idx" ON "suppliers" USING btree ("name");