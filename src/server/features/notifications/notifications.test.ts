import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { tradingMessages } from '#shared/messages/trading.tr.ts';
import { NOTIFICATION_PAGE_SIZE, type NotificationList, type NotificationPage } from '#shared/schemas/notifications.ts';
import { describeEachDatabase } from '../../../../test/db.ts';
import { useTestApp, type TestAppHandle } from '../../../../test/app.ts';
import { callApi, createNotificationFixture, createUser, signIn } from '../../../../test/factories.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { notify } from './notifications.service.ts';

async function member(t: TestAppHandle) {
  const user = await createUser(t.database.db);
  return { id: user.id, cookie: await signIn(t, user) };
}

async function bell(t: TestAppHandle, cookie: string): Promise<NotificationList> {
  const res = await callApi(t, 'GET', '/api/notifications', { cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describeEachDatabase('notifications', (kind) => {
  const t = useTestApp(kind);
  beforeEach(() => t.clock.reset());

  it('lists the member’s own notifications newest first with the unread count, written through notify()', async () => {
    const user = await member(t);
    const other = await member(t);
    const base = t.clock.now().getTime() - 3_600_000;
    await notify(
      t.database.db,
      [
        {
          userId: user.id,
          type: 'order_new',
          title: 'Yeni sipariş',
          message: 'OS-2026-000001',
          relatedId: 'x',
          actionUrl: '/yonetim?tab=orders',
          actionText: 'Siparişe Git',
        },
      ],
      new Date(base),
    );
    await notify(
      t.database.db,
      [{ userId: user.id, type: 'payment_received', title: 'Ödemeniz alındı', message: 'm' }],
      new Date(base + 60_000),
    );
    await createNotificationFixture(t.database.db, other.id);

    const list = await bell(t, user.cookie);
    expect(list.unreadCount).toBe(2);
    expect(list.notifications.map((n) => n.type)).toEqual(['payment_received', 'order_new']);
    expect(list.notifications[1]).toEqual({
      id: expect.any(String),
      type: 'order_new',
      title: 'Yeni sipariş',
      message: 'OS-2026-000001',
      timestamp: new Date(base).toISOString(),
      isRead: false,
      actionUrl: '/yonetim?tab=orders',
      actionText: 'Siparişe Git',
    });
    expect(list.notifications[0]).toMatchObject({ actionUrl: null, actionText: null });
  });

  it('shows the newest 50 but counts every unread one', async () => {
    const user = await member(t);
    const base = t.clock.now().getTime() - 100 * 60_000;
    await t.database.db.insert(notifications).values(
      Array.from({ length: 55 }, (_, i) => ({
        userId: user.id,
        type: 'order_new',
        title: `B${i}`,
        message: 'm',
        createdAt: new Date(base + i * 60_000),
      })),
    );
    const list = await bell(t, user.cookie);
    expect(list.notifications).toHaveLength(50);
    expect(list.notifications[0].title).toBe('B54');
    expect(list.notifications[49].title).toBe('B5');
    expect(list.unreadCount).toBe(55);
  });

  it('marks one read (twice is fine), then all read', async () => {
    const user = await member(t);
    const a = await createNotificationFixture(t.database.db, user.id);
    await createNotificationFixture(t.database.db, user.id);
    await createNotificationFixture(t.database.db, user.id);

    const res = await callApi(t, 'POST', `/api/notifications/${a.id}/read`, { cookie: user.cookie });
    expect(res.statusCode, res.body).toBe(204);
    expect((await callApi(t, 'POST', `/api/notifications/${a.id}/read`, { cookie: user.cookie })).statusCode).toBe(204);
    let list = await bell(t, user.cookie);
    expect(list.unreadCount).toBe(2);
    expect(list.notifications.find((n) => n.id === a.id)?.isRead).toBe(true);

    expect((await callApi(t, 'POST', '/api/notifications/read-all', { cookie: user.cookie })).statusCode).toBe(204);
    list = await bell(t, user.cookie);
    expect(list.unreadCount).toBe(0);
    expect(list.notifications.every((n) => n.isRead)).toBe(true);
  });

  it('read-all leaves other members’ notifications unread', async () => {
    const user = await member(t);
    const other = await member(t);
    await createNotificationFixture(t.database.db, other.id);
    await callApi(t, 'POST', '/api/notifications/read-all', { cookie: user.cookie });
    expect((await bell(t, other.cookie)).unreadCount).toBe(1);
  });

  it('dismisses one: it leaves the bell and the unread count', async () => {
    const user = await member(t);
    const a = await createNotificationFixture(t.database.db, user.id);
    const b = await createNotificationFixture(t.database.db, user.id);
    const res = await callApi(t, 'POST', `/api/notifications/${a.id}/dismiss`, { cookie: user.cookie });
    expect(res.statusCode, res.body).toBe(204);
    expect((await callApi(t, 'POST', `/api/notifications/${a.id}/dismiss`, { cookie: user.cookie })).statusCode).toBe(
      204,
    );
    const list = await bell(t, user.cookie);
    expect(list.notifications.map((n) => n.id)).toEqual([b.id]);
    expect(list.unreadCount).toBe(1);
    const [stored] = await t.database.db.select().from(notifications).where(eq(notifications.id, a.id));
    expect(stored.dismissedAt).not.toBeNull();
  });

  describe('another member’s notification', () => {
    it('answers 404 to read and dismiss, the same as an unknown one, and stays untouched', async () => {
      const owner = await member(t);
      const stranger = await member(t);
      const n = await createNotificationFixture(t.database.db, owner.id);
      const unknown = await callApi(t, 'POST', '/api/notifications/7d1c2b0e-4f7a-4c39-9a55-2f1d7f0c9e11/read', {
        cookie: stranger.cookie,
      });
      for (const verb of ['read', 'dismiss']) {
        const res = await callApi(t, 'POST', `/api/notifications/${n.id}/${verb}`, { cookie: stranger.cookie });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(unknown.json());
        expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: tradingMessages.notifications.notFound } });
      }
      const [stored] = await t.database.db.select().from(notifications).where(eq(notifications.id, n.id));
      expect(stored.readAt).toBeNull();
      expect(stored.dismissedAt).toBeNull();
    });

    it('is never listed', async () => {
      const owner = await member(t);
      const stranger = await member(t);
      await createNotificationFixture(t.database.db, owner.id);
      expect(await bell(t, stranger.cookie)).toEqual({ notifications: [], unreadCount: 0 });
    });
  });

  describe('/bildirimler: GET /api/notifications/page', () => {
    async function page(cookie: string, query: string): Promise<NotificationPage> {
      const res = await callApi(t, 'GET', `/api/notifications/page${query}`, { cookie });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    }

    it('pages every notification newest first and filters by unread and type, counting what matches', async () => {
      const user = await member(t);
      const other = await member(t);
      const base = t.clock.now().getTime() - 3_600_000;
      // 25 shipped (every fifth read), 5 new orders, 1 dismissed; one of another member.
      for (let i = 0; i < 25; i++) {
        await notify(
          t.database.db,
          [{ userId: user.id, type: 'order_shipped', title: `S${i}`, message: 'm' }],
          new Date(base + i * 1000),
        );
      }
      for (let i = 0; i < 5; i++) {
        await notify(
          t.database.db,
          [{ userId: user.id, type: 'order_new', title: `N${i}`, message: 'm' }],
          new Date(base + 30_000 + i),
        );
      }
      const dismissed = await createNotificationFixture(t.database.db, user.id, { type: 'order_new', title: 'gone' });
      await callApi(t, 'POST', `/api/notifications/${dismissed.id}/dismiss`, { cookie: user.cookie });
      await createNotificationFixture(t.database.db, other.id, { type: 'order_new' });
      const list = await bell(t, user.cookie);
      for (const n of list.notifications.filter((n) => /^S\d*[05]$/.test(n.title))) {
        await callApi(t, 'POST', `/api/notifications/${n.id}/read`, { cookie: user.cookie });
      }

      const first = await page(user.cookie, '');
      expect(first).toMatchObject({ page: 1, pageSize: NOTIFICATION_PAGE_SIZE, total: 30, unreadCount: 25 });
      expect(first.notifications.map((n) => n.title).slice(0, 6)).toEqual(['N4', 'N3', 'N2', 'N1', 'N0', 'S24']);
      const second = await page(user.cookie, '?page=2');
      expect(second.notifications.map((n) => n.title)).toEqual([
        'S9',
        'S8',
        'S7',
        'S6',
        'S5',
        'S4',
        'S3',
        'S2',
        'S1',
        'S0',
      ]);

      const unreadShipped = await page(user.cookie, '?unread=true&type=order_shipped');
      expect(unreadShipped.total).toBe(20);
      expect(unreadShipped.notifications.every((n) => !n.isRead && n.type === 'order_shipped')).toBe(true);
      expect((await page(user.cookie, '?type=order_new')).notifications.map((n) => n.title)).toEqual([
        'N4',
        'N3',
        'N2',
        'N1',
        'N0',
      ]);
      // Past the last page: empty, with the same total.
      expect(await page(user.cookie, '?page=9')).toMatchObject({ notifications: [], total: 30 });
    });

    it('refuses an unknown type with a Turkish message', async () => {
      const user = await member(t);
      const res = await callApi(t, 'GET', '/api/notifications/page?type=nope', { cookie: user.cookie });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    });
  });

  it('GET /api/badges counts unread notifications and has the messages slot', async () => {
    const user = await member(t);
    await createNotificationFixture(t.database.db, user.id);
    const read = await createNotificationFixture(t.database.db, user.id);
    await callApi(t, 'POST', `/api/notifications/${read.id}/read`, { cookie: user.cookie });
    const res = await callApi(t, 'GET', '/api/badges', { cookie: user.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ notifications: 1, messages: 0 });
    expect((await callApi(t, 'GET', '/api/badges')).statusCode).toBe(401);
  });

  it('refuses visitors', async () => {
    expect((await callApi(t, 'GET', '/api/notifications')).statusCode).toBe(401);
    expect((await callApi(t, 'POST', '/api/notifications/read-all')).statusCode).toBe(401);
  });
});
