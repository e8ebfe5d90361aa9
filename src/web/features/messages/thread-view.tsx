import { ArrowLeft, Check, CheckCheck, Package, Tag } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { messagingMessages as m } from '#shared/messages/messages.tr.ts';
import { statusText } from '#shared/order-labels.ts';
import { messageAttachmentUrl, type Message, type ThreadDetail, type ThreadSubject } from '#shared/schemas/messages.ts';
import { formatDateTime, formatKurus } from '../../lib/format.ts';
import { dashboardTabPath, orderPath, paths, productPath } from '../../lib/paths.ts';
import { MessageComposer } from './message-composer.tsx';

/** "@handle", or "Bilinmiyor" for a store without one. */
export function storeName(handle: string | null): string {
  return handle ? `@${handle}` : m.unknownStore;
}

function subjectLink(subject: ThreadSubject): string | null {
  if (subject.kind === 'listing') return subject.listingId ? productPath(subject.listingId) : null;
  if (subject.role === 'buyer') return orderPath(subject.orderId);
  if (subject.role === 'seller') return dashboardTabPath('orders');
  return null;
}

/** What the thread is about: the listing (title, price, image) or the order (number, status, total). */
export function SubjectCard({ subject }: { subject: ThreadSubject }) {
  const link = subjectLink(subject);
  return (
    <div className="flex items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
      {subject.kind === 'listing' && subject.thumbnailUrl ? (
        <img src={subject.thumbnailUrl} alt="" className="size-12 shrink-0 rounded object-cover" />
      ) : (
        <span className="grid size-12 shrink-0 place-items-center rounded bg-white text-slate-500">
          {subject.kind === 'listing' ? (
            <Tag aria-hidden="true" className="size-5" />
          ) : (
            <Package aria-hidden="true" className="size-5" />
          )}
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="text-xs text-slate-600">{subject.kind === 'listing' ? m.listingSubject : m.orderSubject}</p>
        {subject.kind === 'listing' ? (
          <p className="truncate font-semibold text-slate-900">
            {subject.title ?? m.listingGone}
            {subject.priceKurus !== null ? (
              <span className="ml-2 font-normal text-slate-700">{formatKurus(subject.priceKurus)}</span>
            ) : null}
          </p>
        ) : (
          <p className="font-semibold text-slate-900">
            {subject.orderNumber}{' '}
            <span className="font-normal text-slate-700">
              · {statusText(subject.status)} · {formatKurus(subject.totalKurus)}
            </span>
          </p>
        )}
      </div>
      {link ? (
        <Link to={link} className="shrink-0 rounded-md px-2 py-2 font-semibold text-brand-700 hover:underline">
          {subject.kind === 'listing' ? m.viewListing : m.viewOrder}
        </Link>
      ) : null}
    </div>
  );
}

function Attachments({ threadId, files }: { threadId: string; files: string[] }) {
  if (!files.length) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-2">
      {files.map((file, i) => {
        const src = messageAttachmentUrl(threadId, file);
        return (
          <li key={file}>
            <a href={src} target="_blank" rel="noreferrer">
              <img
                src={src}
                alt={m.attachmentAlt(i + 1)}
                className="size-20 rounded border border-white object-cover"
              />
            </a>
          </li>
        );
      })}
    </ul>
  );
}

function MessageBubble({ threadId, message, showSender }: { threadId: string; message: Message; showSender: boolean }) {
  const mine = message.isMine;
  return (
    <li
      data-testid="message"
      data-mine={mine || undefined}
      className={`flex ${mine ? 'justify-end' : 'justify-start'}`}
    >
      <div
        className={`max-w-[85%] rounded-2xl px-3 py-2 text-sm shadow-sm ${mine ? 'bg-brand-700 text-white' : 'border border-slate-200 bg-white text-slate-900'}`}
      >
        {showSender || !mine ? (
          <p className={`text-xs font-semibold ${mine ? 'text-brand-100' : 'text-slate-600'}`}>
            {mine ? m.you : storeName(message.senderHandle)}
          </p>
        ) : null}
        <p className="break-words whitespace-pre-line">{message.body}</p>
        <Attachments threadId={threadId} files={message.attachments} />
        <p className={`mt-1 flex items-center justify-end gap-1 text-xs ${mine ? 'text-brand-100' : 'text-slate-600'}`}>
          <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
          {mine ? (
            message.readAt ? (
              <span data-testid="read-receipt" className="inline-flex items-center gap-0.5">
                <CheckCheck aria-hidden="true" className="size-3.5" /> {m.read}
              </span>
            ) : (
              <span className="inline-flex items-center gap-0.5">
                <Check aria-hidden="true" className="size-3.5" /> {m.sent}
              </span>
            )
          ) : null}
        </p>
      </div>
    </li>
  );
}

/**
 * The messages of a thread, oldest first. With `followNewest` (the thread page) the newest is
 * brought into view on opening and when one arrives; elsewhere (the dispute desk) the page stays put.
 */
export function MessageList({ thread, followNewest = false }: { thread: ThreadDetail; followNewest?: boolean }) {
  const end = useRef<HTMLLIElement>(null);
  const count = thread.messages.length;
  useEffect(() => {
    if (followNewest) end.current?.scrollIntoView({ block: 'nearest' });
  }, [count, followNewest]);
  if (count === 0) return <p className="p-6 text-center text-sm text-slate-600">{m.noMessagesYet}</p>;
  return (
    <ol aria-label={m.listTitle} className="space-y-3 p-3">
      {thread.messages.map((message) => (
        <MessageBubble key={message.id} threadId={thread.id} message={message} showSender={!thread.canWrite} />
      ))}
      <li ref={end} aria-hidden="true" />
    </ol>
  );
}

/** One thread: the other store, the subject, the messages and (for its stores) the text box. */
export function ThreadView({ thread }: { thread: ThreadDetail }) {
  return (
    <section
      aria-labelledby="thread-title"
      // From md up the thread has the screen's height and scrolls inside (the text box stays in view);
      // below, the page scrolls.
      className="flex min-h-[60vh] flex-col rounded-xl border border-slate-200 bg-slate-50 md:h-[calc(100vh-12rem)] md:min-h-[28rem]"
    >
      <header className="space-y-3 border-b border-slate-200 bg-white p-3">
        <div className="flex items-center gap-2">
          <Link
            to={paths.messages}
            className="grid size-11 place-items-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden"
            aria-label={m.back}
          >
            <ArrowLeft aria-hidden="true" className="size-5" />
          </Link>
          <h2 id="thread-title" className="text-lg font-bold text-brand-900">
            {thread.canWrite
              ? storeName(thread.other.handle)
              : thread.stores.map((s) => storeName(s.handle)).join(' · ')}
          </h2>
        </div>
        <SubjectCard subject={thread.subject} />
      </header>
      {/* Focusable, so the scrolling list can be scrolled from the keyboard. */}
      <div tabIndex={0} className="min-h-0 flex-1 overflow-y-auto focus-visible:ring-2 focus-visible:ring-brand-500">
        <MessageList thread={thread} followNewest />
      </div>
      {thread.canWrite ? (
        <MessageComposer threadId={thread.id} />
      ) : (
        <p className="p-3 text-sm text-slate-600">{m.readOnly}</p>
      )}
    </section>
  );
}
