CREATE TABLE "checkouts" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"organization_id" varchar(24) NOT NULL,
	"user_id" varchar(24) NOT NULL,
	"idempotency_key" varchar(255) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"intake_id" varchar(24),
	"request_hash" varchar(64) NOT NULL,
	"purchase_hash" varchar(64) NOT NULL,
	"status" varchar(16) NOT NULL,
	"step" varchar(16),
	"progress" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"totals" jsonb,
	"result" jsonb,
	"error" jsonb,
	"attempts" integer DEFAULT 1 NOT NULL,
	"locked_until" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkouts_status_check" CHECK ("checkouts"."status" in ('in_progress', 'failed', 'completed', 'superseded')),
	CONSTRAINT "checkouts_kind_check" CHECK ("checkouts"."kind" in ('consultation', 'signup', 'shop'))
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_intake_id_intakes_id_fk" FOREIGN KEY ("intake_id") REFERENCES "public"."intakes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_organization_id_user_id_idempotency_key_idx" ON "checkouts" USING btree ("organization_id","user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "checkouts_user_id_idx" ON "checkouts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "checkouts_intake_id_idx" ON "checkouts" USING btree ("intake_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_live_intake_id_idx" ON "checkouts" USING btree ("intake_id") WHERE "checkouts"."status" in ('in_progress', 'completed');