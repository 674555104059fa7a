CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "appointment_reminders" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"appointment_id" varchar(24) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"sequence" integer NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"skipped_at" timestamp with time zone,
	"channels" varchar(32),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointment_types" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"organization_id" varchar(24) NOT NULL,
	"kind" varchar(32) NOT NULL,
	"name" text NOT NULL,
	"duration_minutes" smallint NOT NULL,
	"buffer_before_minutes" smallint DEFAULT 0 NOT NULL,
	"buffer_after_minutes" smallint DEFAULT 0 NOT NULL,
	"minimum_notice_minutes" integer DEFAULT 120 NOT NULL,
	"horizon_days" smallint DEFAULT 60 NOT NULL,
	"slot_interval_minutes" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_types_minutes_check" CHECK ("appointment_types"."duration_minutes" between 5 and 480 and "appointment_types"."buffer_before_minutes" between 0 and 240 and "appointment_types"."buffer_after_minutes" between 0 and 240 and "appointment_types"."minimum_notice_minutes" >= 0 and "appointment_types"."horizon_days" between 1 and 366)
);
--> statement-breakpoint
CREATE TABLE "scheduling_webhook_events" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"provider" varchar(16) NOT NULL,
	"event_id" varchar(200) NOT NULL,
	"appointment_id" varchar(24),
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "physician_availability_overrides" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"physician_id" varchar(24) NOT NULL,
	"date" date NOT NULL,
	"start_time" time,
	"end_time" time,
	"time_zone" text NOT NULL,
	CONSTRAINT "physician_availability_overrides_range_check" CHECK (("physician_availability_overrides"."start_time" is null and "physician_availability_overrides"."end_time" is null) or ("physician_availability_overrides"."start_time" is not null and "physician_availability_overrides"."end_time" is not null and "physician_availability_overrides"."start_time" < "physician_availability_overrides"."end_time"))
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "blocked_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "blocked_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "time_zone" varchar(64);--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "canceled_by" varchar(24);--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "cancel_message" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "booked_by" varchar(24);--> statement-breakpoint
ALTER TABLE "physicians" ADD COLUMN "room_link" text;--> statement-breakpoint
ALTER TABLE "appointment_reminders" ADD CONSTRAINT "appointment_reminders_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_types" ADD CONSTRAINT "appointment_types_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduling_webhook_events" ADD CONSTRAINT "scheduling_webhook_events_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "physician_availability_overrides" ADD CONSTRAINT "physician_availability_overrides_physician_id_physicians_id_fk" FOREIGN KEY ("physician_id") REFERENCES "public"."physicians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_reminders_appointment_id_sequence_kind_idx" ON "appointment_reminders" USING btree ("appointment_id","sequence","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_types_organization_id_kind_idx" ON "appointment_types" USING btree ("organization_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "scheduling_webhook_events_provider_event_id_idx" ON "scheduling_webhook_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "physician_availability_overrides_physician_id_date_idx" ON "physician_availability_overrides" USING btree ("physician_id","date");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_canceled_by_users_id_fk" FOREIGN KEY ("canceled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_booked_by_users_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_blocked_range_check" CHECK (("appointments"."blocked_start" is null or "appointments"."blocked_start" <= "appointments"."start_time") and ("appointments"."blocked_end" is null or "appointments"."blocked_end" >= "appointments"."end_time") and "appointments"."start_time" < "appointments"."end_time");--> statement-breakpoint
-- Two live bookings of one physician never overlap, buffers included: the database itself refuses the second
-- (SQLSTATE 23P01), whatever the application does (decision 043).
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_physician_time_excl" EXCLUDE USING gist ("physician_id" WITH =, tstzrange(coalesce("blocked_start", "start_time"), coalesce("blocked_end", "end_time"), '[)') WITH &&) WHERE (not "canceled" and "physician_id" is not null);
