-- Community search (issue 24). search_normalize folds what Arabic writers vary: it drops the
-- diacritics (tashkeel U+064B-065F, the superscript alef U+0670, Quranic marks U+06D6-06ED) and the
-- tatweel (U+0640), writes the alef forms أ إ آ ٱ as ا, alef maqsura ى as ي and ta marbuta ة as ه, and
-- lower-cases. search_vector indexes normalised text twice: 'english' stems (running -> run) and
-- 'simple' words (Arabic, names). Both are IMMUTABLE, as generated columns and indexes need; queries
-- go through the same search_normalize (packages/api/src/search/query.ts). search_vector names it with its
-- schema: a restore (pg_restore) runs with an empty search_path.
CREATE OR REPLACE FUNCTION search_normalize(input text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT lower(translate(regexp_replace(input, '[\u064B-\u065F\u0670\u06D6-\u06ED\u0640]', '', 'g'), 'أإآٱىة', 'اااايه')) $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_vector(input text) RETURNS tsvector
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT to_tsvector('english'::regconfig, public.search_normalize(input)) || to_tsvector('simple'::regconfig, public.search_normalize(input)) $$;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (search_vector(coalesce("title", '') || ' ' || coalesce("description", ''))) STORED;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "search_title" "tsvector" GENERATED ALWAYS AS (search_vector(coalesce("title", ''))) STORED;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "search_content" "tsvector" GENERATED ALWAYS AS (search_vector(coalesce("content", ''))) STORED;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (search_vector(coalesce("full_name", '') || ' ' || coalesce("username", ''))) STORED;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (search_vector(coalesce("content", ''))) STORED;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (search_vector(coalesce("content", ''))) STORED;--> statement-breakpoint
ALTER TABLE "poll_options" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (search_vector(coalesce("label", ''))) STORED;--> statement-breakpoint
CREATE INDEX "courses_search_idx" ON "courses" USING gin ("search");--> statement-breakpoint
CREATE INDEX "lessons_search_title_idx" ON "lessons" USING gin ("search_title");--> statement-breakpoint
CREATE INDEX "lessons_search_content_idx" ON "lessons" USING gin ("search_content");--> statement-breakpoint
CREATE INDEX "profiles_search_idx" ON "profiles" USING gin ("search");--> statement-breakpoint
CREATE INDEX "comments_search_idx" ON "comments" USING gin ("search");--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search");--> statement-breakpoint
CREATE INDEX "poll_options_search_idx" ON "poll_options" USING gin ("search");