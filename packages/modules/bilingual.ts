/** A text in Chinese (the spec's words) and English; apart from types.ts so that what types.ts names can use it too. */
export interface Bilingual {
  zh: string;
  en: string;
}
