CREATE TABLE "auto_likes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "like_grants" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_profile_id" integer NOT NULL,
	"given_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "likes" (
	"from_profile_id" integer NOT NULL,
	"to_profile_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone,
	"hidden" boolean DEFAULT false NOT NULL,
	CONSTRAINT "likes_from_profile_id_to_profile_id_pk" PRIMARY KEY("from_profile_id","to_profile_id"),
	CONSTRAINT "likes_not_self" CHECK ("likes"."from_profile_id" <> "likes"."to_profile_id")
);
--> statement-breakpoint
CREATE TABLE "passes" (
	"from_profile_id" integer NOT NULL,
	"to_profile_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "passes_from_profile_id_to_profile_id_pk" PRIMARY KEY("from_profile_id","to_profile_id"),
	CONSTRAINT "passes_not_self" CHECK ("passes"."from_profile_id" <> "passes"."to_profile_id")
);
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "time_zone" text DEFAULT 'Europe/Amsterdam' NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "auto_like" jsonb DEFAULT '{"enabled":true,"max_per_day":2,"min_minutes_between":30,"after_events":["activation"]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "auto_likes" ADD CONSTRAINT "auto_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_likes" ADD CONSTRAINT "auto_likes_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "like_grants" ADD CONSTRAINT "like_grants_from_profile_id_profiles_id_fk" FOREIGN KEY ("from_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_from_profile_id_profiles_id_fk" FOREIGN KEY ("from_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_to_profile_id_profiles_id_fk" FOREIGN KEY ("to_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passes" ADD CONSTRAINT "passes_from_profile_id_profiles_id_fk" FOREIGN KEY ("from_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passes" ADD CONSTRAINT "passes_to_profile_id_profiles_id_fk" FOREIGN KEY ("to_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auto_likes_user_created_idx" ON "auto_likes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "like_grants_from_given_idx" ON "like_grants" USING btree ("from_profile_id","given_at");--> statement-breakpoint
CREATE INDEX "likes_to_me_newest_idx" ON "likes" USING btree ("to_profile_id","created_at" DESC NULLS LAST,"from_profile_id","seen_at") WHERE NOT "likes"."hidden";--> statement-breakpoint
CREATE INDEX "likes_from_me_newest_idx" ON "likes" USING btree ("from_profile_id","created_at" DESC NULLS LAST,"to_profile_id","seen_at") WHERE NOT "likes"."hidden";--> statement-breakpoint
CREATE INDEX "likes_to_profile_idx" ON "likes" USING btree ("to_profile_id");--> statement-breakpoint
CREATE INDEX "passes_to_profile_idx" ON "passes" USING btree ("to_profile_id");--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_time_zone_length" CHECK (char_length("sites"."time_zone") <= 64);--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_auto_like_rules" CHECK (coalesce(jsonb_typeof("sites"."auto_like") = 'object' AND jsonb_typeof("sites"."auto_like" -> 'enabled') = 'boolean' AND CASE WHEN jsonb_typeof("sites"."auto_like" -> 'max_per_day') = 'number' THEN ("sites"."auto_like" ->> 'max_per_day')::numeric >= 0 AND ("sites"."auto_like" ->> 'max_per_day')::numeric = trunc(("sites"."auto_like" ->> 'max_per_day')::numeric) ELSE false END AND CASE WHEN jsonb_typeof("sites"."auto_like" -> 'min_minutes_between') = 'number' THEN ("sites"."auto_like" ->> 'min_minutes_between')::numeric >= 0 AND ("sites"."auto_like" ->> 'min_minutes_between')::numeric = trunc(("sites"."auto_like" ->> 'min_minutes_between')::numeric) ELSE false END AND jsonb_typeof("sites"."auto_like" -> 'after_events') = 'array' AND ("sites"."auto_like" -> 'after_events') <@ '["activation","first_photo"]'::jsonb, false));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_time_zone_length" CHECK (char_length("users"."time_zone") <= 64);