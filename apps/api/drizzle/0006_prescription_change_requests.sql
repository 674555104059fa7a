CREATE TABLE "prescription_change_requests" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"organization_id" varchar(24) NOT NULL,
	"user_id" varchar(24) NOT NULL,
	"subscription_id" varchar(24) NOT NULL,
	"request_type" varchar(16) NOT NULL,
	"comment" text,
	"previous_status" varchar(32) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prescription_change_requests_type_check" CHECK ("prescription_change_requests"."request_type" in ('RaiseDosage', 'LowerDosage', 'Other'))
);
--> statement-breakpoint
ALTER TABLE "prescription_change_requests" ADD CONSTRAINT "prescription_change_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_change_requests" ADD CONSTRAINT "prescription_change_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_change_requests" ADD CONSTRAINT "prescription_change_requests_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prescription_change_requests_subscription_id_created_at_idx" ON "prescription_change_requests" USING btree ("subscription_id","created_at");--> statement-breakpoint
CREATE INDEX "prescription_change_requests_user_id_idx" ON "prescription_change_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "prescription_change_requests_organization_id_created_at_idx" ON "prescription_change_requests" USING btree ("organization_id","created_at");