import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { renderMessage, type Lang, type Say } from '@yunyao/contract';
import { common } from './common.ts';

export type Language = 'zh-CN' | 'en';
export const LANGUAGES: readonly Language[] = ['zh-CN', 'en'];
const STORAGE_KEY = 'lang';

/** One bundle of strings per feature, both languages side by side so none is forgotten. */
export interface Messages<T extends Record<string, unknown> = Record<string, unknown>> {
  zh: T;
  en: T;
}

function storedLanguage(): Language {
  const saved = localStorage.getItem(STORAGE_KEY);
  return saved === 'en' ? 'en' : 'zh-CN';
}

void i18n.use(initReactI18next).init({
  lng: storedLanguage(),
  fallbackLng: 'zh-CN',
  defaultNS: 'common',
  ns: ['common'],
  resources: { 'zh-CN': { common: common.zh }, en: { common: common.en } },
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Adds a feature's strings under its own namespace; safe to call again (hot reload). */
export function registerMessages(namespace: string, messages: Messages): void {
  i18n.addResourceBundle('zh-CN', namespace, messages.zh, true, true);
  i18n.addResourceBundle('en', namespace, messages.en, true, true);
}

export function setLanguage(lang: Language): void {
  localStorage.setItem(STORAGE_KEY, lang);
  document.documentElement.lang = lang;
  void i18n.changeLanguage(lang);
}

/** The message catalogues' language for an i18next language (`zh-CN` → `zh`). */
export function messageLanguage(lang: string = i18n.language): Lang {
  return lang === 'en' ? 'en' : 'zh';
}

/**
 * A message id from a module's or the API's catalogue (a schema's refusal, a step's failure
 * reason), or words in both languages, in the page's language; see @yunyao/contract messages.
 */
export function say(text: Say, lang: string = i18n.language): string {
  return renderMessage(text, messageLanguage(lang));
}

/** Picks the side of a bilingual value (module names, descriptions) for the current language. */
export function pick(value: { zh: string; en: string }, lang: string = i18n.language): string {
  return lang === 'en' ? value.en : value.zh;
}

export { i18n };
