CREATE TABLE "fulfilment_orders" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"organization_id" varchar(24) NOT NULL,
	"user_id" varchar(24) NOT NULL,
	"subscription_id" varchar(24),
	"order_id" varchar(24),
	"source" varchar(16) NOT NULL,
	"source_key" varchar(120) NOT NULL,
	"product_template_id" varchar(24) NOT NULL,
	"product_id" varchar(24),
	"dosage" varchar(64),
	"quantity" integer DEFAULT 1 NOT NULL,
	"shipping_address" jsonb,
	"status" varchar(24) DEFAULT 'awaiting_fulfilment' NOT NULL,
	"tracking_number" varchar(64),
	"carrier" varchar(40),
	"processing_at" timestamp with time zone,
	"processing_by" varchar(24),
	"shipped_at" timestamp with time zone,
	"shipped_by" varchar(24),
	"delivered_at" timestamp with time zone,
	"delivered_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fulfilment_orders_for_something" CHECK ("fulfilment_orders"."subscription_id" is not null or "fulfilment_orders"."order_id" is not null),
	CONSTRAINT "fulfilment_orders_quantity_check" CHECK ("fulfilment_orders"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "fulfilment_orders" ADD CONSTRAINT "fulfilment_orders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fulfilment_orders" ADD CONSTRAINT "fulfilment_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fulfilment_orders" ADD CONSTRAINT "fulfilment_orders_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fulfilment_orders" ADD CONSTRAINT "fulfilment_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fulfilment_orders" ADD CONSTRAINT "fulfilment_orders_product_template_id_product_templates_id_fk" FOREIGN KEY ("product_template_id") REFERENCES "public"."product_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fulfilment_orders" ADD CONSTRAINT "fulfilment_orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fulfilment_orders_source_key_idx" ON "fulfilment_orders" USING btree ("source_key");--> statement-breakpoint
CREATE INDEX "fulfilment_orders_organization_id_status_created_at_idx" ON "fulfilment_orders" USING btree ("organization_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "fulfilment_orders_subscription_id_created_at_idx" ON "fulfilment_orders" USING btree ("subscription_id","created_at");--> statement-breakpoint
CREATE INDEX "fulfilment_orders_order_id_idx" ON "fulfilment_orders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "fulfilment_orders_user_id_created_at_idx" ON "fulfilment_orders" USING btree ("user_id","created_at");