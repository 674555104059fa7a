ALTER TABLE "physicians" ADD COLUMN "weekly_hours" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- The weekly hours as the calendar reads them, recomputed for the physician of each changed row (decision 043).
CREATE FUNCTION "physician_weekly_hours_of"(physician varchar) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT coalesce(jsonb_agg(jsonb_build_object('weekday', a.weekday, 'start', a.start_time, 'end', a.end_time,
    'timeZone', a.time_zone) ORDER BY a.weekday, a.start_time), '[]'::jsonb)
  FROM physician_availability a WHERE a.physician_id = physician
$$;
--> statement-breakpoint
CREATE FUNCTION "physician_weekly_hours_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE physicians SET weekly_hours = physician_weekly_hours_of(OLD.physician_id) WHERE id = OLD.physician_id;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.physician_id IS DISTINCT FROM OLD.physician_id) THEN
    UPDATE physicians SET weekly_hours = physician_weekly_hours_of(NEW.physician_id) WHERE id = NEW.physician_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "physician_availability_weekly_hours" AFTER INSERT OR UPDATE OR DELETE ON "physician_availability"
  FOR EACH ROW EXECUTE FUNCTION physician_weekly_hours_keep();
--> statement-breakpoint
UPDATE "physicians" SET "weekly_hours" = physician_weekly_hours_of("id");
