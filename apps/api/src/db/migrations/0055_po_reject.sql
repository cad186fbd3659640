ALTER TABLE "purchase_orders" DROP CONSTRAINT "purchase_orders_status_check";--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "rejected_by" uuid;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "reject_reason" text;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_status_check" CHECK ("purchase_orders"."status" in ('draft', 'submitted', 'approved', 'partly_received', 'received', 'cancelled', 'rejected'));