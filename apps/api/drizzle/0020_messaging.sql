CREATE TABLE "quick_replies" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"organization_id" varchar(24) NOT NULL,
	"title" varchar(60) NOT NULL,
	"text" text NOT NULL,
	"created_by_id" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "conversations_patient_id_idx";--> statement-breakpoint
DROP INDEX "messages_conversation_id_created_at_idx";--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "waiting_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "patient_unread_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "assigned_to_id" varchar(24);--> statement-breakpoint
ALTER TABLE "quick_replies" ADD CONSTRAINT "quick_replies_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quick_replies" ADD CONSTRAINT "quick_replies_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quick_replies_organization_id_created_at_idx" ON "quick_replies" USING btree ("organization_id","created_at");--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_assigned_to_id_users_id_fk" FOREIGN KEY ("assigned_to_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_patient_id_key" ON "conversations" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "conversations_inbox_idx" ON "conversations" USING btree ("organization_id","medical_team_read","waiting_since","last_message_at");--> statement-breakpoint
CREATE INDEX "conversations_assigned_to_id_idx" ON "conversations" USING btree ("assigned_to_id");--> statement-breakpoint
CREATE INDEX "messages_conversation_id_created_at_id_idx" ON "messages" USING btree ("conversation_id","created_at","id");