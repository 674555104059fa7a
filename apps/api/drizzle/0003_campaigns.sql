CREATE TABLE "campaigns" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"organization_id" varchar(24) NOT NULL,
	"slug" varchar(64) NOT NULL,
	"name" text NOT NULL,
	"type" varchar(24) NOT NULL,
	"product_template_id" varchar(24),
	"headline" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text,
	"active" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_type_check" CHECK ("campaigns"."type" in ('medication', 'lab', 'supplement', 'coaching_membership')),
	CONSTRAINT "campaigns_window_check" CHECK ("campaigns"."starts_at" is null or "campaigns"."ends_at" is null or "campaigns"."starts_at" < "campaigns"."ends_at")
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_product_template_id_product_templates_id_fk" FOREIGN KEY ("product_template_id") REFERENCES "public"."product_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_organization_id_slug_idx" ON "campaigns" USING btree ("organization_id","slug");--> statement-breakpoint
CREATE INDEX "campaigns_product_template_id_idx" ON "campaigns" USING btree ("product_template_id");