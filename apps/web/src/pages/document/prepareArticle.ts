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
 * Adds heading anchors and safe external-link targets to a tutorial page. The HTML
 * was rendered at build time from the repository's own markdown (vite.config.ts),
 * never from user input, so it needs no sanitiser in the browser.
 */
export function prepareArticle(html: string): RenderedArticle {
  const template = document.createElement('template');
  template.innerHTML = html;

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
