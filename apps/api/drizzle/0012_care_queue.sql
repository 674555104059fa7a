DROP INDEX "intakes_organization_id_awaiting_review_idx";--> statement-breakpoint
ALTER TABLE "intakes" ADD COLUMN "claimed_by" varchar(24);--> statement-breakpoint
ALTER TABLE "intakes" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "intakes" ADD CONSTRAINT "intakes_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "intakes_organization_id_awaiting_review_idx" ON "intakes" USING btree ("organization_id","completed_at","id") WHERE "intakes"."patient_complete" and not "intakes"."physician_review" and not "intakes"."closed";