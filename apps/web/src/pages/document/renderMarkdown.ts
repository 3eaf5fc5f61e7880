import DOMPurify from 'dompurify';
import { marked } from 'marked';

export interface Heading {
  id: string;
  text: string;
}

export interface RenderedArticle {
  html: string;
  /** The article's second-level headings, for the "on this page" list. */
  headings: Heading[];
}

/**
 * Markdown to sanitised HTML. Ids and link targets are added after sanitising, on an
 * inert template, so nothing the markdown says can reach the page unsanitised.
 */
export function renderMarkdown(markdown: string): RenderedArticle {
  const raw = marked.parse(markdown, { async: false, gfm: true });
  const template = document.createElement('template');
  template.innerHTML = DOMPurify.sanitize(raw);

  const headings: Heading[] = [];
  template.content.querySelectorAll('h2').forEach((h, i) => {
    h.id = `section-${i + 1}`;
    headings.push({ id: h.id, text: h.textContent?.trim() ?? '' });
  });
  template.content.querySelectorAll<HTMLAnchorElement>('a[href^="http"]').forEach((a) => {
    a.target = '_blank';
    a.rel = 'noopener noreferrer';
  });
  return { html: template.innerHTML, headings };
}
