CREATE TABLE "circular_reads" (
	"circular_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"amcos_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "circular_reads_circular_id_user_id_pk" PRIMARY KEY("circular_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "circular_recipients" (
	"circular_id" uuid NOT NULL,
	"amcos_id" uuid NOT NULL,
	CONSTRAINT "circular_recipients_circular_id_amcos_id_pk" PRIMARY KEY("circular_id","amcos_id")
);
--> statement-breakpoint
CREATE TABLE "circulars" (
	"id" uuid PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"audience" text NOT NULL,
	"sms_notice" boolean DEFAULT false NOT NULL,
	"published_by" uuid NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "circulars_audience_check" CHECK ("circulars"."audience" in ('all', 'chosen'))
);
--> statement-breakpoint
ALTER TABLE "circular_reads" ADD CONSTRAINT "circular_reads_circular_id_circulars_id_fk" FOREIGN KEY ("circular_id") REFERENCES "public"."circulars"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circular_reads" ADD CONSTRAINT "circular_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circular_reads" ADD CONSTRAINT "circular_reads_amcos_id_amcos_id_fk" FOREIGN KEY ("amcos_id") REFERENCES "public"."amcos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circular_recipients" ADD CONSTRAINT "circular_recipients_circular_id_circulars_id_fk" FOREIGN KEY ("circular_id") REFERENCES "public"."circulars"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circular_recipients" ADD CONSTRAINT "circular_recipients_amcos_id_amcos_id_fk" FOREIGN KEY ("amcos_id") REFERENCES "public"."amcos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circulars" ADD CONSTRAINT "circulars_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "circular_reads_user_idx" ON "circular_reads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "circular_recipients_amcos_idx" ON "circular_recipients" USING btree ("amcos_id");--> statement-breakpoint
CREATE INDEX "circulars_published_idx" ON "circulars" USING btree ("published_at","id");