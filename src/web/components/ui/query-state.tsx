import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { messages } from '#shared/messages.tr.ts';
import { InlineAlert } from './alert.tsx';
import { LoadingScreen } from './spinner.tsx';

type ErrorView =
  | { /** The screen's failure text, shown with a retry link. */ errorText: string; renderError?: never }
  | {
      /** The screen's own error view (e.g. the admin guard's refusal). */ renderError: (error: Error) => ReactNode;
      errorText?: never;
    };

/**
 * The states of a query: the spinner, the error (with a retry, or the screen's own view), the
 * empty view when `isEmpty` says there is nothing to show, or the data.
 */
export function QueryState<T>({
  query,
  errorText,
  renderError,
  isEmpty,
  empty,
  pending,
  children,
}: ErrorView & {
  query: UseQueryResult<T>;
  /** Shown while loading instead of the spinner: a skeleton of the data's size keeps the layout still. */
  pending?: ReactNode;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <>{pending ?? <LoadingScreen />}</>;
  if (query.isError) {
    if (renderError) return <>{renderError(query.error)}</>;
    return <QueryErrorAlert text={errorText} onRetry={() => void query.refetch()} />;
  }
  if (isEmpty?.(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}

/** A query's failure text with a retry link: QueryState's error view, for screens that frame it themselves. */
export function QueryErrorAlert({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <InlineAlert tone="error">
      {text}{' '}
      <button type="button" className="font-semibold underline" onClick={onRetry}>
        {messages.errorScreens.retry}
      </button>
    </InlineAlert>
  );
}
