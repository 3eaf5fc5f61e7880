/**
 * The tutorial is the repository's own docs/tutorial/*.md, turned into HTML at build
 * time (vite.config.ts). Each page becomes its own chunk, so the document route stays
 * small until a page is opened.
 */
const FILES = import.meta.glob<string>('../../../../../docs/tutorial/*.md', { query: '?html', import: 'default' });

/** Reading order of the table of contents; `index` is what /document shows. */
export const TUTORIAL_SLUGS = ['index', 'data-center', 'library', 'convert', 'admet', 'docking', 'viewer', 'affinity', 'pharmacophore', 'free-energy', 'workflow', 'quantum', 'peptides', 'licensed', 'tasks', 'api'] as const;
export type TutorialSlug = (typeof TUTORIAL_SLUGS)[number];

export function isTutorialSlug(slug: string): slug is TutorialSlug {
  return (TUTORIAL_SLUGS as readonly string[]).includes(slug);
}

export function tutorialPath(slug: TutorialSlug): string {
  return slug === 'index' ? '/document' : `/document/${slug}`;
}

export async function loadTutorial(slug: TutorialSlug): Promise<string> {
  const load = FILES[`../../../../../docs/tutorial/${slug}.md`];
  if (!load) throw new Error(`docs/tutorial/${slug}.md is missing from the build`);
  return load();
}
