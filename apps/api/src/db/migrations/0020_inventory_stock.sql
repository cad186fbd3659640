CREATE TABLE "item_categories" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"category_id" uuid,
	"kind" text DEFAULT 'stock' NOT NULL,
	"reorder_level" numeric(14, 3) DEFAULT '0' NOT NULL,
	"tracks_batch" boolean DEFAULT false NOT NULL,
	"inventory_account_id" uuid,
	"expense_account_id" uuid,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "items_kind_check" CHECK ("items"."kind" in ('stock', 'service')),
	CONSTRAINT "items_reorder_level_check" CHECK ("items"."reorder_level" >= 0),
	CONSTRAINT "items_service_no_batch_check" CHECK ("items"."kind" = 'stock' or not "items"."tracks_batch")
);
--> statement-breakpoint
CREATE TABLE "stock_balances" (
	"item_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"quantity" numeric(14, 3) DEFAULT '0' NOT NULL,
	"value" numeric(16, 2) DEFAULT '0' NOT NULL,
	"avg_cost" numeric(18, 6) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_balances_pk" PRIMARY KEY("item_id","store_id"),
	CONSTRAINT "stock_balances_quantity_check" CHECK ("stock_balances"."quantity" >= 0),
	CONSTRAINT "stock_balances_value_check" CHECK ("stock_balances"."value" >= 0),
	CONSTRAINT "stock_balances_empty_check" CHECK ("stock_balances"."quantity" > 0 or "stock_balances"."value" = 0)
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "stock_movements_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"item_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"movement_date" date NOT NULL,
	"kind" text NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"unit_cost" numeric(18, 6) NOT NULL,
	"value" numeric(16, 2) NOT NULL,
	"balance_quantity" numeric(14, 3) NOT NULL,
	"balance_value" numeric(16, 2) NOT NULL,
	"balance_avg_cost" numeric(18, 6) NOT NULL,
	"source_type" text NOT NULL,
	"source_id" uuid NOT NULL,
	"source_no" text,
	"batch_no" text,
	"expiry_date" date,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_quantity_check" CHECK ("stock_movements"."quantity" <> 0),
	CONSTRAINT "stock_movements_balance_check" CHECK ("stock_movements"."balance_quantity" >= 0 and "stock_movements"."balance_value" >= 0),
	CONSTRAINT "stock_movements_kind_check" CHECK ("stock_movements"."kind" in ('receipt', 'issue', 'transfer_out', 'transfer_in', 'return'))
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"amcos_id" uuid,
	"location" text,
	"keeper_name" text,
	"keeper_phone" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stores_kind_check" CHECK ("stores"."kind" in ('union', 'amcos')),
	CONSTRAINT "stores_kind_amcos_check" CHECK (("stores"."kind" = 'amcos') = ("stores"."amcos_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_category_id_item_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."item_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_inventory_account_id_accounts_id_fk" FOREIGN KEY ("inventory_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_expense_account_id_accounts_id_fk" FOREIGN KEY ("expense_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_amcos_id_amcos_id_fk" FOREIGN KEY ("amcos_id") REFERENCES "public"."amcos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "item_categories_name_unique" ON "item_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "items_code_unique" ON "items" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "items_category_idx" ON "items" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "stock_balances_store_idx" ON "stock_balances" USING btree ("store_id","item_id");--> statement-breakpoint
CREATE INDEX "stock_movements_item_store_idx" ON "stock_movements" USING btree ("item_id","store_id","seq");--> statement-breakpoint
CREATE INDEX "stock_movements_store_date_idx" ON "stock_movements" USING btree ("store_id","movement_date");--> statement-breakpoint
CREATE INDEX "stock_movements_source_idx" ON "stock_movements" USING btree ("source_type","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_code_unique" ON "stores" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "stores_amcos_idx" ON "stores" USING btree ("amcos_id");