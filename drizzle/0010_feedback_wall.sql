DROP INDEX "feedbacks_created_at_idx";--> statement-breakpoint
DROP INDEX "feedback_comments_feedback_idx";--> statement-breakpoint
ALTER TABLE "feedbacks" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "feedback_comments_user_idx" ON "feedback_comments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "feedbacks_wall_idx" ON "feedbacks" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "feedbacks_user_idx" ON "feedbacks" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "feedback_comments_feedback_idx" ON "feedback_comments" USING btree ("feedback_id","created_at","id");--> statement-breakpoint
ALTER TABLE "feedback_comments" ADD CONSTRAINT "feedback_comments_length" CHECK (char_length("feedback_comments"."text") BETWEEN 1 AND 500);