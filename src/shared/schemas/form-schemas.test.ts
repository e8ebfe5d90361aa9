import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { answerDisputeFormSchema, decideDisputeFormSchema } from './disputes.ts';
import { emailAttachmentTestFormSchema } from './admin.ts';

/** Each field's first Turkish message, or null when the input passes. */
function problems(schema: z.ZodType, input: unknown): Record<string, string> | null {
  const result = schema.safeParse(input);
  if (result.success) return null;
  const found: Record<string, string> = {};
  for (const issue of result.error.issues) found[issue.path.join('.')] ??= issue.message;
  return found;
}

describe('the dispute decision form', () => {
  const decision = { decision: 'partial_refund', amount: '10,50', reason: ' Sap kırık ', restock: false } as const;

  it('reads a partial refund typed in lira as kuruş, with the trimmed reason', () => {
    expect(decideDisputeFormSchema.parse(decision)).toEqual({
      decision: 'partial_refund',
      amountKurus: 1_050,
      reason: 'Sap kırık',
      restock: false,
    });
  });

  it('asks for an amount only for a partial refund', () => {
    expect(problems(decideDisputeFormSchema, { ...decision, amount: 'on lira' })).toEqual({
      amount: 'Lütfen geçerli bir tutar girin',
    });
    expect(problems(decideDisputeFormSchema, { ...decision, amount: '0' })).toEqual({
      amount: 'Lütfen geçerli bir tutar girin',
    });
    expect(decideDisputeFormSchema.parse({ ...decision, decision: 'release', amount: '' }).amountKurus).toBeUndefined();
  });

  it('refuses a decision without a reason', () => {
    expect(Object.keys(problems(decideDisputeFormSchema, { ...decision, reason: '  ' }) ?? {})).toEqual(['reason']);
  });
});

describe('the dispute answer form', () => {
  it('reads an offer typed in lira as kuruş, and a blank offer as none', () => {
    expect(answerDisputeFormSchema.parse({ statement: ' Sağlam gönderildi ', offer: '1.250,50' })).toEqual({
      statement: 'Sağlam gönderildi',
      offerKurus: 125_050,
    });
    expect(answerDisputeFormSchema.parse({ statement: 'Sağlam gönderildi', offer: ' ' }).offerKurus).toBeNull();
  });

  it('names the offer it cannot read and the missing statement, in Turkish', () => {
    expect(problems(answerDisputeFormSchema, { statement: '  ', offer: 'yarısı' })).toEqual({
      statement: 'Lütfen yanıtınızı yazın',
      offer: 'Lütfen geçerli bir tutar girin',
    });
    expect(problems(answerDisputeFormSchema, { statement: 'Tamam', offer: '0' })).toEqual({
      offer: 'Lütfen geçerli bir tutar girin',
    });
  });
});

describe('the attachment test form', () => {
  const file = { name: 'deneme-eki.pdf', size: 1024 };

  it('takes an address and a file of at most 5 MB', () => {
    expect(emailAttachmentTestFormSchema.parse({ email: ' Test@Ornek.com ', file })).toEqual({
      email: 'test@ornek.com',
      file,
    });
  });

  it('asks for the file, and refuses one over 5 MB', () => {
    expect(problems(emailAttachmentTestFormSchema, { email: 'test@ornek.com' })).toEqual({
      file: 'Ek testi için dosya seçin',
    });
    expect(
      problems(emailAttachmentTestFormSchema, { email: 'test@ornek.com', file: { ...file, size: 6 * 1024 * 1024 } }),
    ).toEqual({
      file: 'Test eki en fazla 5 MB olabilir',
    });
  });
});
