CREATE TYPE "public"."email_digest" AS ENUM('daily', 'weekly', 'off');--> statement-breakpoint
CREATE TABLE "emails_sent" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "notification_outbox_due_idx";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "emailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "email_digest" "email_digest" DEFAULT 'weekly' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "interface_language" text;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD COLUMN "max_attempts" integer;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD COLUMN "dead_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "emails_sent" ADD CONSTRAINT "emails_sent_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "emails_sent_user_idx" ON "emails_sent" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_unemailed_idx" ON "messages" USING btree ("created_at") WHERE "messages"."read_at" IS NULL AND "messages"."emailed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "notification_outbox_due_idx" ON "notification_outbox" USING btree ("next_attempt_at") WHERE "notification_outbox"."delivered_at" IS NULL AND "notification_outbox"."dead_at" IS NULL;