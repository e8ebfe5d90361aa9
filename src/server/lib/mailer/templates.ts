import { escapeHtml } from '../html.ts';

/** Turkish HTML and text e-mails. Every value interpolated into HTML is escaped. */
export interface RenderedEmail {
  template: string;
  subject: string;
  html: string;
  text: string;
}

// Features that write their own mail bodies take the escaping with the layout.

export function layout(title: string, bodyHtml: string): string {
  return `<!doctype html><html lang="tr"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:12px;padding:32px">
<tr><td><p style="margin:0 0 16px;font-size:20px;font-weight:bold;color:#0f4c81">OptiStok</p>${bodyHtml}
<p style="margin:32px 0 0;font-size:12px;color:#64748b">Bu e-posta OptiStok tarafından otomatik olarak gönderildi. Sorularınız için destek@optistok.com.tr adresine yazabilirsiniz.</p>
</td></tr></table></td></tr></table></body></html>`;
}

export function button(url: string, label: string): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="background:#0f4c81;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></p>`;
}

export function passwordResetEmail(input: { name: string; resetUrl: string }): RenderedEmail {
  const subject = 'OptiStok şifre sıfırlama bağlantınız';
  const html = layout(
    subject,
    `<p>Merhaba ${escapeHtml(input.name)},</p>
<p>Hesabınız için şifre sıfırlama talebinde bulunuldu. Yeni şifrenizi belirlemek için aşağıdaki düğmeyi kullanın.</p>
${button(input.resetUrl, 'Yeni Şifre Belirle')}
<p>Bağlantı <strong>1 saat</strong> geçerlidir ve yalnızca bir kez kullanılabilir.</p>
<p>Bu talebi siz yapmadıysanız bu e-postayı dikkate almayın; şifreniz değişmez.</p>`,
  );
  const text = `Merhaba ${input.name},

Hesabınız için şifre sıfırlama talebinde bulunuldu. Yeni şifrenizi belirlemek için bu bağlantıyı açın:
${input.resetUrl}

Bağlantı 1 saat geçerlidir ve yalnızca bir kez kullanılabilir.
Bu talebi siz yapmadıysanız bu e-postayı dikkate almayın; şifreniz değişmez.`;
  return { template: 'password_reset', subject, html, text };
}

export function forcedResetEmail(input: {
  name: string;
  tempPassword: string;
  loginUrl: string;
  reason: string;
}): RenderedEmail {
  const subject = 'OptiStok: şifreniz yönetici tarafından sıfırlandı';
  const html = layout(
    subject,
    `<p>Merhaba ${escapeHtml(input.name)},</p>
<p>Hesabınızın şifresi bir yönetici tarafından sıfırlandı. Gerekçe: <em>${escapeHtml(input.reason)}</em></p>
<p>Geçici şifreniz: <strong style="font-family:monospace;font-size:16px">${escapeHtml(input.tempPassword)}</strong></p>
${button(input.loginUrl, 'Giriş Yap')}
<p>Giriş yaptığınızda yeni bir şifre belirlemeniz istenecek. Tüm açık oturumlarınız sonlandırıldı.</p>`,
  );
  const text = `Merhaba ${input.name},

Hesabınızın şifresi bir yönetici tarafından sıfırlandı. Gerekçe: ${input.reason}

Geçici şifreniz: ${input.tempPassword}
Giriş: ${input.loginUrl}

Giriş yaptığınızda yeni bir şifre belirlemeniz istenecek. Tüm açık oturumlarınız sonlandırıldı.`;
  return { template: 'forced_password_reset', subject, html, text };
}

const ATTACHMENT_FALLBACK_NOTICE =
  'Not: Bu e-postanın eki gönderilemedi. Belgeye OptiStok yönetim panelinden ulaşabilirsiniz.';

/** The mail's parts with a notice that its attachment could not be sent (the worker's fallback). */
export function withAttachmentFallbackNotice(mail: { html: string; text: string }): { html: string; text: string } {
  const paragraph = `<p style="margin:16px 0;padding:12px;border-radius:8px;background:#fef3c7;color:#78350f">${escapeHtml(ATTACHMENT_FALLBACK_NOTICE)}</p>`;
  const html = mail.html.includes('</body>')
    ? mail.html.replace('</body>', `${paragraph}</body>`)
    : mail.html + paragraph;
  return { html, text: `${mail.text}\n\n${ATTACHMENT_FALLBACK_NOTICE}` };
}

function detailRows(rows: [string, string | null | undefined][]): { html: string; text: string } {
  const shown = rows.filter((row): row is [string, string] => Boolean(row[1]));
  return {
    html: `<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;border-collapse:collapse;margin:16px 0">${shown
      .map(
        ([label, value]) =>
          `<tr><td style="padding:6px 8px 6px 0;color:#475569;vertical-align:top;white-space:nowrap">${escapeHtml(label)}</td><td style="padding:6px 0;vertical-align:top">${escapeHtml(value)}</td></tr>`,
      )
      .join('')}</table>`,
    text: shown.map(([label, value]) => `${label}: ${value}`).join('\n'),
  };
}

/** To the applicant, right after the application is received: what happens next. */
export function applicationReceivedEmail(input: { storeName: string; authorizedPerson: string }): RenderedEmail {
  const subject = 'OptiStok üyelik başvurunuz alındı';
  const html = layout(
    subject,
    `<p>Merhaba ${escapeHtml(input.authorizedPerson)},</p>
<p><strong>${escapeHtml(input.storeName)}</strong> için OptiStok üyelik başvurunuzu aldık. Teşekkür ederiz.</p>
<p>Bundan sonra ne olacak?</p>
<ol>
<li>Ekibimiz başvurunuzu ve vergi levhanızı inceler (genellikle 1-2 iş günü).</li>
<li>Başvurunuz onaylanırsa giriş bilgileriniz ve geçici şifreniz bu adrese e-posta ile gönderilir.</li>
<li>İlk girişinizde kendi şifrenizi belirlersiniz.</li>
</ol>
<p>Başvurunuz hakkında eklemek istedikleriniz için bu e-postayı yanıtlamak yerine destek@optistok.com.tr adresine yazabilirsiniz.</p>`,
  );
  const text = `Merhaba ${input.authorizedPerson},

${input.storeName} için OptiStok üyelik başvurunuzu aldık. Teşekkür ederiz.

Bundan sonra ne olacak?
1. Ekibimiz başvurunuzu ve vergi levhanızı inceler (genellikle 1-2 iş günü).
2. Başvurunuz onaylanırsa giriş bilgileriniz ve geçici şifreniz bu adrese e-posta ile gönderilir.
3. İlk girişinizde kendi şifrenizi belirlersiniz.

Başvurunuz hakkında eklemek istedikleriniz için destek@optistok.com.tr adresine yazabilirsiniz.`;
  return { template: 'application_received', subject, html, text };
}

/** What a store tells about itself in its application. */
export interface ApplicantDetails {
  storeName: string;
  authorizedPerson: string;
  email: string;
  phone: string;
  city: string;
  district: string | null;
  taxNumber: string;
  utsNumber: string | null;
  additionalInfo: string | null;
}

export interface NewApplicationEmailInput extends ApplicantDetails {
  documentName: string;
  /** False when the certificate is too large to attach: the mail points to the admin panel. */
  attachmentIncluded: boolean;
  adminUrl: string;
}

/** To the admin notification address: a new application, with the certificate attached. */
export function newApplicationAdminEmail(input: NewApplicationEmailInput): RenderedEmail {
  const subject = `Yeni üyelik başvurusu: ${input.storeName}`;
  const details = detailRows([
    ['Mağaza Adı', input.storeName],
    ['Yetkili Kişi', input.authorizedPerson],
    ['E-posta', input.email],
    ['Telefon', input.phone],
    ['İl', input.city],
    ['İlçe', input.district],
    ['Vergi Numarası', input.taxNumber],
    ['ÜTS Numarası', input.utsNumber],
    ['Ek Bilgiler', input.additionalInfo],
  ]);
  const documentLine = input.attachmentIncluded
    ? `Vergi levhası (${input.documentName}) bu e-postanın ekindedir.`
    : `Vergi levhası (${input.documentName}) e-postaya eklenemeyecek kadar büyük; belgeye yönetim panelinden ulaşabilirsiniz.`;
  const html = layout(
    subject,
    `<p>Yeni bir mağaza üyelik başvurusu incelemenizi bekliyor.</p>
${details.html}
<p>${escapeHtml(documentLine)}</p>
${button(input.adminUrl, 'Başvuruları İncele')}`,
  );
  const text = `Yeni bir mağaza üyelik başvurusu incelemenizi bekliyor.

${details.text}

${documentLine}

Başvuruları incelemek için: ${input.adminUrl}`;
  return { template: 'application_admin_notification', subject, html, text };
}

/** To the applicant on approval: the login details with the temporary password. */
export function applicationApprovedEmail(input: {
  email: string;
  storeName: string;
  tempPassword: string;
  loginUrl: string;
}): RenderedEmail {
  const subject = 'OptiStok üyelik başvurunuz onaylandı';
  const html = layout(
    subject,
    `<p>Merhaba,</p>
<p><strong>${escapeHtml(input.storeName)}</strong> için yaptığınız OptiStok üyelik başvurusu onaylandı. Aramıza hoş geldiniz!</p>
<p>E-posta: <strong>${escapeHtml(input.email)}</strong><br>
Geçici şifreniz: <strong style="font-family:monospace;font-size:16px">${escapeHtml(input.tempPassword)}</strong></p>
${button(input.loginUrl, 'Giriş Yap')}
<p>İlk girişinizde güvenliğiniz için yeni bir şifre belirlemeniz istenecek. Geçici şifrenizi kimseyle paylaşmayın.</p>`,
  );
  const text = `Merhaba,

${input.storeName} için yaptığınız OptiStok üyelik başvurusu onaylandı. Aramıza hoş geldiniz!

E-posta: ${input.email}
Geçici şifreniz: ${input.tempPassword}
Giriş: ${input.loginUrl}

İlk girişinizde güvenliğiniz için yeni bir şifre belirlemeniz istenecek. Geçici şifrenizi kimseyle paylaşmayın.`;
  return { template: 'application_approved', subject, html, text };
}

/** To the applicant on rejection, with the admin's reason. */
export function applicationRejectedEmail(input: { storeName: string; reason: string }): RenderedEmail {
  const subject = 'OptiStok üyelik başvurunuz hakkında';
  const html = layout(
    subject,
    `<p>Merhaba,</p>
<p><strong>${escapeHtml(input.storeName)}</strong> için yaptığınız OptiStok üyelik başvurusu maalesef onaylanamadı.</p>
<p>Gerekçe: <em>${escapeHtml(input.reason)}</em></p>
<p>Eksikleri giderdikten sonra yeniden başvurabilirsiniz. Sorularınız için destek@optistok.com.tr adresine yazabilirsiniz.</p>`,
  );
  const text = `Merhaba,

${input.storeName} için yaptığınız OptiStok üyelik başvurusu maalesef onaylanamadı.

Gerekçe: ${input.reason}

Eksikleri giderdikten sonra yeniden başvurabilirsiniz. Sorularınız için destek@optistok.com.tr adresine yazabilirsiniz.`;
  return { template: 'application_rejected', subject, html, text };
}

/** A seller's catalogue proposal as the outcome mails name it. */
export interface ProposalEmailInput {
  name: string;
  brand: string;
  modelCode: string;
  barcode: string | null;
}

function proposalDetails(input: ProposalEmailInput) {
  return detailRows([
    ['Ürün Adı', input.name],
    ['Marka', input.brand],
    ['Model Kodu', input.modelCode],
    ['Barkod', input.barcode],
  ]);
}

/** To the seller who proposed a product: it is in the catalogue now and can be listed. */
export function catalogueProposalApprovedEmail(input: ProposalEmailInput & { panelUrl: string }): RenderedEmail {
  const subject = 'Ürün öneriniz onaylandı';
  const details = proposalDetails(input);
  const html = layout(
    subject,
    `<p>Merhaba,</p>
<p>OptiStok kataloğuna önerdiğiniz ürün incelendi ve onaylandı. Artık bu ürün için ilan verebilirsiniz.</p>
${details.html}
${button(input.panelUrl, 'İlan Ver')}`,
  );
  const text = `Merhaba,

OptiStok kataloğuna önerdiğiniz ürün incelendi ve onaylandı. Artık bu ürün için ilan verebilirsiniz.

${details.text}

İlan vermek için: ${input.panelUrl}`;
  return { template: 'catalogue_proposal_approved', subject, html, text };
}

/** To the seller who proposed a product: it was not added, with the admin's reason. */
export function catalogueProposalRejectedEmail(input: ProposalEmailInput & { reason: string }): RenderedEmail {
  const subject = 'Ürün öneriniz hakkında';
  const details = proposalDetails(input);
  const html = layout(
    subject,
    `<p>Merhaba,</p>
<p>OptiStok kataloğuna önerdiğiniz ürün maalesef kataloğa eklenemedi.</p>
${details.html}
<p>Gerekçe: <em>${escapeHtml(input.reason)}</em></p>
<p>Bilgileri düzelterek ürünü yeniden önerebilirsiniz.</p>`,
  );
  const text = `Merhaba,

OptiStok kataloğuna önerdiğiniz ürün maalesef kataloğa eklenemedi.

${details.text}

Gerekçe: ${input.reason}

Bilgileri düzelterek ürünü yeniden önerebilirsiniz.`;
  return { template: 'catalogue_proposal_rejected', subject, html, text };
}
