import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html.ts';

describe('escapeHtml', () => {
  it('escapes the five characters that can end text or an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    );
  });

  it('leaves Turkish text and already plain text alone', () => {
    expect(escapeHtml('Şişli Optik · ğüşıöç İ ₺1.234,56')).toBe('Şişli Optik · ğüşıöç İ ₺1.234,56');
  });
});
