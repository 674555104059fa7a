ALTER TABLE "appointments" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "completed_by" varchar(24);--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_open_call_tasks_idx" ON "appointments" USING btree ("organization_id","created_at","id") WHERE not "appointments"."canceled" and "appointments"."completed_at" is null and "appointments"."event_type_kind" in ('user-verification', 'consultation');