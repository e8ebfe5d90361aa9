-- A listing's state in a marketplace announcement (migration 0033) also carries a short digest of
-- the columns that change only its product's card and not where it is shown: seller, picture and
-- thumbnail (an array, so a key moving from one column to the other changes it too). A server may then patch a cached page for a change it can fully read (units in stock)
-- instead of dropping it, and still drops it when the digest moves (decision 012, amended
-- 2026-11-30).
CREATE OR REPLACE FUNCTION marketplace_listing_state(l listings) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_array(l.id, l.product_id, l.status, l.miad, l.kategori, l.alt_kategori, l.marka,
    l.price_kurus, l.discount_percent, l.stock, l.is_promoted, (extract(epoch FROM l.created_at) * 1000)::bigint,
    left(md5(jsonb_build_array(l.seller_id, l.image_key, l.thumbnail_key)::text), 8))
$$;
