CREATE TABLE "transit_stock" (
	"amcos_id" uuid NOT NULL,
	"season_crop_id" uuid NOT NULL,
	"grade_id" uuid NOT NULL,
	"collections" integer DEFAULT 0 NOT NULL,
	"bags" bigint DEFAULT 0 NOT NULL,
	"net_kg" numeric(16, 3) DEFAULT '0' NOT NULL,
	CONSTRAINT "transit_stock_amcos_id_season_crop_id_grade_id_pk" PRIMARY KEY("amcos_id","season_crop_id","grade_id"),
	CONSTRAINT "transit_stock_non_negative" CHECK ("transit_stock"."collections" >= 0 and "transit_stock"."bags" >= 0 and "transit_stock"."net_kg" >= 0)
);
--> statement-breakpoint
ALTER TABLE "transit_stock" ADD CONSTRAINT "transit_stock_amcos_id_amcos_id_fk" FOREIGN KEY ("amcos_id") REFERENCES "public"."amcos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transit_stock" ADD CONSTRAINT "transit_stock_season_crop_id_season_crops_id_fk" FOREIGN KEY ("season_crop_id") REFERENCES "public"."season_crops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transit_stock" ADD CONSTRAINT "transit_stock_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE no action ON UPDATE no action;