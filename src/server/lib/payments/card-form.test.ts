import { paymentPageMessages } from '#shared/messages/payment-pages.tr.ts';
import { describe, expect, it } from 'vitest';
import { cardBrandOf, isLuhnValid, parseCardForm } from './card-form.ts';

const m = paymentPageMessages;
const june2026 = new Date('2026-06-15T09:00:00Z');

function expiryOf(expiry: string, now = june2026) {
  const result = parseCardForm({ cardHolder: 'Ayşe Yılmaz', cardNumber: '5528790000000008', expiry, cvc: '123' }, now);
  return result.ok ? `${result.card.expireMonth}/${result.card.expireYear}` : result.errors.expiry;
}

describe('card form', () => {
  it('reads the expiry with or without the slash (a phone number pad has none)', () => {
    expect(expiryOf('12/30')).toBe('12/2030');
    expect(expiryOf(' 1 / 30 ')).toBe('01/2030');
    expect(expiryOf('1230')).toBe('12/2030');
    expect(expiryOf('13/30')).toBe(m.expiryInvalid);
    expect(expiryOf('00/30')).toBe(m.expiryInvalid);
  });

  it('accepts a card until the end of its expiry month in Turkish time', () => {
    expect(expiryOf('06/26')).toBe('06/2026');
    expect(expiryOf('05/26')).toBe(m.expired);
    // 30 June 21:30 UTC is already 1 July in Türkiye.
    expect(expiryOf('06/26', new Date('2026-06-30T21:30:00Z'))).toBe(m.expired);
  });

  it('checks the Luhn digit and names the brand by prefix', () => {
    expect(isLuhnValid('5528790000000008')).toBe(true);
    expect(isLuhnValid('5528790000000009')).toBe(false);
    expect(cardBrandOf('4111111111111129')).toBe('Visa');
    expect(cardBrandOf('5528790000000008')).toBe('Mastercard');
    expect(cardBrandOf('2221000000000009')).toBe('Mastercard');
    expect(cardBrandOf('9792030000000000')).toBe('Troy');
    expect(cardBrandOf('374245455400126')).toBe('Amex');
    expect(cardBrandOf('1234567890123')).toBeNull();
  });

  it('gives back the name and expiry but never the card number or CVC', () => {
    const result = parseCardForm(
      { cardHolder: '', cardNumber: '4111111111111112', expiry: '12/30', cvc: '99' },
      june2026,
    );
    expect(result).toEqual({
      ok: false,
      errors: { cardHolder: m.cardHolderRequired, cardNumber: m.cardNumberInvalid, cvc: m.cvcInvalid },
      values: { cardHolder: '', expiry: '12/30' },
    });
  });
});
