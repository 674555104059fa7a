ALTER TABLE "appointments" ADD COLUMN "external_event_id" varchar(64);--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "reschedule_url" text;