import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { apiErrorMessage, ApiError } from '../../lib/api-client.ts';
import { messages } from '#shared/messages.tr.ts';
import { InlineAlert } from './alert.tsx';

/**
 * A failed API call, shown the one way: the server's Turkish message (or the connection message,
 * or `fallback`) in an inline alert (role="alert"). Renders nothing while there is no error.
 */
export function ApiErrorAlert({
  error,
  fallback,
  title,
  className,
  children,
}: {
  error: unknown;
  fallback?: string;
  /** A heading naming what failed ("Kayıt başarısız"), above the server's message. */
  title?: string;
  className?: string;
  /** What the user can do next (a link), after the message. */
  children?: ReactNode;
}) {
  if (error === null || error === undefined) return null;
  // A message the server gave for a field is shown beside that field (setServerFieldErrors):
  // saying it here too would show and announce it twice.
  const text = isFieldMessage(error) ? messages.common.fixMarkedFields : apiErrorMessage(error, fallback);
  return (
    <InlineAlert tone="error" className={className}>
      {title ? <strong className="block">{title}</strong> : null}
      {text}
      {children ? <> {children}</> : null}
    </InlineAlert>
  );
}

function isFieldMessage(error: unknown): boolean {
  return error instanceof ApiError && Object.values(error.fields ?? {}).includes(error.message);
}

/**
 * Puts the server's per-field messages (VALIDATION_FAILED `fields`) on the form's fields.
 * Returns true when at least one landed, so the caller may skip the form-level alert.
 */
export function setServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  names: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  let isPlaced = false;
  for (const name of names) {
    const message = error.fields[name];
    if (message) {
      setError(name, { type: 'server', message });
      isPlaced = true;
    }
  }
  return isPlaced;
}
