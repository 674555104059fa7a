CREATE TABLE "appointments" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"patient_id" varchar(24) NOT NULL,
	"physician_id" varchar(24),
	"organization_id" varchar(24) NOT NULL,
	"subscription_id" varchar(24),
	"name" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"canceled" boolean DEFAULT false NOT NULL,
	"canceled_at" timestamp with time zone,
	"location" text,
	"external_source" varchar(32),
	"uuid" varchar(64),
	"event_type_kind" varchar(32) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_redemptions" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"coupon_id" varchar(24) NOT NULL,
	"user_id" varchar(24) NOT NULL,
	"organization_id" varchar(24) NOT NULL,
	"intake_id" varchar(24),
	"order_id" varchar(24),
	"subscription_id" varchar(24),
	"amount_off" integer DEFAULT 0 NOT NULL,
	"redeemed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"organization_id" varchar(24) NOT NULL,
	"code" varchar(20) NOT NULL,
	"description" text,
	"percent_off" integer NOT NULL,
	"applies_to" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"max_redemptions" integer,
	"times_redeemed" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_percent_off_check" CHECK ("coupons"."percent_off" between 1 and 100),
	CONSTRAINT "coupons_code_check" CHECK ("coupons"."code" ~ '^[A-Za-z0-9]{1,20}$')
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"user_id" varchar(24) NOT NULL,
	"organization_id" varchar(24) NOT NULL,
	"provider" varchar(16) NOT NULL,
	"provider_customer_id" varchar(64) NOT NULL,
	"provider_payment_method_id" varchar(64) NOT NULL,
	"brand" varchar(24) NOT NULL,
	"last4" varchar(4) NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"is_default" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_methods_last4_check" CHECK ("payment_methods"."last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "payment_methods_exp_month_check" CHECK ("payment_methods"."exp_month" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"organization_id" varchar(24) NOT NULL,
	"user_id" varchar(24),
	"name" varchar(64) NOT NULL,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intake_responses" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"intake_id" varchar(24) NOT NULL,
	"question_id" varchar(24) NOT NULL,
	"response" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"free_format_response" text,
	"parent_response_id" varchar(24),
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intake_templates" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"organization_id" varchar(24) NOT NULL,
	"name" text NOT NULL,
	"slug" varchar(64) NOT NULL,
	"description" text,
	"product_defaults" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"product_addons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"product_best_value" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bundle_support" boolean DEFAULT false NOT NULL,
	"bundle_settings" jsonb,
	"disable_payment_collection" boolean DEFAULT false NOT NULL,
	"is_global" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intakes" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"user_id" varchar(24) NOT NULL,
	"organization_id" varchar(24) NOT NULL,
	"template_id" varchar(24) NOT NULL,
	"total_steps" integer NOT NULL,
	"products" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subscriptions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bundle_support" boolean DEFAULT false NOT NULL,
	"image_verification" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"awaiting_patient_update" jsonb DEFAULT '{"is_awaiting":false}'::jsonb NOT NULL,
	"questions_total" integer DEFAULT 0 NOT NULL,
	"complete_total" integer DEFAULT 0 NOT NULL,
	"incomplete_total" integer DEFAULT 0 NOT NULL,
	"patient_complete" boolean DEFAULT false NOT NULL,
	"physician_review" boolean DEFAULT false NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"promo_code" varchar(20),
	"expires_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_options" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"question_id" varchar(24) NOT NULL,
	"label" text NOT NULL,
	"include_none" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"template_id" varchar(24) NOT NULL,
	"label" text NOT NULL,
	"description_text" text,
	"type" varchar(16) NOT NULL,
	"position" integer NOT NULL,
	"parent_question_id" varchar(24),
	"parent_option_id" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questions_type_check" CHECK ("questions"."type" in ('checkbox', 'radio', 'long-text', 'short-text')),
	CONSTRAINT "questions_follow_up_check" CHECK (("questions"."parent_question_id" is null) = ("questions"."parent_option_id" is null))
);
--> statement-breakpoint
CREATE TABLE "state_availability" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"organization_id" varchar(24) NOT NULL,
	"intake_template_id" varchar(24),
	"product_type" varchar(24),
	"state_id" varchar(24) NOT NULL,
	"approved" boolean NOT NULL,
	"reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "state_availability_target_check" CHECK (("state_availability"."intake_template_id" is null) <> ("state_availability"."product_type" is null))
);
--> statement-breakpoint
CREATE TABLE "lab_markers" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"report_id" varchar(24) NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" text NOT NULL,
	"unit" varchar(32) NOT NULL,
	"value" double precision NOT NULL,
	"ranges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"legend" jsonb NOT NULL,
	"category" text NOT NULL,
	"category_slug" varchar(64) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lab_panels" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"organization_id" varchar(24) NOT NULL,
	"product_template_id" varchar(24) NOT NULL,
	"name" text NOT NULL,
	"slug" varchar(64) NOT NULL,
	"description" text NOT NULL,
	"markers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"preparation_guidelines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lab_reports" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"user_id" varchar(24) NOT NULL,
	"organization_id" varchar(24) NOT NULL,
	"panel_id" varchar(24) NOT NULL,
	"order_id" varchar(24),
	"status" varchar(16) DEFAULT 'created' NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text DEFAULT 'Lab Panel Results' NOT NULL,
	"reviewer_id" varchar(24),
	"reviewed_at" timestamp with time zone,
	"text" jsonb,
	"bio_age" double precision,
	"collected_at" timestamp with time zone,
	"requisition_key" text,
	"results_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lab_reports_status_check" CHECK ("lab_reports"."status" in ('created', 'ordered', 'received', 'reviewed'))
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"owner_id" varchar(24) NOT NULL,
	"organization_id" varchar(24) NOT NULL,
	"kind" varchar(24) NOT NULL,
	"mime_type" varchar(127) NOT NULL,
	"byte_size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"original_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "media_byte_size_check" CHECK ("media"."byte_size" >= 0)
);
--> statement-breakpoint
CREATE TABLE "membership_prices" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"membership_id" varchar(24) NOT NULL,
	"unit_amount" integer NOT NULL,
	"currency" varchar(3) DEFAULT 'usd' NOT NULL,
	"interval_count" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"stripe_price_id" varchar(64),
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_prices_unit_amount_check" CHECK ("membership_prices"."unit_amount" >= 0),
	CONSTRAINT "membership_prices_interval_count_check" CHECK ("membership_prices"."interval_count" > 0)
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"organization_id" varchar(24) NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"included_products" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"event_link" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"patient_id" varchar(24) NOT NULL,
	"organization_id" varchar(24) NOT NULL,
	"patient_read" boolean DEFAULT true NOT NULL,
	"medical_team_read" boolean DEFAULT true NOT NULL,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"conversation_id" varchar(24) NOT NULL,
	"author_id" varchar(24) NOT NULL,
	"message_style" smallint DEFAULT 1 NOT NULL,
	"blocks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"has_file" boolean DEFAULT false NOT NULL,
	"internal" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_message_style_check" CHECK ("messages"."message_style" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"user_id" varchar(24) NOT NULL,
	"organization_id" varchar(24) NOT NULL,
	"category" varchar(16) NOT NULL,
	"message" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_category_check" CHECK ("notifications"."category" in ('visit', 'lab', 'message', 'order', 'welcome', 'subscription', 'payment', 'appointments'))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"user_id" varchar(24) NOT NULL,
	"organization_id" varchar(24) NOT NULL,
	"product_template_id" varchar(24) NOT NULL,
	"product_id" varchar(24) NOT NULL,
	"intake_id" varchar(24),
	"quantity" integer DEFAULT 1 NOT NULL,
	"promo_code" varchar(20),
	"status" varchar(16) DEFAULT 'created' NOT NULL,
	"subtotal_amount" integer NOT NULL,
	"discount_amount" integer DEFAULT 0 NOT NULL,
	"amount" integer NOT NULL,
	"currency" varchar(3) DEFAULT 'usd' NOT NULL,
	"provider_payment_id" varchar(64),
	"submitted_at" timestamp with time zone,
	"fulfilled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_amounts_check" CHECK ("orders"."amount" >= 0 and "orders"."discount_amount" >= 0 and "orders"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "physician_availability" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"physician_id" varchar(24) NOT NULL,
	"weekday" smallint NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"time_zone" text NOT NULL,
	CONSTRAINT "physician_availability_weekday_check" CHECK ("physician_availability"."weekday" between 0 and 6),
	CONSTRAINT "physician_availability_range_check" CHECK ("physician_availability"."start_time" < "physician_availability"."end_time")
);
--> statement-breakpoint
CREATE TABLE "physician_states" (
	"physician_id" varchar(24) NOT NULL,
	"state" varchar(2) NOT NULL,
	CONSTRAINT "physician_states_physician_id_state_pk" PRIMARY KEY("physician_id","state")
);
--> statement-breakpoint
CREATE TABLE "physicians" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"organization_id" varchar(24) NOT NULL,
	"user_id" varchar(24),
	"first_name" varchar(35) NOT NULL,
	"last_name" varchar(35) NOT NULL,
	"credentials" varchar(16),
	"npi_num" varchar(10) NOT NULL,
	"profile_img_url" text,
	"bio" text DEFAULT '' NOT NULL,
	"scheduling_link" text,
	"is_provider" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "physicians_npi_num_check" CHECK ("physicians"."npi_num" ~ '^[0-9]{10}$')
);
--> statement-breakpoint
CREATE TABLE "product_templates" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"organization_id" varchar(24) NOT NULL,
	"type" varchar(24) NOT NULL,
	"slug" varchar(64) NOT NULL,
	"name" text NOT NULL,
	"product_name" text NOT NULL,
	"description" text NOT NULL,
	"medication_type" varchar(32),
	"dosage_type" varchar(32),
	"product_images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"product_features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"product_url" text,
	"testimonials" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"dose_quantity" integer DEFAULT 1 NOT NULL,
	"dose_recommendation" integer,
	"dose_selection_text" jsonb,
	"dosage_strengths" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"dosage_frequencies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"shipping_frequencies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"shop" jsonb DEFAULT '{"benefits":[],"tags":[]}'::jsonb NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"intake_template_id" varchar(24),
	"membership_id" varchar(24),
	"featured" boolean DEFAULT false NOT NULL,
	"show_in_shop" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_templates_type_check" CHECK ("product_templates"."type" in ('medication', 'lab', 'supplement', 'coaching_membership'))
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"product_template_id" varchar(24) NOT NULL,
	"organization_id" varchar(24) NOT NULL,
	"type" varchar(24) NOT NULL,
	"name" text NOT NULL,
	"pricing_type" varchar(16) NOT NULL,
	"unit_amount" integer NOT NULL,
	"currency" varchar(3) DEFAULT 'usd' NOT NULL,
	"interval_count" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"plan_properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"stripe_price_id" varchar(64),
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_unit_amount_check" CHECK ("products"."unit_amount" >= 0),
	CONSTRAINT "products_interval_check" CHECK (("products"."pricing_type" = 'one_time' and "products"."interval_count" = 0) or ("products"."pricing_type" = 'recurring' and "products"."interval_count" > 0))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"organization_id" varchar(24) NOT NULL,
	"user_id" varchar(24) NOT NULL,
	"subscription_id" varchar(24),
	"order_id" varchar(24),
	"amount_due" integer NOT NULL,
	"amount_paid" integer DEFAULT 0 NOT NULL,
	"currency" varchar(3) DEFAULT 'usd' NOT NULL,
	"status" varchar(16) NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"pdf_path" text,
	"provider_invoice_id" varchar(64),
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_source_check" CHECK ("invoices"."subscription_id" is not null or "invoices"."order_id" is not null),
	CONSTRAINT "invoices_amounts_check" CHECK ("invoices"."amount_due" >= 0 and "invoices"."amount_paid" >= 0)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"user_id" varchar(24) NOT NULL,
	"organization_id" varchar(24) NOT NULL,
	"status" varchar(32) NOT NULL,
	"type" varchar(24) NOT NULL,
	"name" text NOT NULL,
	"duration_months" integer NOT NULL,
	"product_plans" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"prescriptions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"schedule_details" jsonb,
	"current_period_start" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"reschedule_date" timestamp with time zone,
	"pause_collection" jsonb,
	"pause_reason" text,
	"cancel_reason" text,
	"canceled_at" timestamp with time zone,
	"cancellation_info" jsonb DEFAULT '{"cancellation_attempt":0}'::jsonb NOT NULL,
	"coaching_info" jsonb,
	"provider_subscription_id" varchar(64),
	"intake_id" varchar(24),
	"membership_id" varchar(24),
	"promo_code" varchar(20),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_physician_id_physicians_id_fk" FOREIGN KEY ("physician_id") REFERENCES "public"."physicians"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_intake_id_intakes_id_fk" FOREIGN KEY ("intake_id") REFERENCES "public"."intakes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_responses" ADD CONSTRAINT "intake_responses_intake_id_intakes_id_fk" FOREIGN KEY ("intake_id") REFERENCES "public"."intakes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_responses" ADD CONSTRAINT "intake_responses_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_responses" ADD CONSTRAINT "intake_responses_parent_response_id_intake_responses_id_fk" FOREIGN KEY ("parent_response_id") REFERENCES "public"."intake_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_templates" ADD CONSTRAINT "intake_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intakes" ADD CONSTRAINT "intakes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intakes" ADD CONSTRAINT "intakes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intakes" ADD CONSTRAINT "intakes_template_id_intake_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."intake_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_options" ADD CONSTRAINT "question_options_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_template_id_intake_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."intake_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_parent_question_id_questions_id_fk" FOREIGN KEY ("parent_question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_parent_option_id_question_options_id_fk" FOREIGN KEY ("parent_option_id") REFERENCES "public"."question_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "state_availability" ADD CONSTRAINT "state_availability_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "state_availability" ADD CONSTRAINT "state_availability_intake_template_id_intake_templates_id_fk" FOREIGN KEY ("intake_template_id") REFERENCES "public"."intake_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "state_availability" ADD CONSTRAINT "state_availability_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_markers" ADD CONSTRAINT "lab_markers_report_id_lab_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."lab_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_panels" ADD CONSTRAINT "lab_panels_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_panels" ADD CONSTRAINT "lab_panels_product_template_id_product_templates_id_fk" FOREIGN KEY ("product_template_id") REFERENCES "public"."product_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_reports" ADD CONSTRAINT "lab_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_reports" ADD CONSTRAINT "lab_reports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_reports" ADD CONSTRAINT "lab_reports_panel_id_lab_panels_id_fk" FOREIGN KEY ("panel_id") REFERENCES "public"."lab_panels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_reports" ADD CONSTRAINT "lab_reports_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_reports" ADD CONSTRAINT "lab_reports_reviewer_id_physicians_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."physicians"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_prices" ADD CONSTRAINT "membership_prices_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_template_id_product_templates_id_fk" FOREIGN KEY ("product_template_id") REFERENCES "public"."product_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_intake_id_intakes_id_fk" FOREIGN KEY ("intake_id") REFERENCES "public"."intakes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "physician_availability" ADD CONSTRAINT "physician_availability_physician_id_physicians_id_fk" FOREIGN KEY ("physician_id") REFERENCES "public"."physicians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "physician_states" ADD CONSTRAINT "physician_states_physician_id_physicians_id_fk" FOREIGN KEY ("physician_id") REFERENCES "public"."physicians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "physician_states" ADD CONSTRAINT "physician_states_state_states_abbreviation_fk" FOREIGN KEY ("state") REFERENCES "public"."states"("abbreviation") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "physicians" ADD CONSTRAINT "physicians_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "physicians" ADD CONSTRAINT "physicians_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_templates" ADD CONSTRAINT "product_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_templates" ADD CONSTRAINT "product_templates_intake_template_id_intake_templates_id_fk" FOREIGN KEY ("intake_template_id") REFERENCES "public"."intake_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_templates" ADD CONSTRAINT "product_templates_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_product_template_id_product_templates_id_fk" FOREIGN KEY ("product_template_id") REFERENCES "public"."product_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_intake_id_intakes_id_fk" FOREIGN KEY ("intake_id") REFERENCES "public"."intakes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_patient_id_start_time_idx" ON "appointments" USING btree ("patient_id","start_time");--> statement-breakpoint
CREATE INDEX "appointments_physician_id_start_time_idx" ON "appointments" USING btree ("physician_id","start_time");--> statement-breakpoint
CREATE INDEX "appointments_organization_id_start_time_idx" ON "appointments" USING btree ("organization_id","start_time");--> statement-breakpoint
CREATE INDEX "appointments_subscription_id_idx" ON "appointments" USING btree ("subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_uuid_idx" ON "appointments" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_coupon_id_idx" ON "coupon_redemptions" USING btree ("coupon_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_user_id_idx" ON "coupon_redemptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_organization_id_idx" ON "coupon_redemptions" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_intake_id_idx" ON "coupon_redemptions" USING btree ("intake_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_order_id_idx" ON "coupon_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_subscription_id_idx" ON "coupon_redemptions" USING btree ("subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_organization_id_code_idx" ON "coupons" USING btree ("organization_id",upper("code"));--> statement-breakpoint
CREATE INDEX "payment_methods_user_id_idx" ON "payment_methods" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payment_methods_organization_id_idx" ON "payment_methods" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_user_id_default_idx" ON "payment_methods" USING btree ("user_id") WHERE "payment_methods"."is_default";--> statement-breakpoint
CREATE INDEX "events_organization_id_name_created_at_idx" ON "events" USING btree ("organization_id","name","created_at");--> statement-breakpoint
CREATE INDEX "events_organization_id_created_at_idx" ON "events" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "events_user_id_idx" ON "events" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "intake_responses_intake_id_question_id_idx" ON "intake_responses" USING btree ("intake_id","question_id");--> statement-breakpoint
CREATE INDEX "intake_responses_question_id_idx" ON "intake_responses" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "intake_responses_parent_response_id_idx" ON "intake_responses" USING btree ("parent_response_id");--> statement-breakpoint
CREATE UNIQUE INDEX "intake_templates_organization_id_slug_idx" ON "intake_templates" USING btree ("organization_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "intake_templates_organization_id_global_idx" ON "intake_templates" USING btree ("organization_id") WHERE "intake_templates"."is_global";--> statement-breakpoint
CREATE INDEX "intakes_user_id_created_at_idx" ON "intakes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "intakes_organization_id_created_at_idx" ON "intakes" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "intakes_template_id_idx" ON "intakes" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "intakes_organization_id_awaiting_review_idx" ON "intakes" USING btree ("organization_id","completed_at") WHERE "intakes"."patient_complete" and not "intakes"."physician_review" and not "intakes"."closed";--> statement-breakpoint
CREATE INDEX "question_options_question_id_position_idx" ON "question_options" USING btree ("question_id","position");--> statement-breakpoint
CREATE INDEX "questions_template_id_position_idx" ON "questions" USING btree ("template_id","position");--> statement-breakpoint
CREATE INDEX "questions_parent_question_id_idx" ON "questions" USING btree ("parent_question_id");--> statement-breakpoint
CREATE INDEX "questions_parent_option_id_idx" ON "questions" USING btree ("parent_option_id");--> statement-breakpoint
CREATE UNIQUE INDEX "state_availability_organization_id_state_id_intake_template_id_idx" ON "state_availability" USING btree ("organization_id","state_id","intake_template_id") WHERE "state_availability"."intake_template_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "state_availability_organization_id_state_id_product_type_idx" ON "state_availability" USING btree ("organization_id","state_id","product_type") WHERE "state_availability"."product_type" is not null;--> statement-breakpoint
CREATE INDEX "state_availability_intake_template_id_idx" ON "state_availability" USING btree ("intake_template_id");--> statement-breakpoint
CREATE INDEX "state_availability_organization_id_state_id_idx" ON "state_availability" USING btree ("organization_id","state_id");--> statement-breakpoint
CREATE INDEX "state_availability_state_id_idx" ON "state_availability" USING btree ("state_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lab_markers_report_id_code_idx" ON "lab_markers" USING btree ("report_id","code");--> statement-breakpoint
CREATE INDEX "lab_markers_report_id_category_slug_idx" ON "lab_markers" USING btree ("report_id","category_slug");--> statement-breakpoint
CREATE INDEX "lab_markers_code_idx" ON "lab_markers" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "lab_panels_organization_id_slug_idx" ON "lab_panels" USING btree ("organization_id","slug");--> statement-breakpoint
CREATE INDEX "lab_panels_product_template_id_idx" ON "lab_panels" USING btree ("product_template_id");--> statement-breakpoint
CREATE INDEX "lab_reports_user_id_created_at_idx" ON "lab_reports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "lab_reports_user_id_status_idx" ON "lab_reports" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "lab_reports_organization_id_status_idx" ON "lab_reports" USING btree ("organization_id","status");--> statement-breakpoint
CREATE INDEX "lab_reports_panel_id_idx" ON "lab_reports" USING btree ("panel_id");--> statement-breakpoint
CREATE INDEX "lab_reports_order_id_idx" ON "lab_reports" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "lab_reports_reviewer_id_idx" ON "lab_reports" USING btree ("reviewer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "media_storage_key_idx" ON "media" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "media_owner_id_kind_created_at_idx" ON "media" USING btree ("owner_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "media_organization_id_idx" ON "media" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "media_sha256_idx" ON "media" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "membership_prices_membership_id_interval_count_idx" ON "membership_prices" USING btree ("membership_id","interval_count");--> statement-breakpoint
CREATE INDEX "memberships_organization_id_idx" ON "memberships" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "conversations_patient_id_idx" ON "conversations" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "conversations_organization_id_last_message_at_idx" ON "conversations" USING btree ("organization_id","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_conversation_id_created_at_idx" ON "messages" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_author_id_idx" ON "messages" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "notifications_user_id_created_at_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_id_unread_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST) WHERE not "notifications"."read";--> statement-breakpoint
CREATE INDEX "notifications_organization_id_idx" ON "notifications" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "orders_user_id_created_at_idx" ON "orders" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_organization_id_status_idx" ON "orders" USING btree ("organization_id","status");--> statement-breakpoint
CREATE INDEX "orders_product_template_id_idx" ON "orders" USING btree ("product_template_id");--> statement-breakpoint
CREATE INDEX "orders_product_id_idx" ON "orders" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "orders_intake_id_idx" ON "orders" USING btree ("intake_id");--> statement-breakpoint
CREATE INDEX "physician_availability_physician_id_weekday_idx" ON "physician_availability" USING btree ("physician_id","weekday");--> statement-breakpoint
CREATE INDEX "physician_states_state_idx" ON "physician_states" USING btree ("state");--> statement-breakpoint
CREATE UNIQUE INDEX "physicians_organization_id_npi_num_idx" ON "physicians" USING btree ("organization_id","npi_num");--> statement-breakpoint
CREATE INDEX "physicians_user_id_idx" ON "physicians" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_templates_organization_id_slug_idx" ON "product_templates" USING btree ("organization_id","slug");--> statement-breakpoint
CREATE INDEX "product_templates_organization_id_type_sort_order_idx" ON "product_templates" USING btree ("organization_id","type","sort_order");--> statement-breakpoint
CREATE INDEX "product_templates_organization_id_sort_order_idx" ON "product_templates" USING btree ("organization_id","sort_order");--> statement-breakpoint
CREATE INDEX "product_templates_intake_template_id_idx" ON "product_templates" USING btree ("intake_template_id");--> statement-breakpoint
CREATE INDEX "product_templates_membership_id_idx" ON "product_templates" USING btree ("membership_id");--> statement-breakpoint
CREATE INDEX "products_product_template_id_interval_count_idx" ON "products" USING btree ("product_template_id","interval_count");--> statement-breakpoint
CREATE INDEX "products_organization_id_type_idx" ON "products" USING btree ("organization_id","type");--> statement-breakpoint
CREATE INDEX "products_stripe_price_id_idx" ON "products" USING btree ("stripe_price_id");--> statement-breakpoint
CREATE INDEX "invoices_subscription_id_created_at_idx" ON "invoices" USING btree ("subscription_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_order_id_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoices_user_id_created_at_idx" ON "invoices" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_organization_id_idx" ON "invoices" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_provider_invoice_id_idx" ON "invoices" USING btree ("provider_invoice_id");--> statement-breakpoint
CREATE INDEX "subscriptions_user_id_status_idx" ON "subscriptions" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "subscriptions_organization_id_status_idx" ON "subscriptions" USING btree ("organization_id","status");--> statement-breakpoint
CREATE INDEX "subscriptions_intake_id_idx" ON "subscriptions" USING btree ("intake_id");--> statement-breakpoint
CREATE INDEX "subscriptions_membership_id_idx" ON "subscriptions" USING btree ("membership_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_provider_subscription_id_idx" ON "subscriptions" USING btree ("provider_subscription_id");