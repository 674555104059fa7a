ALTER TABLE "products" ADD COLUMN "one_time_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "billing_scheme" varchar(16) DEFAULT 'per_unit' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tiers" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tiers_mode" varchar(16);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "trial_period_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_one_time_fee_check" CHECK ("products"."one_time_fee" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_trial_period_days_check" CHECK ("products"."trial_period_days" between 0 and 730 and ("products"."trial_period_days" = 0 or "products"."pricing_type" = 'recurring'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_billing_scheme_check" CHECK (("products"."billing_scheme" = 'per_unit' and "products"."tiers" is null and "products"."tiers_mode" is null) or ("products"."billing_scheme" = 'tiered' and jsonb_typeof("products"."tiers") = 'array' and jsonb_array_length("products"."tiers") > 0 and "products"."tiers_mode" in ('volume', 'graduated')));