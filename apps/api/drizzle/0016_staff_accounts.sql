CREATE TABLE "staff_invitations" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"organization_id" varchar(24) NOT NULL,
	"email" varchar(254) NOT NULL,
	"role" varchar(16) NOT NULL,
	"first_name" varchar(35) NOT NULL,
	"last_name" varchar(35) NOT NULL,
	"licensed_states" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"npi_num" varchar(10),
	"token_hash" varchar(64) NOT NULL,
	"invited_by" varchar(24) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_invitations_token_hash_idx" ON "staff_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "staff_invitations_organization_id_created_at_idx" ON "staff_invitations" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "staff_invitations_open_email_idx" ON "staff_invitations" USING btree ("organization_id","email") WHERE "staff_invitations"."accepted_at" is null;