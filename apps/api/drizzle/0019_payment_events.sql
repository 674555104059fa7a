CREATE TABLE "payment_events" (
	"provider" varchar(16) NOT NULL,
	"event_id" varchar(255) NOT NULL,
	"type" varchar(64) NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_pkey" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispute_status" varchar(32);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "disputed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "amount_refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_provider_payment_id_idx" ON "orders" USING btree ("provider_payment_id") WHERE "orders"."provider_payment_id" is not null;