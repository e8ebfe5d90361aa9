/** A long-form public page (corporate, legal, help). Rendered by ContentPage. */
export interface ContentSection {
  heading: string;
  paragraphs?: string[];
  /** Bullet points shown after the paragraphs. */
  items?: string[];
  /** Question/answer pairs (FAQ-style), shown as an accordion. */
  faqs?: { question: string; answer: string }[];
}

export interface ContentPageData {
  /** Page title (h1) and document title. */
  title: string;
  /** One or two sentences under the title. */
  lead: string;
  /** Shown as "Son güncelleme: dd.MM.yyyy" on legal pages. ISO date. */
  updatedAt?: string;
  sections: ContentSection[];
  /** Optional call to action at the end. */
  cta?: { label: string; to: string };
}

/** Route slug (path without the leading slash) → page. */
export type ContentPages = Record<string, ContentPageData>;
