-- Data backfill for the public store page (/magaza/:slug): every store account with a public handle
-- gets a slug. Accounts approved through an application already have one; any other store account
-- takes its handle as its slug, unless another account already uses that slug.
UPDATE "users" u
   SET "public_slug" = u."public_handle"
 WHERE u."public_slug" IS NULL
   AND u."public_handle" IS NOT NULL
   AND u."role" <> 'admin'
   AND NOT EXISTS (SELECT 1 FROM "users" o WHERE o."public_slug" = u."public_handle");
