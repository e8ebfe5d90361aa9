import { MessageSquare } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { messagingMessages as m } from '#shared/messages/messages.tr.ts';
import type { ThreadDetail, ThreadSummary } from '#shared/schemas/messages.ts';
import { ApiErrorAlert } from '../../components/ui/api-error.tsx';
import { InlineAlert } from '../../components/ui/alert.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { LoadingScreen } from '../../components/ui/spinner.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { paths, threadPath } from '../../lib/paths.ts';
import { useMarkThreadRead, useOpenThread, useThread, useThreads, type OpenThreadInput } from './api.ts';
import { storeName, ThreadView } from './thread-view.tsx';

function ThreadRow({ thread, isActive }: { thread: ThreadSummary; isActive: boolean }) {
  const subject =
    thread.subject.kind === 'order' ? thread.subject.orderNumber : (thread.subject.title ?? m.listingSubject);
  return (
    <li>
      <Link
        to={threadPath(thread.id)}
        aria-current={isActive ? 'page' : undefined}
        data-testid="thread"
        className={`flex gap-3 rounded-lg p-3 hover:bg-slate-100 ${isActive ? 'bg-brand-50' : ''}`}
      >
        <span
          aria-hidden="true"
          className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-100 font-bold text-brand-800"
        >
          {(thread.other.handle ?? '?').charAt(0).toLocaleUpperCase('tr-TR')}
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className={`truncate text-slate-900 ${thread.unreadCount ? 'font-bold' : 'font-semibold'}`}>
              {storeName(thread.other.handle)}
            </span>
            {thread.lastMessage ? (
              <time dateTime={thread.lastMessage.at} className="shrink-0 text-xs text-slate-600">
                {formatDateTime(thread.lastMessage.at)}
              </time>
            ) : null}
          </span>
          <span className="block truncate text-xs text-slate-600">{subject}</span>
          <span className="flex items-center justify-between gap-2">
            <span className="truncate text-sm text-slate-700">
              {thread.lastMessage ? `${thread.lastMessage.isMine ? `${m.you}: ` : ''}${thread.lastMessage.body}` : ''}
            </span>
            {thread.unreadCount ? (
              <span
                data-testid="thread-unread"
                className="grid min-w-6 shrink-0 place-items-center rounded-full bg-red-600 px-1.5 text-xs leading-6 font-bold text-white"
              >
                {thread.unreadCount}
                <span className="sr-only"> {m.unread(thread.unreadCount)}</span>
              </span>
            ) : null}
          </span>
        </span>
      </Link>
    </li>
  );
}

function NoThreads() {
  return (
    <EmptyState
      icon={MessageSquare}
      title={m.emptyTitle}
      body={m.emptyBody}
      action={<ButtonLink to={paths.marketplace}>{m.emptyAction}</ButtonLink>}
    />
  );
}

/** Marks the other store's unread messages read once they are on screen (the sender's read receipt). */
function useReadOnOpen(thread: ThreadDetail) {
  const markRead = useMarkThreadRead(thread.id);
  const marked = useRef<string | null>(null);
  const newestUnread = thread.canWrite
    ? thread.messages.findLast((message) => !message.isMine && message.readAt === null)?.id
    : undefined;
  useEffect(() => {
    if (!newestUnread || marked.current === newestUnread) return;
    marked.current = newestUnread;
    markRead.mutate();
  }, [newestUnread, markRead]);
}

function OpenThread({ thread }: { thread: ThreadDetail }) {
  useReadOnOpen(thread);
  return <ThreadView thread={thread} />;
}

function ThreadPane({ id }: { id: string }) {
  const query = useThread(id);
  return (
    <QueryState query={query} renderError={(error) => <ApiErrorAlert error={error} />}>
      {(thread) => <OpenThread thread={thread} />}
    </QueryState>
  );
}

/** /mesajlar and /mesajlar/:threadId: the list beside the open thread; below md one of them at a time. */
export function MessagesPage() {
  const { threadId } = useParams();
  const threads = useThreads();
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <title>{`${m.pageTitle} | OptiStok`}</title>
      <h1 className={`text-2xl font-bold text-brand-900 sm:text-3xl ${threadId ? 'sr-only md:not-sr-only' : ''}`}>
        {m.pageTitle}
      </h1>
      <p className={`mt-1 mb-4 text-slate-600 ${threadId ? 'hidden md:block' : ''}`}>{m.lead}</p>
      <QueryState
        query={threads}
        errorText={m.loadFailed}
        isEmpty={(data) => data.items.length === 0 && !threadId}
        empty={<NoThreads />}
      >
        {(data) => (
          <div className="grid grid-cols-1 gap-4 md:grid-cols-[20rem_minmax(0,1fr)]">
            <nav aria-label={m.listTitle} className={threadId ? 'hidden md:block' : ''}>
              {data.items.length ? (
                <ul className="space-y-1 rounded-xl border border-slate-200 bg-white p-1">
                  {data.items.map((thread) => (
                    <ThreadRow key={thread.id} thread={thread} isActive={thread.id === threadId} />
                  ))}
                </ul>
              ) : (
                <NoThreads />
              )}
            </nav>
            {threadId ? (
              <ThreadPane key={threadId} id={threadId} />
            ) : (
              <p className="hidden place-self-center text-slate-600 md:block">{m.selectThread}</p>
            )}
          </div>
        )}
      </QueryState>
    </div>
  );
}

function subjectFrom(params: URLSearchParams): OpenThreadInput | null {
  const listingId = params.get('ilan');
  const orderId = params.get('siparis');
  if (listingId) return { listingId };
  if (orderId) return { orderId };
  return null;
}

/** /mesajlar/yeni?ilan=… or ?siparis=…: opens (or reopens) the thread about it and moves on to it. */
export function StartThreadPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const open = useOpenThread();
  const subject = subjectFrom(params);
  const started = useRef(false);
  useEffect(() => {
    if (!subject || started.current) return;
    started.current = true;
    open.mutate(subject, { onSuccess: ({ id }) => navigate(threadPath(id), { replace: true }) });
  }, [subject, open, navigate]);
  if (!subject || open.isError) {
    return (
      <div className="mx-auto max-w-xl space-y-4 px-4 py-8">
        <title>{`${m.pageTitle} | OptiStok`}</title>
        <h1 className="text-2xl font-bold text-brand-900">{m.openFailed}</h1>
        {subject ? (
          <ApiErrorAlert error={open.error} />
        ) : (
          <InlineAlert tone="error">{m.validation.subjectRequired}</InlineAlert>
        )}
        <ButtonLink to={paths.messages} variant="secondary">
          {m.back}
        </ButtonLink>
      </div>
    );
  }
  return <LoadingScreen label={m.opening} />;
}
