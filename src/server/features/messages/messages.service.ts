import { messagingMessages as m } from '#shared/messages/messages.tr.ts';
import { discountedPrice } from '#shared/money.ts';
import { listingImageUrl } from '#shared/schemas/listings.ts';
import type {
  Message,
  OpenThreadBody,
  OrderThread,
  SendMessageBody,
  ThreadDetail,
  ThreadList,
  ThreadSubject,
  UnreadCount,
} from '#shared/schemas/messages.ts';
import type { OrderStatus } from '#shared/status.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MemberContext } from '../../lib/context.ts';
import type { Storage } from '../../lib/storage.ts';
import { removeDisputePhotos, storeDisputePhotos } from '../../lib/photos.ts';
import type { IncomingImage } from '../../lib/images.ts';
import { publishBadgeChange } from '../../lib/live-events.ts';
import { notify } from '../notifications/index.ts';
import {
  countUnreadMessages,
  findHandles,
  findLastMessages,
  findListingSeller,
  findListingSubjects,
  findMessages,
  findOrderSubject,
  findOrderSubjects,
  findThread,
  findThreadBySubject,
  findThreadsOf,
  hasDispute,
  insertMessage,
  insertThreadIfAbsent,
  isThreadAttachment,
  markThreadRead,
  type MessageRow,
  type ThreadRow,
} from './messages.repo.ts';

/** Storage prefix of message attachments (private; served only to who may read the thread). */
export const MESSAGE_ATTACHMENT_PREFIX = 'message-attachments';
/** The list shows this many threads, newest activity first. */
const THREAD_LIST_LIMIT = 100;
/** A notification quotes this much of the message. */
const PREVIEW_LENGTH = 120;

const threadNotFound = () => new AppError('NOT_FOUND', m.errors.threadNotFound);

/** The stores as stored: ordered, so a pair is one key whoever starts. */
function pairOf(x: string, y: string) {
  return x < y ? { storeAId: x, storeBId: y } : { storeAId: y, storeBId: x };
}

function otherOf(thread: ThreadRow, userId: string): string {
  return thread.storeAId === userId ? thread.storeBId : thread.storeAId;
}

function isParty(thread: ThreadRow, userId: string): boolean {
  return thread.storeAId === userId || thread.storeBId === userId;
}

/** The served name of a stored file: its key without the prefix. */
function fileOf(key: string): string {
  return key.slice(key.lastIndexOf('/') + 1);
}

/** The start of a message, cut between characters (never inside an emoji's surrogate pair). */
function preview(body: string): string {
  const chars = Array.from(body);
  return chars.length > PREVIEW_LENGTH ? `${chars.slice(0, PREVIEW_LENGTH - 1).join('')}…` : body;
}

/**
 * Who may read a thread: its two stores, and admins when it is the thread of an order under
 * dispute (the desk reads the parties' conversation before deciding). Everyone else gets 404.
 */
async function readableThread(ctx: MemberContext, id: string): Promise<{ thread: ThreadRow; isParty: boolean }> {
  const thread = await findThread(ctx.db, id);
  if (!thread) throw threadNotFound();
  if (isParty(thread, ctx.user.id)) return { thread, isParty: true };
  if (ctx.user.role === 'admin' && thread.orderId && (await hasDispute(ctx.db, thread.orderId))) {
    return { thread, isParty: false };
  }
  throw threadNotFound();
}

/** Opens the thread about a listing (with its seller) or an order (with the other side); asking again reopens it. */
export async function openThread(ctx: MemberContext, body: OpenThreadBody): Promise<{ id: string }> {
  const me = ctx.user.id;
  let other: string;
  let subject: { subjectKey: string; listingId?: string; orderId?: string };
  if ('listingId' in body) {
    const listing = await findListingSeller(ctx.db, body.listingId);
    if (!listing) throw new AppError('LISTING_NOT_FOUND');
    other = listing.sellerId;
    subject = { subjectKey: `listing:${listing.id}`, listingId: listing.id };
  } else {
    const order = await findOrderSubject(ctx.db, body.orderId);
    if (!order || (order.buyerId !== me && order.sellerId !== me)) throw new AppError('ORDER_NOT_FOUND');
    other = order.buyerId === me ? order.sellerId : order.buyerId;
    subject = { subjectKey: `order:${order.id}`, orderId: order.id };
  }
  if (other === me) throw new AppError('FORBIDDEN', m.errors.ownStore);
  const pair = pairOf(me, other);
  await insertThreadIfAbsent(ctx.db, { ...pair, ...subject, startedBy: me, createdAt: ctx.clock.now() });
  const thread = await findThreadBySubject(ctx.db, pair, subject.subjectKey);
  if (!thread) throw threadNotFound();
  return { id: thread.id };
}

/** What each thread is about, as the reader may see it (two queries for any number of threads). */
async function subjectsOf(db: Db, threads: ThreadRow[], readerId: string): Promise<Map<string, ThreadSubject>> {
  const orderIds = threads.flatMap((t) => (t.orderId ? [t.orderId] : []));
  const listingIds = threads.flatMap((t) => (!t.orderId && t.listingId ? [t.listingId] : []));
  const [orderRows, listingRows] = await Promise.all([
    findOrderSubjects(db, orderIds),
    findListingSubjects(db, listingIds),
  ]);
  const orderById = new Map(orderRows.map((o) => [o.id, o]));
  const listingById = new Map(listingRows.map((l) => [l.id, l]));
  const subjects = new Map<string, ThreadSubject>();
  for (const thread of threads) {
    const order = thread.orderId ? orderById.get(thread.orderId) : undefined;
    if (order) {
      const role = order.buyerId === readerId ? 'buyer' : order.sellerId === readerId ? 'seller' : 'admin';
      subjects.set(thread.id, {
        kind: 'order',
        orderId: order.id,
        orderNumber: order.orderNumber,
        status: order.status as OrderStatus,
        totalKurus: order.totalKurus,
        role,
      });
      continue;
    }
    // A deleted listing leaves the thread (and its key) with an empty subject.
    const listing = thread.listingId ? listingById.get(thread.listingId) : undefined;
    subjects.set(thread.id, {
      kind: 'listing',
      listingId: listing?.id ?? null,
      productId: listing?.productId ?? null,
      title: listing ? (listing.productName ?? `${listing.marka} ${listing.modelKodu}`) : null,
      thumbnailUrl: listingImageUrl(listing?.thumbnailKey ?? null),
      priceKurus: listing ? discountedPrice(listing.priceKurus, listing.discountPercent) : null,
    });
  }
  return subjects;
}

/** The member's threads with a message: the other store's handle, the last message and the unread count. */
export async function listThreads(ctx: MemberContext): Promise<ThreadList> {
  const me = ctx.user.id;
  const rows = await findThreadsOf(ctx.db, me, THREAD_LIST_LIMIT);
  const ids = rows.map((r) => r.thread.id);
  const [last, handles, subjects] = await Promise.all([
    findLastMessages(ctx.db, ids),
    findHandles(
      ctx.db,
      rows.map((r) => otherOf(r.thread, me)),
    ),
    subjectsOf(
      ctx.db,
      rows.map((r) => r.thread),
      me,
    ),
  ]);
  const lastBy = new Map(last.map((row) => [row.threadId, row]));
  const handleOf = new Map(handles.map((h) => [h.id, h.handle]));
  return {
    items: rows.map(({ thread, unreadCount }) => {
      const other = otherOf(thread, me);
      const lastMessage = lastBy.get(thread.id);
      return {
        id: thread.id,
        other: { id: other, handle: handleOf.get(other) ?? null },
        subject: subjects.get(thread.id)!,
        lastMessage: lastMessage
          ? { body: lastMessage.body, at: lastMessage.createdAt.toISOString(), isMine: lastMessage.senderId === me }
          : null,
        unreadCount,
      };
    }),
  };
}

function toMessage(row: MessageRow, readerId: string, handleOf: Map<string, string | null>): Message {
  return {
    id: row.id,
    senderId: row.senderId,
    senderHandle: handleOf.get(row.senderId) ?? null,
    isMine: row.senderId === readerId,
    body: row.body,
    attachments: row.attachmentKeys.map(fileOf),
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt ? row.readAt.toISOString() : null,
  };
}

async function detailOf(ctx: MemberContext, thread: ThreadRow, canWrite: boolean): Promise<ThreadDetail> {
  const me = ctx.user.id;
  const [rows, handles, subjects] = await Promise.all([
    findMessages(ctx.db, thread.id),
    findHandles(ctx.db, [thread.storeAId, thread.storeBId]),
    subjectsOf(ctx.db, [thread], me),
  ]);
  const handleOf = new Map(handles.map((h) => [h.id, h.handle]));
  const store = (id: string) => ({ id, handle: handleOf.get(id) ?? null });
  // An admin has no "other" store: the seller's side is shown as the other one.
  const other = isParty(thread, me) ? otherOf(thread, me) : thread.storeBId;
  return {
    id: thread.id,
    other: store(other),
    stores: [store(thread.storeAId), store(thread.storeBId)],
    subject: subjects.get(thread.id)!,
    canWrite,
    messages: rows.map((row) => toMessage(row, me, handleOf)),
  };
}

/** One thread with its messages, for its stores (and an admin for a disputed order). Reading it does not mark it read. */
export async function getThread(ctx: MemberContext, id: string): Promise<ThreadDetail> {
  const { thread, isParty: canWrite } = await readableThread(ctx, id);
  return detailOf(ctx, thread, canWrite);
}

/** The thread between an order's buyer and seller, for them and (once disputed) for admins; null before anyone wrote. */
export async function getOrderThread(ctx: MemberContext, orderId: string): Promise<OrderThread> {
  const order = await findOrderSubject(ctx.db, orderId);
  const me = ctx.user.id;
  const isOrderParty = order && (order.buyerId === me || order.sellerId === me);
  if (!order || !(isOrderParty || (ctx.user.role === 'admin' && (await hasDispute(ctx.db, order.id))))) {
    throw new AppError('ORDER_NOT_FOUND');
  }
  const thread = await findThreadBySubject(ctx.db, pairOf(order.buyerId, order.sellerId), `order:${order.id}`);
  return { thread: thread ? await detailOf(ctx, thread, Boolean(isOrderParty)) : null };
}

/** A store's own thread, for writing: an admin reading a disputed order's thread may not write in it. */
async function writableThread(ctx: MemberContext, id: string): Promise<ThreadRow> {
  const { thread, isParty: canWrite } = await readableThread(ctx, id);
  if (!canWrite) throw new AppError('FORBIDDEN', m.readOnly);
  return thread;
}

/**
 * Sends a message (with up to three images, re-encoded and stored privately) and notifies the other
 * store in the same transaction. Answering also reads what the other store wrote.
 */
export async function sendMessage(
  ctx: MemberContext,
  files: { storage: Storage; photos: IncomingImage[] },
  threadId: string,
  body: SendMessageBody,
): Promise<Message> {
  // Checked before any image is decoded, so only a thread's store costs a decode.
  const before = await writableThread(ctx, threadId);
  const keys = await storeDisputePhotos(files.storage, files.photos, MESSAGE_ATTACHMENT_PREFIX);
  try {
    const now = ctx.clock.now();
    const me = ctx.user.id;
    const recipient = otherOf(before, me);
    return await ctx.db.transaction(async (tx) => {
      await markThreadRead(tx, threadId, me, now);
      const row = await insertMessage(tx, {
        threadId,
        senderId: me,
        body: body.body,
        attachmentKeys: keys,
        createdAt: now,
      });
      const handles = await findHandles(tx, [me]);
      const from = handles[0]?.handle ? `@${handles[0].handle}` : m.unknownStore;
      await notify(
        tx,
        [
          {
            userId: recipient,
            type: 'message_new',
            title: m.notification.title,
            message: m.notification.body(from, preview(body.body)),
            relatedId: threadId,
            actionUrl: `/mesajlar/${threadId}`,
            actionText: m.notification.action,
          },
        ],
        now,
      );
      return toMessage(row, me, new Map(handles.map((h) => [h.id, h.handle])));
    });
  } catch (error) {
    await removeDisputePhotos(files.storage, keys);
    throw error;
  }
}

/** The reader opened the thread: the other store's messages get their read receipt. */
export async function readThread(ctx: MemberContext, threadId: string): Promise<void> {
  await writableThread(ctx, threadId);
  await markThreadRead(ctx.db, threadId, ctx.user.id, ctx.clock.now());
  // The reader's other tabs update their "Mesajlar" badge.
  await publishBadgeChange(ctx.db, ctx.user.id, 'messages');
}

/** Unread messages from other stores (the "Mesajlar" badge). */
export async function getUnreadCount(ctx: MemberContext): Promise<UnreadCount> {
  return { count: await countUnreadMessages(ctx.db, ctx.user.id) };
}

/** An attached image, for whoever may read its thread (404 for anyone else and for a file not in the thread). */
export async function openMessageAttachment(ctx: MemberContext, storage: Storage, threadId: string, file: string) {
  await readableThread(ctx, threadId);
  const key = `${MESSAGE_ATTACHMENT_PREFIX}/${file}`;
  if (!(await isThreadAttachment(ctx.db, threadId, key))) throw threadNotFound();
  const opened = await storage.open(key);
  if (!opened) throw threadNotFound();
  return opened;
}
