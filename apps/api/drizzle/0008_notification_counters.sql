CREATE TABLE "notification_counters" (
	"user_id" varchar(24) PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "notification_counters_total_check" CHECK ("notification_counters"."total" >= 0),
	CONSTRAINT "notification_counters_unread_check" CHECK ("notification_counters"."unread" >= 0 and "notification_counters"."unread" <= "notification_counters"."total")
);
--> statement-breakpoint
DROP INDEX "notifications_user_id_created_at_idx";--> statement-breakpoint
DROP INDEX "orders_user_id_created_at_idx";--> statement-breakpoint
DROP INDEX "notifications_user_id_unread_idx";--> statement-breakpoint
ALTER TABLE "notification_counters" ADD CONSTRAINT "notification_counters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_id_created_at_id_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_user_id_created_at_id_idx" ON "orders" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_user_id_unread_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE not "notifications"."read";--> statement-breakpoint
-- notification_counters follows notifications statement by statement: one upsert per statement, whatever
-- the number of rows it touched (a read-all of 10,000 notifications is one counter update).
CREATE OR REPLACE FUNCTION notification_counters_after_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notification_counters AS c (user_id, total, unread)
  SELECT user_id, count(*), count(*) FILTER (WHERE NOT read) FROM inserted GROUP BY user_id
  ON CONFLICT (user_id) DO UPDATE
    SET total = c.total + excluded.total, unread = c.unread + excluded.unread;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notification_counters_after_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- a notification never changes hands, so the unread delta is per user of the old rows
  UPDATE notification_counters AS c SET unread = c.unread + d.delta
  FROM (
    SELECT o.user_id, sum((NOT n.read)::int - (NOT o.read)::int) AS delta
    FROM before_rows o JOIN after_rows n ON n.id = o.id
    GROUP BY o.user_id
  ) d
  WHERE c.user_id = d.user_id AND d.delta <> 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notification_counters_after_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- only an update: when the patient is being deleted, the counter row goes with them
  UPDATE notification_counters AS c
  SET total = c.total - d.total, unread = c.unread - d.unread
  FROM (
    SELECT user_id, count(*) AS total, count(*) FILTER (WHERE NOT read) AS unread
    FROM removed GROUP BY user_id
  ) d
  WHERE c.user_id = d.user_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER notifications_count_insert AFTER INSERT ON notifications
REFERENCING NEW TABLE AS inserted
FOR EACH STATEMENT EXECUTE FUNCTION notification_counters_after_insert();
--> statement-breakpoint
CREATE TRIGGER notifications_count_update AFTER UPDATE ON notifications
REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
FOR EACH STATEMENT EXECUTE FUNCTION notification_counters_after_update();
--> statement-breakpoint
CREATE TRIGGER notifications_count_delete AFTER DELETE ON notifications
REFERENCING OLD TABLE AS removed
FOR EACH STATEMENT EXECUTE FUNCTION notification_counters_after_delete();
--> statement-breakpoint
INSERT INTO notification_counters (user_id, total, unread)
SELECT user_id, count(*), count(*) FILTER (WHERE NOT read) FROM notifications GROUP BY user_id;
