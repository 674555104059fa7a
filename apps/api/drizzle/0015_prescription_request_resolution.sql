ALTER TABLE "prescription_change_requests" ADD COLUMN "resolution" varchar(16);--> statement-breakpoint
ALTER TABLE "prescription_change_requests" ADD COLUMN "response" text;--> statement-breakpoint
ALTER TABLE "prescription_change_requests" ADD COLUMN "resolved_by" varchar(24);--> statement-breakpoint
ALTER TABLE "prescription_change_requests" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "prescription_change_requests" ADD CONSTRAINT "prescription_change_requests_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prescription_change_requests_open_idx" ON "prescription_change_requests" USING btree ("organization_id","created_at","id") WHERE "prescription_change_requests"."resolved_at" is null;