CREATE TABLE "app_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"kvk" text NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"tradenames" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"vat_numbers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"support_phone" text NOT NULL,
	"delete_discount" integer DEFAULT 0 NOT NULL,
	"added" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"filename" text NOT NULL,
	"thumb_filename" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_interests" (
	"profile_id" integer NOT NULL,
	"interest_id" text NOT NULL,
	CONSTRAINT "profile_interests_profile_id_interest_id_pk" PRIMARY KEY("profile_id","interest_id")
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"seed_key" text,
	"name" text NOT NULL,
	"gender" text NOT NULL,
	"sexuality" text NOT NULL,
	"birth_date" date NOT NULL,
	"country" text NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"hair_color" text,
	"eye_color" text,
	"body_type" text,
	"relationship_status" text,
	"tattoos" text,
	"signup_reason" text,
	"about" text DEFAULT '' NOT NULL,
	"is_fictional" boolean DEFAULT false NOT NULL,
	"is_invisible" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"logo_text" text DEFAULT '' NOT NULL,
	"theme_color" text DEFAULT '#d63384' NOT NULL,
	"domain_language" text DEFAULT 'en' NOT NULL,
	"cdn_prefix" text DEFAULT '/photos/' NOT NULL,
	"index_title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"countries" jsonb NOT NULL,
	"visible_profile_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"visible_profile_notes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"signups" text DEFAULT 'all' NOT NULL,
	"logged_out_search" text DEFAULT 'none' NOT NULL,
	"logged_out_search_trafficsource" text DEFAULT 'none' NOT NULL,
	"enable_site_entry_popup" text DEFAULT 'yes' NOT NULL,
	"site_entry_popup_countries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"minimum_message_costs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"message_credits" integer DEFAULT 10 NOT NULL,
	"signup_credits" integer DEFAULT 0 NOT NULL,
	"photo_credits" integer DEFAULT 0 NOT NULL,
	"gift_credits" integer DEFAULT 0 NOT NULL,
	"message_length" integer DEFAULT 1000 NOT NULL,
	"minimum_age" integer DEFAULT 18 NOT NULL,
	"support_phone" text DEFAULT '' NOT NULL,
	"support_email" text NOT NULL,
	"search_fields" jsonb DEFAULT '["gender","country","countryregion","min_age","max_age"]'::jsonb NOT NULL,
	"fictional_warning" jsonb NOT NULL,
	"fictional_singular" jsonb NOT NULL,
	"fictional_plural" jsonb NOT NULL,
	"fictional_icon" text DEFAULT '🎭' NOT NULL,
	"refund_days" integer DEFAULT 14 NOT NULL,
	"member_resell" boolean DEFAULT false NOT NULL,
	"show_all_languages" boolean DEFAULT false NOT NULL,
	"hide_locale_dropdown" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_interests" ADD CONSTRAINT "profile_interests_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photos_profile_idx" ON "photos" USING btree ("profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_seed_key_unique" ON "profiles" USING btree ("seed_key");--> statement-breakpoint
CREATE INDEX "profiles_search_idx" ON "profiles" USING btree ("country","gender","birth_date");--> statement-breakpoint
CREATE UNIQUE INDEX "sites_domain_unique" ON "sites" USING btree ("domain");--> statement-breakpoint
CREATE UNIQUE INDEX "sites_one_default" ON "sites" USING btree ("is_default") WHERE "sites"."is_default";