-- Written by hand (drizzle-kit does not model extensions): earthdistance (with cube) gives
-- ll_to_earth and earth_distance for the location index and the distance sort (decision 036).
-- Both are trusted extensions, so a database owner who is not a superuser may create them.
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
CREATE TABLE "member_presence" (
	"user_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"process_id" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_presence_user_id_process_id_pk" PRIMARY KEY("user_id","process_id")
);
--> statement-breakpoint
DROP INDEX "profiles_search_idx";--> statement-breakpoint
DROP INDEX "profiles_search_region_idx";--> statement-breakpoint
DROP INDEX "profiles_search_site_idx";--> statement-breakpoint
DROP INDEX "profiles_search_order_idx";--> statement-breakpoint
DROP INDEX "profiles_search_site_order_idx";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "seeking" text GENERATED ALWAYS AS (CASE WHEN looking_for_gender IS NOT NULL THEN looking_for_gender WHEN gender IS NULL OR sexuality IS NULL OR sexuality = 'bi' THEN 'both' WHEN sexuality = 'hetero' THEN (CASE WHEN gender = 'male' THEN 'female' ELSE 'male' END) ELSE gender END) STORED;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "hide_activity" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "member_presence" ADD CONSTRAINT "member_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_presence" ADD CONSTRAINT "member_presence_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_presence_profile_idx" ON "member_presence" USING btree ("profile_id","seen_at");--> statement-breakpoint
CREATE INDEX "member_presence_process_idx" ON "member_presence" USING btree ("process_id");--> statement-breakpoint
CREATE INDEX "profiles_location_idx" ON "profiles" USING gist (ll_to_earth("latitude", "longitude")) WHERE searchable AND latitude IS NOT NULL;--> statement-breakpoint
CREATE INDEX "profiles_nearby_idx" ON "profiles" USING btree ("site_id","seeking","gender",(("birth_date" - '1900-01-01'::date) / 1826),floor(("latitude" + 90::float8) * 11.132::float8),"longitude","latitude","birth_date","is_fictional","has_photo","country","id") WHERE searchable AND latitude IS NOT NULL;--> statement-breakpoint
CREATE INDEX "profiles_unlocated_idx" ON "profiles" USING btree ("site_id","has_photo","id","country","gender","seeking","birth_date") WHERE searchable AND latitude IS NULL;--> statement-breakpoint
CREATE INDEX "profiles_search_idx" ON "profiles" USING btree ("site_id","country","gender","birth_date","seeking","has_photo","id") WHERE searchable;--> statement-breakpoint
CREATE INDEX "profiles_search_region_idx" ON "profiles" USING btree ("site_id","country","region","gender","birth_date","seeking","has_photo","id") WHERE searchable;--> statement-breakpoint
CREATE INDEX "profiles_search_site_idx" ON "profiles" USING btree ("site_id","gender","birth_date","seeking","has_photo","id") WHERE searchable;--> statement-breakpoint
CREATE INDEX "profiles_search_order_idx" ON "profiles" USING btree ("site_id","country","has_photo","id","gender","birth_date","seeking") WHERE searchable;--> statement-breakpoint
CREATE INDEX "profiles_search_site_order_idx" ON "profiles" USING btree ("site_id","has_photo","id","gender","birth_date","seeking") WHERE searchable;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_location_range" CHECK (("profiles"."latitude" IS NULL) = ("profiles"."longitude" IS NULL) AND "profiles"."latitude" BETWEEN -90 AND 90 AND "profiles"."longitude" BETWEEN -180 AND 180);--> statement-breakpoint
-- Written by hand: whom a member looks for reveals their orientation (GDPR art. 9, decision 036),
-- so it stays stored only for members whose orientation consent stands.
UPDATE "profiles" p SET "looking_for_gender" = NULL
WHERE p."looking_for_gender" IS NOT NULL
  AND EXISTS (SELECT 1 FROM "users" u WHERE u."profile_id" = p."id")
  AND NOT EXISTS (SELECT 1 FROM "users" u JOIN "consents" c ON c."user_id" = u."id"
    WHERE u."profile_id" = p."id" AND c."kind" = 'orientation_data' AND c."revoked_at" IS NULL);