-- Data backfill for order approval (decision 027): every order paid before approval existed went
-- straight to shipping, so it counts as accepted at its payment time (shipping needs accepted_at).
UPDATE "orders" SET "accepted_at" = "paid_at" WHERE "paid_at" IS NOT NULL AND "accepted_at" IS NULL;
