CREATE TABLE "page_visits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"token" text NOT NULL,
	"path" text NOT NULL,
	"network" text,
	"ref" text,
	"sub1" text,
	"sub2" text,
	"sub3" text,
	"started_at" timestamp with time zone NOT NULL,
	"hidden_at" timestamp with time zone,
	CONSTRAINT "page_visits_path_length" CHECK (char_length("page_visits"."path") <= 200),
	CONSTRAINT "page_visits_network_length" CHECK (char_length("page_visits"."network") <= 200),
	CONSTRAINT "page_visits_ref_length" CHECK (char_length("page_visits"."ref") <= 200),
	CONSTRAINT "page_visits_sub1_length" CHECK (char_length("page_visits"."sub1") <= 200),
	CONSTRAINT "page_visits_sub2_length" CHECK (char_length("page_visits"."sub2") <= 200),
	CONSTRAINT "page_visits_sub3_length" CHECK (char_length("page_visits"."sub3") <= 200)
);
--> statement-breakpoint
ALTER TABLE "page_visits" ADD CONSTRAINT "page_visits_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "page_visits_token_idx" ON "page_visits" USING btree ("token");--> statement-breakpoint
CREATE INDEX "page_visits_site_started_idx" ON "page_visits" USING btree ("site_id","started_at");