import { messagingMessages as m } from '../messages/messages.tr.ts';
import { orderStatuses } from '../status.ts';
import { z } from './zod-tr.ts';

/** A message's text: 1–2,000 characters after trimming. */
export const MESSAGE_MAX_LENGTH = 2000;
/** Images one message may carry. */
export const MESSAGE_ATTACHMENT_LIMIT = 3;

/** The text of a new message (the images travel as multipart files next to it). */
export const sendMessageBodySchema = z.object({
  body: z
    .string({ error: m.validation.bodyRequired })
    .trim()
    .min(1, m.validation.bodyRequired)
    .max(MESSAGE_MAX_LENGTH, m.validation.bodyTooLong),
});
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>;

/** Opens (or reopens) the thread about a listing, with its seller, or about an order, with the other side. */
export const openThreadBodySchema = z.union(
  [z.object({ listingId: z.uuid() }).strict(), z.object({ orderId: z.uuid() }).strict()],
  { error: m.validation.subjectRequired },
);
export type OpenThreadBody = z.infer<typeof openThreadBodySchema>;

export const threadParamsSchema = z.object({ id: z.uuid({ error: m.errors.threadNotFound }) });
export const attachmentParamsSchema = z.object({
  id: z.uuid(),
  /** The served name of a stored image (32 hex digits). */
  file: z.string().regex(/^[0-9a-f]{32}$/),
});
export const orderThreadParamsSchema = z.object({ orderId: z.uuid() });

/** The other store, as members see each other: by public handle (null when it has none). */
export const threadStoreSchema = z.object({ id: z.string(), handle: z.string().nullable() });

/** What a thread is about, as much as the reader may see. */
export const threadSubjectSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('listing'),
    /** Null once the listing was deleted. */
    listingId: z.uuid().nullable(),
    productId: z.uuid().nullable(),
    title: z.string().nullable(),
    thumbnailUrl: z.string().nullable(),
    priceKurus: z.number().int().nullable(),
  }),
  z.object({
    kind: z.literal('order'),
    orderId: z.uuid(),
    orderNumber: z.string(),
    status: z.enum(orderStatuses),
    totalKurus: z.number().int(),
    /** The reader's side of the order (an admin reads a disputed order's thread). */
    role: z.enum(['buyer', 'seller', 'admin']),
  }),
]);
export type ThreadSubject = z.infer<typeof threadSubjectSchema>;

export const threadSummarySchema = z.object({
  id: z.uuid(),
  other: threadStoreSchema,
  subject: threadSubjectSchema,
  lastMessage: z.object({ body: z.string(), at: z.iso.datetime(), isMine: z.boolean() }).nullable(),
  /** Messages from the other store the reader has not opened. */
  unreadCount: z.number().int(),
});
export type ThreadSummary = z.infer<typeof threadSummarySchema>;

export const threadListSchema = z.object({ items: z.array(threadSummarySchema) });
export type ThreadList = z.infer<typeof threadListSchema>;

export const messageSchema = z.object({
  id: z.uuid(),
  senderId: z.string(),
  senderHandle: z.string().nullable(),
  isMine: z.boolean(),
  body: z.string(),
  /** Served names of the attached images (fetched through the thread's attachment route). */
  attachments: z.array(z.string()),
  createdAt: z.iso.datetime(),
  /** When the recipient opened it (the read receipt); null while unread. */
  readAt: z.iso.datetime().nullable(),
});
export type Message = z.infer<typeof messageSchema>;

export const threadDetailSchema = z.object({
  id: z.uuid(),
  other: threadStoreSchema,
  /** Both stores, for a reader who is neither (an admin). */
  stores: z.array(threadStoreSchema),
  subject: threadSubjectSchema,
  /** False for an admin: the desk reads, it does not take part. */
  canWrite: z.boolean(),
  messages: z.array(messageSchema),
});
export type ThreadDetail = z.infer<typeof threadDetailSchema>;

export const orderThreadSchema = z.object({ thread: threadDetailSchema.nullable() });
export type OrderThread = z.infer<typeof orderThreadSchema>;

export const openedThreadSchema = z.object({ id: z.uuid() });
export const unreadCountSchema = z.object({ count: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** The address of an attached image of a thread. */
export function messageAttachmentUrl(threadId: string, file: string): string {
  return `/api/messages/threads/${threadId}/attachments/${file}`;
}
