ALTER TABLE "comments" DROP CONSTRAINT "comments_length";--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_length" CHECK (char_length("comments"."content") BETWEEN 1 AND 2150 OR ("comments"."deleted_at" IS NOT NULL AND "comments"."content" = ''));