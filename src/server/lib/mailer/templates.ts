/** Turkish HTML and text e-mails. Every value interpolated into HTML is escaped. */
export interface RenderedEmail {
  template: string;
  subject: string;
  html: string;
  text: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function layout(title: string, bodyHtml: string): string {
  return `<!doctype html><html lang="tr"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:12px;padding:32px">
<tr><td><p style="margin:0 0 16px;font-size:20px;font-weight:bold;color:#0f4c81">OptiStok</p>${bodyHtml}
<p style="margin:32px 0 0;font-size:12px;color:#64748b">Bu e-posta OptiStok tarafından otomatik olarak gönderildi. Sorularınız için destek@optistok.com.tr adresine yazabilirsiniz.</p>
</td></tr></table></td></tr></table></body></html>`;
}

function button(url: string, label: string): string {
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

export function forcedResetEmail(input: { name: string; tempPassword: string; loginUrl: string; reason: string }): RenderedEmail {
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
