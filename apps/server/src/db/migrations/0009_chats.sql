CREATE TABLE "conversation_members" (
	"conversation_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"delivered_up_to" bigint DEFAULT 0 NOT NULL,
	"read_up_to" bigint DEFAULT 0 NOT NULL,
	"removed_up_to" bigint DEFAULT 0 NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"draft" text,
	CONSTRAINT "conversation_members_conversation_id_profile_id_pk" PRIMARY KEY("conversation_id","profile_id"),
	CONSTRAINT "conversation_members_delivered_not_negative" CHECK ("conversation_members"."delivered_up_to" >= 0),
	CONSTRAINT "conversation_members_read_not_negative" CHECK ("conversation_members"."read_up_to" >= 0),
	CONSTRAINT "conversation_members_removed_not_negative" CHECK ("conversation_members"."removed_up_to" >= 0),
	CONSTRAINT "conversation_members_draft_length" CHECK (char_length("conversation_members"."draft") <= 5000)
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"low_profile_id" integer NOT NULL,
	"high_profile_id" integer NOT NULL,
	"started_by_profile_id" integer NOT NULL,
	"last_message_id" bigint DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone,
	"awaiting_staff_since" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "conversations_pair_ordered" CHECK ("conversations"."low_profile_id" < "conversations"."high_profile_id"),
	CONSTRAINT "conversations_started_by_member" CHECK ("conversations"."started_by_profile_id" IN ("conversations"."low_profile_id", "conversations"."high_profile_id")),
	CONSTRAINT "conversations_last_message_id_not_negative" CHECK ("conversations"."last_message_id" >= 0)
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"sender_profile_id" integer NOT NULL,
	"kind" text NOT NULL,
	"body" text,
	"gift" text,
	"image_key" text,
	"image_width" integer,
	"image_height" integer,
	"client_id" text,
	"credits" integer DEFAULT 0 NOT NULL,
	"staff_user_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "messages_kind_known" CHECK ("messages"."kind" IN ('text', 'image', 'gift')),
	CONSTRAINT "messages_gift_known" CHECK ("messages"."gift" IN ('rose', 'bouquet', 'sunflower', 'chocolate', 'cake', 'ice_cream', 'cherries', 'coffee', 'wine', 'champagne', 'teddy_bear', 'love_letter', 'kiss', 'star', 'present', 'ring')),
	CONSTRAINT "messages_body_length" CHECK (char_length("messages"."body") <= 5000),
	CONSTRAINT "messages_credits_not_negative" CHECK ("messages"."credits" >= 0),
	CONSTRAINT "messages_kind_content" CHECK (("messages"."kind" = 'text' AND "messages"."body" IS NOT NULL AND "messages"."gift" IS NULL AND "messages"."image_key" IS NULL)
        OR ("messages"."kind" = 'gift' AND "messages"."gift" IS NOT NULL AND "messages"."body" IS NULL AND "messages"."image_key" IS NULL)
        OR ("messages"."kind" = 'image' AND "messages"."image_key" IS NOT NULL AND "messages"."body" IS NULL AND "messages"."gift" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "message_id" bigint;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "message_text" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "chat_history_days" integer DEFAULT 180 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_low_profile_id_profiles_id_fk" FOREIGN KEY ("low_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_high_profile_id_profiles_id_fk" FOREIGN KEY ("high_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_profile_id_profiles_id_fk" FOREIGN KEY ("sender_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_members_profile_idx" ON "conversation_members" USING btree ("profile_id","conversation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_pair_unique" ON "conversations" USING btree ("low_profile_id","high_profile_id");--> statement-breakpoint
CREATE INDEX "conversations_high_profile_idx" ON "conversations" USING btree ("high_profile_id");--> statement-breakpoint
CREATE INDEX "conversations_started_by_idx" ON "conversations" USING btree ("started_by_profile_id");--> statement-breakpoint
CREATE INDEX "conversations_awaiting_staff_idx" ON "conversations" USING btree ("awaiting_staff_since") WHERE "conversations"."awaiting_staff_since" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "messages_conversation_id_idx" ON "messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_sender_client_id_unique" ON "messages" USING btree ("sender_profile_id","client_id");--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_chat_history_days_range" CHECK ("sites"."chat_history_days" BETWEEN 1 AND 3650);