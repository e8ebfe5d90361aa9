import { describe, expect, it } from 'vitest';
import { tradingMessages as tm } from '../messages/trading.tr.ts';
import { cargoCompanies, cargoTrackingUrl, shipOrderBodySchema } from './orders.ts';

describe('shipping body', () => {
  it('asks for both the carrier and the tracking number with the spec message', () => {
    for (const body of [
      {},
      { cargoCompany: 'aras' },
      { trackingNumber: 'ABC12345' },
      { cargoCompany: 'aras', trackingNumber: '  ' },
    ]) {
      const result = shipOrderBodySchema.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toContain(tm.fulfilment.shipMissing);
    }
  });

  it('takes 5 to 40 letters, digits and dashes, trimmed', () => {
    expect(shipOrderBodySchema.parse({ cargoCompany: 'ptt', trackingNumber: ' RR123456789TR ' }).trackingNumber).toBe(
      'RR123456789TR',
    );
    for (const trackingNumber of ['ab12', 'x'.repeat(41), 'ABC 12345', 'ABC/12345']) {
      expect(shipOrderBodySchema.safeParse({ cargoCompany: 'mng', trackingNumber }).success).toBe(false);
    }
  });
});

describe('carrier tracking pages', () => {
  it('puts the number, encoded, into each carrier public tracking address', () => {
    for (const company of cargoCompanies) {
      const url = cargoTrackingUrl(company, 'AB-123');
      expect(url).toMatch(/^https:\/\/[a-z.]+\.(com|com\.tr|gov\.tr)\//);
      expect(url).toContain('AB-123');
    }
    expect(cargoTrackingUrl('aras', 'a&b')).toContain('a%26b');
  });

  it('uses the tracking page format each carrier accepts', () => {
    expect(cargoTrackingUrl('aras', '3513773163316')).toBe(
      'https://kargotakip.araskargo.com.tr/mainpage.aspx?code=3513773163316',
    );
    expect(cargoTrackingUrl('mng', 'MNG-123456')).toBe('https://kargotakip.mngkargo.com.tr/?takipNo=MNG-123456');
    expect(cargoTrackingUrl('yurtici', '123456789012')).toBe(
      'https://www.yurticikargo.com/tr/online-servisler/gonderi-sorgula?code=123456789012',
    );
    expect(cargoTrackingUrl('ptt', 'KP01234567890')).toBe(
      'https://gonderitakip.ptt.gov.tr/Track/Verify?q=KP01234567890',
    );
  });
});
