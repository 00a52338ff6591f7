CREATE TABLE "blocks" (
	"blocker_user_id" integer NOT NULL,
	"blocked_profile_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "blocks_blocker_user_id_blocked_profile_id_pk" PRIMARY KEY("blocker_user_id","blocked_profile_id")
);
--> statement-breakpoint
DROP INDEX "profiles_search_idx";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "has_photo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "account_usable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "searchable" boolean GENERATED ALWAYS AS (status = 'active' AND NOT is_invisible AND account_usable) STORED;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocker_user_id_users_id_fk" FOREIGN KEY ("blocker_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocked_profile_id_profiles_id_fk" FOREIGN KEY ("blocked_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocks_blocked_profile_idx" ON "blocks" USING btree ("blocked_profile_id");--> statement-breakpoint
CREATE INDEX "profiles_search_region_idx" ON "profiles" USING btree ("site_id","country","region","gender","birth_date","has_photo","id") WHERE searchable;--> statement-breakpoint
CREATE INDEX "profiles_search_site_idx" ON "profiles" USING btree ("site_id","gender","birth_date","has_photo","id") WHERE searchable;--> statement-breakpoint
CREATE INDEX "profiles_search_order_idx" ON "profiles" USING btree ("site_id","country","has_photo","id","gender","birth_date") WHERE searchable;--> statement-breakpoint
CREATE INDEX "profiles_search_site_order_idx" ON "profiles" USING btree ("site_id","has_photo","id","gender","birth_date") WHERE searchable;--> statement-breakpoint
CREATE INDEX "profiles_search_idx" ON "profiles" USING btree ("site_id","country","gender","birth_date","has_photo","id") WHERE searchable;--> statement-breakpoint
-- Written by hand (drizzle-kit does not model triggers): keep profiles.account_usable and
-- profiles.has_photo in step with users and photos, whichever feature writes them.
UPDATE "profiles" p SET "account_usable" = (u."status" = 'active') FROM "users" u WHERE u."profile_id" = p."id";--> statement-breakpoint
UPDATE "profiles" p SET "has_photo" = true WHERE EXISTS (SELECT 1 FROM "photos" ph WHERE ph."profile_id" = p."id" AND ph."is_main" AND ph."status" = 'approved');--> statement-breakpoint
CREATE FUNCTION "profiles_sync_account_usable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A profile that loses its account (never in practice; erasing deletes the profile) counts as accountless.
  IF TG_OP <> 'INSERT' AND OLD."profile_id" IS NOT NULL AND (TG_OP = 'DELETE' OR OLD."profile_id" IS DISTINCT FROM NEW."profile_id") THEN
    UPDATE "profiles" SET "account_usable" = true WHERE "id" = OLD."profile_id" AND NOT "account_usable";
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."profile_id" IS NOT NULL THEN
    UPDATE "profiles" SET "account_usable" = (NEW."status" = 'active')
    WHERE "id" = NEW."profile_id" AND "account_usable" IS DISTINCT FROM (NEW."status" = 'active');
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_sync_profile_account_usable" AFTER INSERT OR DELETE OR UPDATE OF "status", "profile_id" ON "users"
  FOR EACH ROW EXECUTE FUNCTION "profiles_sync_account_usable"();--> statement-breakpoint
CREATE FUNCTION "profiles_sync_has_photo"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Statement-level with transition tables: one UPDATE per statement, however many photos it touched.
  IF TG_OP = 'INSERT' THEN
    UPDATE "profiles" p SET "has_photo" = EXISTS (SELECT 1 FROM "photos" ph WHERE ph."profile_id" = p."id" AND ph."is_main" AND ph."status" = 'approved')
    WHERE p."id" IN (SELECT "profile_id" FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "profiles" p SET "has_photo" = EXISTS (SELECT 1 FROM "photos" ph WHERE ph."profile_id" = p."id" AND ph."is_main" AND ph."status" = 'approved')
    WHERE p."id" IN (SELECT "profile_id" FROM old_rows);
  ELSE
    UPDATE "profiles" p SET "has_photo" = EXISTS (SELECT 1 FROM "photos" ph WHERE ph."profile_id" = p."id" AND ph."is_main" AND ph."status" = 'approved')
    WHERE p."id" IN (SELECT "profile_id" FROM new_rows UNION SELECT "profile_id" FROM old_rows);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "photos_sync_profile_has_photo_insert" AFTER INSERT ON "photos"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "profiles_sync_has_photo"();--> statement-breakpoint
CREATE TRIGGER "photos_sync_profile_has_photo_update" AFTER UPDATE ON "photos"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "profiles_sync_has_photo"();--> statement-breakpoint
CREATE TRIGGER "photos_sync_profile_has_photo_delete" AFTER DELETE ON "photos"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "profiles_sync_has_photo"();
