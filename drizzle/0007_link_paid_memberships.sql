-- Paid memberships from before checkouts were linked: each takes its most recent paid checkout, so a
-- revocation of that subscription ends it and leaving or removal cancels it.
UPDATE "community_members" AS m SET "checkout_id" = c."id"
FROM (
  SELECT DISTINCT ON ("user_id", "community_id") "id", "user_id", "community_id"
  FROM "checkouts" WHERE "status" = 'paid'
  ORDER BY "user_id", "community_id", "paid_at" DESC NULLS LAST
) AS c
WHERE m."user_id" = c."user_id" AND m."community_id" = c."community_id"
  AND m."role" = 'member' AND m."status" = 'approved' AND m."checkout_id" IS NULL;
