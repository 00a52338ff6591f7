CREATE TABLE "postback_calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"network_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"event" text NOT NULL,
	"url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"answer_status" integer,
	"answer_body" text,
	"created_at" timestamp with time zone NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	CONSTRAINT "postback_calls_event_known" CHECK ("postback_calls"."event" IN ('signup', 'activation', 'purchase')),
	CONSTRAINT "postback_calls_status_known" CHECK ("postback_calls"."status" IN ('pending', 'sent', 'failed')),
	CONSTRAINT "postback_calls_url_length" CHECK (char_length("postback_calls"."url") <= 2000),
	CONSTRAINT "postback_calls_answer_length" CHECK (char_length("postback_calls"."answer_body") <= 500)
);
--> statement-breakpoint
CREATE TABLE "postback_networks" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"network" text NOT NULL,
	"url_template" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "postback_networks_network_length" CHECK (char_length("postback_networks"."network") <= 200),
	CONSTRAINT "postback_networks_url_template_length" CHECK (char_length("postback_networks"."url_template") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "postback_subjects" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"network_id" integer NOT NULL,
	"tracking" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_tiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"target_url" text NOT NULL,
	"image_url" text NOT NULL,
	"countries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "promo_tiles_kind_known" CHECK ("promo_tiles"."kind" IN ('live_cam', 'member_resell')),
	CONSTRAINT "promo_tiles_target_url_length" CHECK (char_length("promo_tiles"."target_url") <= 2000),
	CONSTRAINT "promo_tiles_image_url_length" CHECK (char_length("promo_tiles"."image_url") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "partner_redirects" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"country" text NOT NULL,
	"target_url" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "partner_redirects_country_code" CHECK ("partner_redirects"."country" ~ '^([A-Z]{2}|\*)$'),
	CONSTRAINT "partner_redirects_target_url_length" CHECK (char_length("partner_redirects"."target_url") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "postback_calls" ADD CONSTRAINT "postback_calls_network_id_postback_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."postback_networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postback_networks" ADD CONSTRAINT "postback_networks_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postback_subjects" ADD CONSTRAINT "postback_subjects_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postback_subjects" ADD CONSTRAINT "postback_subjects_network_id_postback_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."postback_networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_tiles" ADD CONSTRAINT "promo_tiles_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_redirects" ADD CONSTRAINT "partner_redirects_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "postback_calls_once_unique" ON "postback_calls" USING btree ("network_id","user_id","event");--> statement-breakpoint
CREATE INDEX "postback_calls_network_created_idx" ON "postback_calls" USING btree ("network_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "postback_networks_site_network_unique" ON "postback_networks" USING btree ("site_id","network");--> statement-breakpoint
CREATE INDEX "postback_subjects_network_idx" ON "postback_subjects" USING btree ("network_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_tiles_site_kind_unique" ON "promo_tiles" USING btree ("site_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_redirects_site_country_unique" ON "partner_redirects" USING btree ("site_id","country");