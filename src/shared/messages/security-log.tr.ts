import { securityEventMessages, securityEventReasonMessages } from './account.tr.ts';
import { adminMessages } from './admin.tr.ts';

function labelOf(labels: Record<string, string>, code: string): string {
  return Object.hasOwn(labels, code) ? labels[code]! : code;
}

/** The Turkish label of an admin action or a security event type (a code nobody labelled shows as is). */
export function securityLogTypeLabel(source: 'admin' | 'security', type: string): string {
  return labelOf(source === 'admin' ? adminMessages.actions : securityEventMessages, type);
}

/** A reason code in Turkish; an admin's own written reason (a role change's) is shown as written. */
export function securityEventReasonLabel(reason: string): string {
  return labelOf(securityEventReasonMessages, reason);
}
