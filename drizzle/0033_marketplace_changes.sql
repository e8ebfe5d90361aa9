-- Marketplace changes announced per listing (decision 012, amended 2026-11-29). Instead of one
-- version that empties every server's caches, each committed change of what the buying side shows
-- is announced on the optistok_marketplace channel with the listings' state before and after, so
-- a server drops only the cached results that change could touch. Every announcement draws the
-- next marketplace_version_seq number and carries it: a server that reads a number it has not
-- heard yet knows an announcement is on its way and waits for it.
--
-- A listing's state as the cached results read it: what decides whether it is shown, where, in
-- which order and at which price. seller_id, image_key and thumbnail_key change only the cards of
-- its product, so they are announced (see below) but not carried.
CREATE FUNCTION marketplace_listing_state(l listings) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_array(l.id, l.product_id, l.status, l.miad, l.kategori, l.alt_kategori, l.marka,
    l.price_kurus, l.discount_percent, l.stock, l.is_promoted, (extract(epoch FROM l.created_at) * 1000)::bigint)
$$;
--> statement-breakpoint
-- Collects a statement's changed listings into the transaction's pending announcement (a
-- transaction-local setting: a rolled-back savepoint takes its part back with it). Past 16 changes
-- the announcement becomes 'all' (every cached result is dropped): a bulk write is rare, and one
-- NOTIFY holds at most 8,000 bytes.
CREATE FUNCTION collect_listing_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pending text := coalesce(current_setting('optistok.marketplace_changes', true), '');
  found jsonb;
BEGIN
  IF pending IN ('all', 'sent-all') THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(c.x) INTO found
      FROM (SELECT jsonb_build_array(NULL, marketplace_listing_state(n)) AS x FROM new_rows n LIMIT 17) c;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(c.x) INTO found
      FROM (SELECT jsonb_build_array(marketplace_listing_state(o), NULL) AS x FROM old_rows o LIMIT 17) c;
  ELSE
    SELECT jsonb_agg(c.x) INTO found
      FROM (SELECT jsonb_build_array(marketplace_listing_state(o), marketplace_listing_state(n)) AS x
              FROM old_rows o JOIN new_rows n ON n.id = o.id
             WHERE (o.status, o.miad, o.product_id, o.kategori, o.alt_kategori, o.marka, o.price_kurus,
                    o.discount_percent, o.stock, o.is_promoted, o.created_at, o.seller_id, o.image_key, o.thumbnail_key)
                   IS DISTINCT FROM
                   (n.status, n.miad, n.product_id, n.kategori, n.alt_kategori, n.marka, n.price_kurus,
                    n.discount_percent, n.stock, n.is_promoted, n.created_at, n.seller_id, n.image_key, n.thumbnail_key)
             LIMIT 17) c;
  END IF;
  IF found IS NULL THEN
    RETURN NULL;
  END IF;
  found := coalesce(nullif(pending, '')::jsonb, '[]'::jsonb) || found;
  PERFORM set_config('optistok.marketplace_changes',
    CASE WHEN jsonb_array_length(found) > 16 THEN 'all' ELSE found::text END, true);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Sends the pending announcement once per transaction, as it commits (the NOTIFY is delivered only
-- if it does). With the argument 'all' (catalogue products, truncation) the
-- announcement says that anything may have changed; further arguments are sequences to move too.
CREATE FUNCTION announce_marketplace_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pending text := coalesce(current_setting('optistok.marketplace_changes', true), '');
  version bigint;
  payload text;
BEGIN
  FOR i IN 1 .. TG_NARGS - 1 LOOP
    PERFORM nextval(TG_ARGV[i]::regclass);
  END LOOP;
  IF pending = 'sent-all' THEN
    RETURN NULL;
  END IF;
  IF TG_NARGS > 0 AND TG_ARGV[0] = 'all' THEN
    pending := 'all';
  END IF;
  IF pending = '' THEN
    RETURN NULL;
  END IF;
  version := nextval('marketplace_version_seq');
  payload := json_build_object('v', version, 'c', CASE WHEN pending = 'all' THEN NULL ELSE pending::json END)::text;
  IF octet_length(payload) > 7900 THEN
    payload := json_build_object('v', version, 'c', NULL)::text;
  END IF;
  PERFORM pg_notify('optistok_marketplace', payload);
  PERFORM set_config('optistok.marketplace_changes', CASE WHEN pending = 'all' THEN 'sent-all' ELSE '' END, true);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER listings_versions ON listings;
--> statement-breakpoint
DROP TRIGGER listings_versions_truncate ON listings;
--> statement-breakpoint
DROP TRIGGER catalogue_products_versions ON catalogue_products;
--> statement-breakpoint
DROP TRIGGER catalogue_products_versions_truncate ON catalogue_products;
--> statement-breakpoint
-- A seller's handle is on no cached result since decision 016 (cards are per product), so its
-- change no longer moves anything.
DROP TRIGGER users_versions ON users;
--> statement-breakpoint
CREATE TRIGGER listings_changes_insert
  AFTER INSERT ON listings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION collect_listing_changes();
--> statement-breakpoint
CREATE TRIGGER listings_changes_update
  AFTER UPDATE ON listings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION collect_listing_changes();
--> statement-breakpoint
CREATE TRIGGER listings_changes_delete
  AFTER DELETE ON listings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION collect_listing_changes();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER listings_changes_announce
  AFTER INSERT OR UPDATE OR DELETE ON listings
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION announce_marketplace_changes();
--> statement-breakpoint
CREATE TRIGGER listings_changes_truncate
  AFTER TRUNCATE ON listings
  FOR EACH STATEMENT EXECUTE FUNCTION announce_marketplace_changes('all');
--> statement-breakpoint
-- The catalogue version still moves with every catalogue product (it stamps the search matches).
CREATE CONSTRAINT TRIGGER catalogue_products_changes_announce
  AFTER INSERT OR UPDATE OR DELETE ON catalogue_products
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION announce_marketplace_changes('all', 'catalogue_version_seq');
--> statement-breakpoint
CREATE TRIGGER catalogue_products_changes_truncate
  AFTER TRUNCATE ON catalogue_products
  FOR EACH STATEMENT EXECUTE FUNCTION announce_marketplace_changes('all', 'catalogue_version_seq');
--> statement-breakpoint
DROP FUNCTION bump_versions();
