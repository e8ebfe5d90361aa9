import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../../../test/db.ts';
import { createUser } from '../../../test/factories.ts';
import { findActiveAdminIds, findUserContacts } from './user-contacts.ts';

describeEachDatabase('who to tell', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('finds every admin who is not banned, and no one else', async () => {
    const admin = await createUser(database.db, { role: 'admin' });
    const banned = await createUser(database.db, { role: 'admin', banned: true });
    const owner = await createUser(database.db, { role: 'store_owner' });
    const ids = await findActiveAdminIds(database.db);
    expect(ids).toContain(admin.id);
    expect(ids).not.toContain(banned.id);
    expect(ids).not.toContain(owner.id);
  });

  it('gives the name, e-mail and handle of the asked accounts only', async () => {
    const seller = await createUser(database.db, { name: 'Şule Optik', publicHandle: 'sule-optik' });
    const buyer = await createUser(database.db, { name: 'Can Gözlük' });
    await createUser(database.db);
    const contacts = await findUserContacts(database.db, [seller.id, buyer.id]);
    expect(contacts.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { id: buyer.id, email: buyer.email, name: 'Can Gözlük', handle: null },
      { id: seller.id, email: seller.email, name: 'Şule Optik', handle: 'sule-optik' },
    ]);
    expect(await findUserContacts(database.db, [])).toEqual([]);
  });
});
