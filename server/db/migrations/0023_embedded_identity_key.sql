-- The embedded identity provider's people were stored under its address (PUBLIC_URL/oidc), so a data
-- folder started again at another address (localhost -> 127.0.0.1, the desktop app's new port) made
-- every person a second, empty account. From now on they are stored under the fixed issuer key
-- 'embedded' (server/auth/identity.ts). Its subjects are `dev-` and 20 hex digits (dev-users.ts).
-- Where a move already made two rows for one person, the first one (the account they filled before
-- the move) becomes theirs; the later row stays as it is, under its old address.
UPDATE "users" AS u SET "issuer" = 'embedded'
WHERE u."kind" = 'person'
  AND u."issuer" ~ '^https?://.+/oidc$'
  AND u."subject" ~ '^dev-[0-9a-f]{20}$'
  AND NOT EXISTS (SELECT 1 FROM "users" e WHERE e."issuer" = 'embedded' AND e."subject" = u."subject")
  AND u."id" = (
    SELECT o."id" FROM "users" o
    WHERE o."kind" = 'person' AND o."subject" = u."subject" AND o."issuer" ~ '^https?://.+/oidc$'
    ORDER BY o."created_at", o."id"
    LIMIT 1
  );
