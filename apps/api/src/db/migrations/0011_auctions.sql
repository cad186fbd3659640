CREATE TABLE "auction_lots" (
	"id" uuid PRIMARY KEY NOT NULL,
	"auction_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	"reserve_price" numeric(14, 2) NOT NULL,
	"result" text,
	"buyer_id" uuid,
	"price_per_kg" numeric(14, 2),
	"below_reserve_confirmed" boolean DEFAULT false NOT NULL,
	"result_by" uuid,
	"result_at" timestamp with time zone,
	"decision" text,
	"decision_form_ref" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"amount" numeric(16, 2),
	"invoice_id" uuid,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auction_lots_reserve_check" CHECK ("auction_lots"."reserve_price" >= 0),
	CONSTRAINT "auction_lots_result_check" CHECK ("auction_lots"."result" is null or "auction_lots"."result" in ('bid', 'no_bid', 'withdrawn')),
	CONSTRAINT "auction_lots_bid_check" CHECK (("auction_lots"."result" is null and "auction_lots"."buyer_id" is null and "auction_lots"."price_per_kg" is null)
        or ("auction_lots"."result" = 'bid' and "auction_lots"."buyer_id" is not null and "auction_lots"."price_per_kg" is not null)
        or ("auction_lots"."result" in ('no_bid', 'withdrawn') and "auction_lots"."buyer_id" is null and "auction_lots"."price_per_kg" is null)),
	CONSTRAINT "auction_lots_price_check" CHECK ("auction_lots"."price_per_kg" is null or "auction_lots"."price_per_kg" > 0),
	CONSTRAINT "auction_lots_decision_check" CHECK ("auction_lots"."decision" is null or ("auction_lots"."decision" in ('accept', 'reject') and "auction_lots"."result" is not distinct from 'bid' and "auction_lots"."decision_form_ref" is not null)),
	CONSTRAINT "auction_lots_outcome_check" CHECK ("auction_lots"."outcome" is null or ("auction_lots"."outcome" = 'sold') = ("auction_lots"."decision" is not distinct from 'accept'))
);
--> statement-breakpoint
CREATE TABLE "auctions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"auction_no" text NOT NULL,
	"auction_date" date NOT NULL,
	"season_crop_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"venue" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"published_by" uuid,
	"closed_at" timestamp with time zone,
	"closed_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auctions_status_check" CHECK ("auctions"."status" in ('draft', 'catalogued', 'results', 'closed')),
	CONSTRAINT "auctions_platform_check" CHECK ("auctions"."platform" in ('tmx_online', 'bid_box', 'open'))
);
--> statement-breakpoint
ALTER TABLE "auction_lots" ADD CONSTRAINT "auction_lots_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_lots" ADD CONSTRAINT "auction_lots_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_lots" ADD CONSTRAINT "auction_lots_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_season_crop_id_season_crops_id_fk" FOREIGN KEY ("season_crop_id") REFERENCES "public"."season_crops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auction_lots_auction_lot_unique" ON "auction_lots" USING btree ("auction_id","lot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "auction_lots_open_lot_unique" ON "auction_lots" USING btree ("lot_id") WHERE "auction_lots"."outcome" is null;--> statement-breakpoint
CREATE INDEX "auction_lots_lot_idx" ON "auction_lots" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "auction_lots_buyer_idx" ON "auction_lots" USING btree ("buyer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "auctions_auction_no_unique" ON "auctions" USING btree ("auction_no");--> statement-breakpoint
CREATE INDEX "auctions_date_idx" ON "auctions" USING btree ("auction_date","id");--> statement-breakpoint
CREATE INDEX "auctions_season_crop_idx" ON "auctions" USING btree ("season_crop_id","status");