CREATE TABLE "catalogue_search_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalogue_products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, regexp_replace(lower(translate("catalogue_products"."brand" || ' ' || "catalogue_products"."model_code", 'İIıŞşĞğÜüÖöÇçÂâÎîÛû', 'iiissgguuooccaaiiuu')), '[^[:alnum:]]+', ' ', 'g')), 'A') || setweight(to_tsvector('simple'::regconfig, "catalogue_products"."search_text"), 'D')) STORED;--> statement-breakpoint
CREATE INDEX "catalogue_search_terms_trgm_idx" ON "catalogue_search_terms" USING gin ("term" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "catalogue_products_search_vector_idx" ON "catalogue_products" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
-- Below: hand-written (decision 012). The lexicon of search terms follows catalogue_products:
-- every word of a new or changed search_text is added (words never used again are left; they only
-- widen a typo's candidates). Terms go in sorted, so concurrent writers take their locks in order.
CREATE FUNCTION catalogue_search_terms_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalogue_search_terms (term)
    SELECT DISTINCT word FROM changed_products, regexp_split_to_table(changed_products.search_text, '\s+') AS word
    WHERE word <> ''
    ORDER BY word
    ON CONFLICT (term) DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER catalogue_products_search_terms_insert
  AFTER INSERT ON catalogue_products
  REFERENCING NEW TABLE AS changed_products
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_search_terms_sync();
--> statement-breakpoint
CREATE TRIGGER catalogue_products_search_terms_update
  AFTER UPDATE ON catalogue_products
  REFERENCING NEW TABLE AS changed_products
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_search_terms_sync();
--> statement-breakpoint
INSERT INTO catalogue_search_terms (term)
  SELECT DISTINCT word FROM catalogue_products, regexp_split_to_table(catalogue_products.search_text, '\s+') AS word
  WHERE word <> ''
  ON CONFLICT (term) DO NOTHING;
--> statement-breakpoint
-- Versions: numbers that move whenever what they stand for changes. The marketplace version moves
-- with every listing and catalogue product (and a seller's public handle, shown on cards); the
-- catalogue version with catalogue products only. Servers keep search matches (catalogue
-- version), counts, facets and pages (marketplace version) in memory stamped with them, and drop
-- them when they move. They are bumped in deferred triggers, i.e. as the writing transaction
-- commits, so a reader can hardly see a new number before the change it stands for.
CREATE SEQUENCE marketplace_version_seq;
--> statement-breakpoint
CREATE SEQUENCE catalogue_version_seq;
--> statement-breakpoint
CREATE FUNCTION bump_versions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sequence_name text;
BEGIN
  FOREACH sequence_name IN ARRAY TG_ARGV LOOP
    PERFORM nextval(sequence_name::regclass);
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER listings_versions
  AFTER INSERT OR UPDATE OR DELETE ON listings
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION bump_versions('marketplace_version_seq');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER catalogue_products_versions
  AFTER INSERT OR UPDATE OR DELETE ON catalogue_products
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION bump_versions('marketplace_version_seq', 'catalogue_version_seq');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER users_versions
  AFTER UPDATE OF public_handle ON users
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.public_handle IS DISTINCT FROM NEW.public_handle)
  EXECUTE FUNCTION bump_versions('marketplace_version_seq');
--> statement-breakpoint
CREATE TRIGGER listings_versions_truncate
  AFTER TRUNCATE ON listings
  FOR EACH STATEMENT EXECUTE FUNCTION bump_versions('marketplace_version_seq');
--> statement-breakpoint
CREATE TRIGGER catalogue_products_versions_truncate
  AFTER TRUNCATE ON catalogue_products
  FOR EACH STATEMENT EXECUTE FUNCTION bump_versions('marketplace_version_seq', 'catalogue_version_seq');
--> statement-breakpoint
-- Browsing: the newest active listings, overall, per category and per product, straight from an index.
CREATE INDEX listings_active_newest_idx ON listings USING btree (created_at DESC, id DESC) WHERE status = 'Aktif';
--> statement-breakpoint
CREATE INDEX listings_active_category_newest_idx ON listings USING btree (kategori, created_at DESC, id DESC) WHERE status = 'Aktif';
--> statement-breakpoint
-- Per product it also carries what counts and facets read, so counting a search's listings reads the index only.
CREATE INDEX listings_active_product_newest_idx ON listings USING btree (product_id, created_at DESC, id DESC)
  INCLUDE (kategori, alt_kategori, marka, price_kurus, discount_percent, stock, is_promoted) WHERE status = 'Aktif';
