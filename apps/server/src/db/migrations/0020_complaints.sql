CREATE TABLE "complaints" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"user_id" integer,
	"topic" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"text" text NOT NULL,
	"locale" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_by" integer,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "complaints_status_known" CHECK ("complaints"."status" IN ('open', 'answered')),
	CONSTRAINT "complaints_topic_known" CHECK ("complaints"."topic" IN ('billing', 'profile', 'privacy', 'service', 'other')),
	CONSTRAINT "complaints_text_length" CHECK (char_length("complaints"."text") <= 4000),
	CONSTRAINT "complaints_name_length" CHECK (char_length("complaints"."name") <= 100),
	CONSTRAINT "complaints_email_length" CHECK (char_length("complaints"."email") <= 254),
	CONSTRAINT "complaints_note_length" CHECK (char_length("complaints"."note") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaints_status_created_idx" ON "complaints" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "complaints_user_idx" ON "complaints" USING btree ("user_id");