ALTER TABLE "messages" ALTER COLUMN "content" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "key_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" DROP COLUMN "image_url";--> statement-breakpoint
ALTER TABLE "messages" DROP COLUMN "document_url";