CREATE TABLE "care_alerts" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"organization_id" varchar(24) NOT NULL,
	"patient_id" varchar(24) NOT NULL,
	"kind" varchar(32) NOT NULL,
	"raised_by" varchar(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" varchar(24),
	"outcome" text
);
--> statement-breakpoint
ALTER TABLE "care_alerts" ADD CONSTRAINT "care_alerts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_alerts" ADD CONSTRAINT "care_alerts_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_alerts" ADD CONSTRAINT "care_alerts_raised_by_users_id_fk" FOREIGN KEY ("raised_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_alerts" ADD CONSTRAINT "care_alerts_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "care_alerts_open_patient_kind_idx" ON "care_alerts" USING btree ("patient_id","kind") WHERE "care_alerts"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "care_alerts_open_organization_created_at_idx" ON "care_alerts" USING btree ("organization_id","created_at","id") WHERE "care_alerts"."resolved_at" is null;