CREATE TABLE "statement_line_rules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"line_code" text NOT NULL,
	"class_id" uuid,
	"group_id" uuid,
	"account_id" uuid,
	CONSTRAINT "statement_line_rules_one_target_check" CHECK (num_nonnulls(class_id, group_id, account_id) = 1)
);
--> statement-breakpoint
CREATE TABLE "statement_lines" (
	"code" text PRIMARY KEY NOT NULL,
	"section" text NOT NULL,
	"name" text NOT NULL,
	"name_sw" text NOT NULL,
	"cash_flow" text DEFAULT 'operating' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_lines_section_check" CHECK (section in ('non_current_assets', 'current_assets', 'non_current_liabilities', 'current_liabilities', 'share_capital', 'reserves', 'accumulated_surplus', 'income', 'expenditure')),
	CONSTRAINT "statement_lines_cash_flow_check" CHECK ("statement_lines"."cash_flow" in ('operating', 'investing', 'financing'))
);
--> statement-breakpoint
ALTER TABLE "statement_line_rules" ADD CONSTRAINT "statement_line_rules_line_code_statement_lines_code_fk" FOREIGN KEY ("line_code") REFERENCES "public"."statement_lines"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_line_rules" ADD CONSTRAINT "statement_line_rules_class_id_account_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."account_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_line_rules" ADD CONSTRAINT "statement_line_rules_group_id_account_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."account_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_line_rules" ADD CONSTRAINT "statement_line_rules_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "statement_line_rules_class_key" ON "statement_line_rules" USING btree ("class_id");--> statement-breakpoint
CREATE UNIQUE INDEX "statement_line_rules_group_key" ON "statement_line_rules" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "statement_line_rules_account_key" ON "statement_line_rules" USING btree ("account_id");