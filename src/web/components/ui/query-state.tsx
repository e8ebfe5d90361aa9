import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { messages } from '#shared/messages.tr.ts';
import { InlineAlert } from './alert.tsx';
import { LoadingScreen } from './spinner.tsx';

/** The three states of a query: the spinner, the error with a retry, or the data. */
export function QueryState<T>({
  query,
  errorText,
  children,
}: {
  query: UseQueryResult<T>;
  errorText: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingScreen />;
  if (query.isError) {
    return (
      <InlineAlert tone="error">
        {errorText}{' '}
        <button type="button" className="font-semibold underline" onClick={() => void query.refetch()}>
          {messages.errorScreens.retry}
        </button>
      </InlineAlert>
    );
  }
  return <>{children(query.data)}</>;
}
