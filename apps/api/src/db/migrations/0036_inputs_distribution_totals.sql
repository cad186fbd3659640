CREATE TABLE "input_distribution_totals" (
	"season_id" uuid NOT NULL,
	"amcos_id" uuid NOT NULL,
	"farmer_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"lines" integer NOT NULL,
	"quantity" numeric(16, 3) NOT NULL,
	"farmer_value" numeric(18, 2) NOT NULL,
	"subsidy_value" numeric(18, 2) NOT NULL,
	"cost_value" numeric(18, 2) NOT NULL,
	CONSTRAINT "input_distribution_totals_season_id_amcos_id_farmer_id_item_id_kind_pk" PRIMARY KEY("season_id","amcos_id","farmer_id","item_id","kind"),
	CONSTRAINT "input_distribution_totals_lines_check" CHECK ("input_distribution_totals"."lines" >= 0)
);
