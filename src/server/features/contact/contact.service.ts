import { randomBytes } from 'node:crypto';
import type { ContactMessageReceipt } from '#shared/schemas/contact.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { insertContactMessage } from './contact.repo.ts';

export interface ContactMessageInput {
  name: string;
  email: string;
  phone?: string;
  subject: string;
  message: string;
}

function newReference(): string {
  return `ILT-${randomBytes(4).toString('hex').toUpperCase()}`;
}

/** Stores a contact-form message and returns the receipt the sender can quote. */
export async function submitContactMessage(
  ctx: ServiceContext,
  input: ContactMessageInput,
): Promise<ContactMessageReceipt> {
  // A reference collision is astronomically rare; retry a few times rather than fail the sender.
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await insertContactMessage(ctx.db, {
      ...input,
      phone: input.phone ?? null,
      reference: newReference(),
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      createdAt: ctx.clock.now(),
    });
    if (row) return { id: row.id, reference: row.reference, receivedAt: row.createdAt.toISOString() };
  }
  throw new AppError('INTERNAL_ERROR');
}
