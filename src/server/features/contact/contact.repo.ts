import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema/contact-messages.ts';

export type NewContactMessage = typeof contactMessages.$inferInsert;

export async function insertContactMessage(db: Db, message: NewContactMessage) {
  const [row] = await db
    .insert(contactMessages)
    .values(message)
    .onConflictDoNothing({ target: contactMessages.reference })
    .returning({ id: contactMessages.id, reference: contactMessages.reference, createdAt: contactMessages.createdAt });
  return row ?? null;
}
