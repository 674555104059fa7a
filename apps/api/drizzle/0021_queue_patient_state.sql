ALTER TABLE "intakes" ADD COLUMN "patient_state" varchar(2);--> statement-breakpoint
CREATE INDEX "intakes_organization_id_state_awaiting_review_idx" ON "intakes" USING btree ("organization_id","patient_state","completed_at","id") WHERE "intakes"."patient_complete" and not "intakes"."physician_review" and not "intakes"."closed";--> statement-breakpoint
UPDATE "intakes" SET "patient_state" = coalesce(u."state", u."shipping_info"->>'state')
  FROM "users" u WHERE u."id" = "intakes"."user_id";--> statement-breakpoint
-- a visit reads its patient's state when it is made or submitted
CREATE FUNCTION intakes_patient_state() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT coalesce(u."state", u."shipping_info"->>'state') INTO NEW."patient_state" FROM "users" u WHERE u."id" = NEW."user_id";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER intakes_patient_state BEFORE INSERT OR UPDATE OF "completed_at", "user_id" ON "intakes"
  FOR EACH ROW EXECUTE FUNCTION intakes_patient_state();--> statement-breakpoint
-- and follows the patient when they move (their state, or the shipping address that stands in for it)
CREATE FUNCTION users_patient_state_to_intakes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "intakes" SET "patient_state" = coalesce(NEW."state", NEW."shipping_info"->>'state')
    WHERE "user_id" = NEW."id"
      AND "patient_state" IS DISTINCT FROM coalesce(NEW."state", NEW."shipping_info"->>'state');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER users_patient_state_to_intakes AFTER UPDATE OF "state", "shipping_info" ON "users"
  FOR EACH ROW WHEN (coalesce(OLD."state", OLD."shipping_info"->>'state') IS DISTINCT FROM coalesce(NEW."state", NEW."shipping_info"->>'state'))
  EXECUTE FUNCTION users_patient_state_to_intakes();
