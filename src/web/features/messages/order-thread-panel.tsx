import { messagingMessages as m } from '#shared/messages/messages.tr.ts';
import { Card } from '../../components/ui/card.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { useOrderThread } from './api.ts';
import { MessageList } from './thread-view.tsx';

/** The messages between an order's buyer and seller, read-only (the dispute desk reads them before deciding). */
export function OrderThreadPanel({ orderId }: { orderId: string }) {
  const query = useOrderThread(orderId);
  return (
    <Card title={m.adminTitle}>
      <QueryState query={query} errorText={m.threadLoadFailed}>
        {({ thread }) =>
          thread && thread.messages.length ? (
            // Focusable, so the scrolling list can be scrolled from the keyboard.
            <div
              tabIndex={0}
              className="max-h-[32rem] overflow-y-auto rounded-lg bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-500"
            >
              <MessageList thread={thread} />
            </div>
          ) : (
            <p className="text-sm text-slate-600">{m.adminNone}</p>
          )
        }
      </QueryState>
    </Card>
  );
}
