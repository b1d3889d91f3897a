ALTER TYPE "public"."member_role" ADD VALUE 'admin' BEFORE 'member';--> statement-breakpoint
ALTER TYPE "public"."member_role" ADD VALUE 'moderator' BEFORE 'member';