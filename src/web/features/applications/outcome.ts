import { applicationMessages } from '#shared/messages/applications.tr.ts';
import type { ApplicationReceipt } from '#shared/schemas/applications.ts';

const o = applicationMessages.outcomes;

export interface OutcomeToast {
  tone: 'success' | 'warning' | 'error';
  title: string;
  description?: string;
}

/**
 * The toast after a sent application, in the order of spec part 1 §8: certificate attached and
 * admin mail queued; the fallback (mail without the attachment); a file that was not attached;
 * the plain success; and the e-mails not queued at all (the application is saved regardless).
 */
export function applicationOutcome(receipt: ApplicationReceipt, hadFile: boolean): OutcomeToast {
  if (receipt.fileAttached && receipt.adminEmailSent) {
    // The mail's id means nothing to the store, so the toast leaves it out.
    return { tone: 'success', title: o.sentWithDocument.title, description: o.sentWithDocument.description };
  }
  if (receipt.details.adminEmail.fallbackUsed)
    return { tone: 'warning', title: o.sentFallback.title, description: o.sentFallback.description };
  if (!receipt.userEmailSent && !receipt.adminEmailSent)
    return { tone: 'warning', title: o.savedMailProblem.title, description: o.savedMailProblem.description };
  if (hadFile && !receipt.fileAttached)
    return { tone: 'warning', title: o.attachmentProblem.title, description: o.attachmentProblem.description };
  return { tone: 'success', title: o.sent };
}
