CREATE TABLE "comment_likes" (
	"comment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_likes_comment_id_user_id_pk" PRIMARY KEY("comment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "member_points" (
	"community_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"points_7d" integer DEFAULT 0 NOT NULL,
	"points_30d" integer DEFAULT 0 NOT NULL,
	"window_day" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_points_community_id_user_id_pk" PRIMARY KEY("community_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "member_points_daily" (
	"community_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "member_points_daily_community_id_user_id_day_pk" PRIMARY KEY("community_id","user_id","day")
);
--> statement-breakpoint
ALTER TABLE "comment_likes" ADD CONSTRAINT "comment_likes_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_likes" ADD CONSTRAINT "comment_likes_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_points" ADD CONSTRAINT "member_points_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_points" ADD CONSTRAINT "member_points_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_points_daily" ADD CONSTRAINT "member_points_daily_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_points_daily" ADD CONSTRAINT "member_points_daily_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comment_likes_user_idx" ON "comment_likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "member_points_board_idx" ON "member_points" USING btree ("community_id","points" DESC);--> statement-breakpoint
CREATE INDEX "member_points_board_7d_idx" ON "member_points" USING btree ("community_id","points_7d" DESC);--> statement-breakpoint
CREATE INDEX "member_points_board_30d_idx" ON "member_points" USING btree ("community_id","points_30d" DESC);--> statement-breakpoint
CREATE INDEX "member_points_windows_idx" ON "member_points" USING btree ("community_id","window_day") WHERE "member_points"."window_day" IS NULL OR "member_points"."points_7d" <> 0 OR "member_points"."points_30d" <> 0;--> statement-breakpoint
-- Points for the likes given before points existed: one per like from someone else, on the day it was given (UTC).
INSERT INTO "member_points_daily" ("community_id", "user_id", "day", "points")
SELECT p."community_id", p."user_id", (l."created_at" AT TIME ZONE 'UTC')::date, count(*)::int
FROM "post_likes" l JOIN "posts" p ON p."id" = l."post_id"
WHERE l."user_id" <> p."user_id"
GROUP BY 1, 2, 3;--> statement-breakpoint
-- Their totals; the 7- and 30-day windows are counted on the first read of a board (window_day is null).
INSERT INTO "member_points" ("community_id", "user_id", "points")
SELECT "community_id", "user_id", sum("points")::int FROM "member_points_daily" GROUP BY 1, 2;
