-- Trigram indexes for Discover search; pg_trgm is a trusted extension (PG 13+), so the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "communities_name_trgm_idx" ON "communities" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "communities_category_created_idx" ON "communities" USING btree ("category","created_at");--> statement-breakpoint
CREATE INDEX "communities_language_created_idx" ON "communities" USING btree ("language","created_at");--> statement-breakpoint
CREATE INDEX "profiles_username_trgm_idx" ON "profiles" USING gin (lower("username") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_full_name_trgm_idx" ON "profiles" USING gin (lower("full_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_category_lower_idx" ON "profiles" USING btree (lower("category"),"created_at");