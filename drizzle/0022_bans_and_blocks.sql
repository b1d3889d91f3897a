CREATE TYPE "public"."join_wait_reason" AS ENUM('declined', 'removed');--> statement-breakpoint
CREATE TABLE "person_blocks" (
	"blocker_id" uuid NOT NULL,
	"blocked_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "person_blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id")
);
--> statement-breakpoint
ALTER TABLE "community_bans" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "join_declines" ADD COLUMN "reason" "join_wait_reason" DEFAULT 'declined' NOT NULL;--> statement-breakpoint
ALTER TABLE "person_blocks" ADD CONSTRAINT "person_blocks_blocker_id_profiles_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_blocks" ADD CONSTRAINT "person_blocks_blocked_id_profiles_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "person_blocks_blocked_idx" ON "person_blocks" USING btree ("blocked_id");--> statement-breakpoint
CREATE INDEX "community_bans_list_idx" ON "community_bans" USING btree ("community_id","created_at");