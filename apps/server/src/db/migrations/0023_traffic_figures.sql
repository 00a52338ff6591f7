CREATE TABLE "traffic_daily" (
	"site_id" integer NOT NULL,
	"day" date NOT NULL,
	"landing_page" text NOT NULL,
	"network" text NOT NULL,
	"sub1" text NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"bounces" integer DEFAULT 0 NOT NULL,
	"signups" integer DEFAULT 0 NOT NULL,
	"activations" integer DEFAULT 0 NOT NULL,
	"buyers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "traffic_daily_site_id_day_landing_page_network_sub1_pk" PRIMARY KEY("site_id","day","landing_page","network","sub1")
);
--> statement-breakpoint
CREATE TABLE "traffic_daily_revenue" (
	"site_id" integer NOT NULL,
	"day" date NOT NULL,
	"landing_page" text NOT NULL,
	"network" text NOT NULL,
	"sub1" text NOT NULL,
	"currency" text NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "traffic_daily_revenue_site_id_day_landing_page_network_sub1_currency_pk" PRIMARY KEY("site_id","day","landing_page","network","sub1","currency")
);
--> statement-breakpoint
CREATE TABLE "traffic_members" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"landing_page" text NOT NULL,
	"network" text NOT NULL,
	"sub1" text NOT NULL,
	"signup_day" date NOT NULL,
	"activated_at" timestamp with time zone,
	"first_paid_at" timestamp with time zone,
	CONSTRAINT "traffic_members_landing_page_length" CHECK (char_length("traffic_members"."landing_page") <= 200),
	CONSTRAINT "traffic_members_network_length" CHECK (char_length("traffic_members"."network") <= 200),
	CONSTRAINT "traffic_members_sub1_length" CHECK (char_length("traffic_members"."sub1") <= 200)
);
--> statement-breakpoint
ALTER TABLE "traffic_daily" ADD CONSTRAINT "traffic_daily_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_daily_revenue" ADD CONSTRAINT "traffic_daily_revenue_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_members" ADD CONSTRAINT "traffic_members_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "traffic_daily_day_idx" ON "traffic_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "traffic_daily_revenue_day_idx" ON "traffic_daily_revenue" USING btree ("day");