CREATE TABLE "document_notes" (
	"kind" text NOT NULL,
	"document_id" uuid NOT NULL,
	"note" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_notes_kind_document_id_pk" PRIMARY KEY("kind","document_id"),
	CONSTRAINT "document_notes_kind_check" CHECK ("document_notes"."kind" in ('purchase_order', 'sales_invoice'))
);
--> statement-breakpoint
CREATE TABLE "document_terms" (
	"kind" text PRIMARY KEY NOT NULL,
	"terms" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_terms_kind_check" CHECK ("document_terms"."kind" in ('purchase_order', 'sales_invoice'))
);
--> statement-breakpoint
ALTER TABLE "document_notes" ADD CONSTRAINT "document_notes_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_terms" ADD CONSTRAINT "document_terms_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;