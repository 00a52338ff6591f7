CREATE TABLE "notification_preferences" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notification_preferences_user_id_kind_channel_pk" PRIMARY KEY("user_id","kind","channel"),
	CONSTRAINT "notification_preferences_kind_known" CHECK ("notification_preferences"."kind" IN ('new_conversations', 'new_messages', 'like', 'unread_message_reminders', 'promotions', 'weekly_updates', 'news', 'reminders')),
	CONSTRAINT "notification_preferences_channel_known" CHECK ("notification_preferences"."channel" IN ('email', 'push'))
);
--> statement-breakpoint
CREATE TABLE "notification_scans" (
	"source" text PRIMARY KEY NOT NULL,
	"scanned_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_topics" (
	"user_id" integer NOT NULL,
	"topic" text NOT NULL,
	"mailed_up_to" bigint DEFAULT 0 NOT NULL,
	"mailed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notification_topics_user_id_topic_pk" PRIMARY KEY("user_id","topic")
);
--> statement-breakpoint
ALTER TABLE "consents" DROP CONSTRAINT "consents_kind_known";--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_topics" ADD CONSTRAINT "notification_topics_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_topics_mailed_at_idx" ON "notification_topics" USING btree ("mailed_at");--> statement-breakpoint
CREATE INDEX "likes_created_at_idx" ON "likes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "messages_created_at_idx" ON "messages" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_kind_known" CHECK ("consents"."kind" IN ('terms', 'orientation_data', 'ad_tracking', 'marketing_mail'));