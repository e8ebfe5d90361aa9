import type { PaymentExpectation, StartPaymentInput } from './provider.ts';

/** Test helpers shared by the payment providers' tests (no test runner imports here). */

export const testBuyer: StartPaymentInput['buyer'] = {
  id: 'buyer-1',
  name: 'Ayşe Yılmaz',
  email: 'ayse@example.com',
  phone: '+905321112233',
  identityNumber: '1234567890',
  city: 'İstanbul',
  address: 'Bağdat Cad. 1, Kadıköy',
  ip: '203.0.113.7',
};

export function testPaymentInput(overrides: Partial<StartPaymentInput> = {}): StartPaymentInput {
  return {
    conversationId: crypto.randomUUID(),
    amountKurus: 150_050,
    installments: 1,
    items: [
      // Sellers' shares at a 2.5 % commission.
      {
        itemId: 'order-a',
        name: 'OS-2026-000001',
        category: 'Optik',
        priceKurus: 100_000,
        sellerShareKurus: 97_500,
        subMerchantKey: 'sm-a',
      },
      {
        itemId: 'order-b',
        name: 'OS-2026-000002',
        category: 'Optik',
        priceKurus: 50_050,
        sellerShareKurus: 48_799,
        subMerchantKey: 'sm-b',
      },
    ],
    buyer: testBuyer,
    callbackUrl: 'http://localhost:3000/api/payments/callback/sandbox',
    ...overrides,
  };
}

/** The hidden fields and action of the first form on a page that posts only hidden fields. */
export function readPostForm(html: string, buttonLabel: string): { action: string; fields: Record<string, string> } {
  const forms = [...html.matchAll(/<form method="post" action="([^"]*)">([\s\S]*?)<\/form>/g)];
  const form = forms.find((f) => f[2]!.includes(`>${buttonLabel}</button>`));
  if (!form) throw new Error(`no form with the button ${buttonLabel}`);
  const fields: Record<string, string> = {};
  for (const input of form[2]!.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
    fields[input[1]!] = unescapeHtml(input[2]!);
  }
  return { action: unescapeHtml(form[1]!), fields };
}

function unescapeHtml(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

export function formBody(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

export const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };

/** What our books say the test payment is: the provider's answer must match it (decision 037). */
export function expectationOf(input: StartPaymentInput): PaymentExpectation {
  return {
    conversationId: input.conversationId,
    amountKurus: input.amountKurus,
    itemIds: input.items.map((item) => item.itemId),
  };
}
