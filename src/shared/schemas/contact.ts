import { CONTACT_MESSAGE_MAX } from '../constants.ts';
import { contactPageMessages } from '../messages/contact.tr.ts';
import { emailSchema, phoneSchema } from './common.ts';
import { z } from './zod-tr.ts';

const m = contactPageMessages;

export const createContactMessageBodySchema = z.object({
  name: z.string({ error: m.nameMin }).trim().min(2, m.nameMin).max(100, m.nameMax),
  email: emailSchema({ invalid: m.emailInvalid, short: m.emailShort, long: m.emailLong }),
  // Optional: an empty field means "not given".
  phone: z
    .union([z.literal(''), phoneSchema({ invalid: m.phoneInvalid, short: m.phoneShort, long: m.phoneLong })])
    .optional()
    .transform((value) => (value ? value : undefined)),
  subject: z.string({ error: m.subjectMin }).trim().min(3, m.subjectMin).max(150, m.subjectMax),
  message: z.string({ error: m.messageMin }).trim().min(10, m.messageMin).max(CONTACT_MESSAGE_MAX, m.messageMax),
});
export type CreateContactMessageBody = z.input<typeof createContactMessageBodySchema>;

export const contactMessageReceiptSchema = z.object({
  id: z.uuid(),
  /** Short reference the sender can quote, e.g. "ILT-4F2A9C". */
  reference: z.string(),
  receivedAt: z.iso.datetime(),
});
export type ContactMessageReceipt = z.infer<typeof contactMessageReceiptSchema>;
