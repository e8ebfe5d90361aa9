import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client.ts';

export interface PublicProductRow {
  id: string;
  updated_at: Date | string;
}

/** Approved catalogue products with at least one active listing: the product pages worth crawling. */
export function findPublicProducts(db: Db, limit: number): Promise<PublicProductRow[]> {
  return selectRows<PublicProductRow>(
    db,
    sql`select p.id, p.updated_at from catalogue_products p
        where p.status = 'approved'
          and exists (select 1 from listings l where l.product_id = p.id and l.status = 'Aktif')
        order by p.updated_at desc, p.id
        limit ${limit}`,
  );
}
