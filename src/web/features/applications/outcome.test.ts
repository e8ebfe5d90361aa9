import { describe, expect, it } from 'vitest';
import type { ApplicationReceipt } from '#shared/schemas/applications.ts';
import { applicationOutcome } from './outcome.ts';

function receipt(change: {
  fileAttached?: boolean;
  userEmailSent?: boolean;
  adminEmailSent?: boolean;
  fallbackUsed?: boolean;
}): ApplicationReceipt {
  const adminEmailSent = change.adminEmailSent ?? true;
  return {
    id: '7d1b1f5e-4c71-4a52-9a4c-2f4d8f1e0a11',
    fileAttached: change.fileAttached ?? true,
    userEmailSent: change.userEmailSent ?? true,
    adminEmailSent,
    details: {
      adminEmail: {
        id: adminEmailSent ? 'e-1' : null,
        emailId: adminEmailSent ? 'e-1' : null,
        fallbackUsed: change.fallbackUsed ?? false,
        attachmentIncluded: change.fileAttached ?? true,
      },
      userEmail: { id: 'e-2' },
    },
  };
}

describe('applicationOutcome: the toasts of spec part 1 §8', () => {
  it('certificate attached and the admin mail queued: "Başvuru ve Belge Gönderildi", without the mail id', () => {
    expect(applicationOutcome(receipt({}), true)).toEqual({
      tone: 'success',
      title: 'Başvuru ve Belge Gönderildi',
      description: 'Başvurunuz ve vergi levhanız iletildi.',
    });
  });

  it('fallback mail: "Başvuru Gönderildi" with the warning to send the certificate to support', () => {
    const outcome = applicationOutcome(receipt({ fileAttached: false, fallbackUsed: true }), true);
    expect(outcome).toMatchObject({ tone: 'warning', title: 'Başvuru Gönderildi' });
    expect(outcome.description).toContain('destek@optistok.com.tr');
  });

  it('a file given but not attached (no admin mail): "Dosya Eki Sorunu"', () => {
    expect(applicationOutcome(receipt({ fileAttached: false, adminEmailSent: false }), true)).toMatchObject({
      tone: 'warning',
      title: 'Dosya Eki Sorunu',
    });
  });

  it('no file involved: the plain success', () => {
    expect(applicationOutcome(receipt({ fileAttached: false, adminEmailSent: false }), false)).toEqual({
      tone: 'success',
      title: 'Başvuru Gönderildi, e-posta adresinizi kontrol ediniz.',
    });
  });

  it('no e-mail queued at all: "Başvuru Kaydedildi"', () => {
    expect(
      applicationOutcome(receipt({ fileAttached: false, adminEmailSent: false, userEmailSent: false }), true),
    ).toMatchObject({
      tone: 'warning',
      title: 'Başvuru Kaydedildi',
    });
  });
});
