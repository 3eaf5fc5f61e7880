/**
 * Messages with ids: every text a user may read from the server (a refusal, a task's failure
 * reason) has a stable id such as `sign.ligandFileMissing`, and its Chinese and English side by
 * side in a catalogue. A module keeps its catalogue in its own folder
 * (`packages/modules/<code>/<code>.messages.ts`); texts several modules share live in
 * `packages/modules/shared/shared.messages.ts`, the API's own in `errors.ts` and
 * `server.messages.ts`. Errors carry the id and its parameters; whoever shows the text renders it
 * in the reader's language (the server from Accept-Language, Chinese by default).
 *
 * Browser-safe: the web app renders the same ids with the same catalogues.
 */

export type Lang = 'zh' | 'en';

/** A text in Chinese (the spec's words) and English. */
export interface LangText {
  zh: string;
  en: string;
}

/**
 * A parameter's value: a number or text as it is, words that differ by language (a module's
 * name), or a message of its own (a step's reason inside its workflow's), rendered in the same language.
 */
export type MessageParam = string | number | LangText | Message;
export type MessageParams = Readonly<Record<string, MessageParam>>;

/** What an error carries: a message id and the values of its `{placeholders}`. */
export interface Message {
  code: string;
  params?: MessageParams;
}

/** Anything that says something: a message, words in both languages, or a text that is the same in both. */
export type Say = Message | LangText | string;

const catalogue = new Map<string, LangText>();

const ID = /^[a-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)+$/;

/**
 * Registers a catalogue under `namespace` and answers each entry's id (`namespace.key`), to put
 * in a zod schema's `{ error }`, an `ApiError` or a function's answer. Placeholders are written
 * `{name}`; the values come with the message (`message(id, { name })`). Registering again (a
 * reloaded page) replaces the texts.
 */
export function defineMessages<const T extends Record<string, LangText>>(namespace: string, texts: T): { readonly [K in keyof T]: string } {
  const ids: Record<string, string> = {};
  for (const [key, text] of Object.entries(texts)) {
    const id = `${namespace}.${key}`;
    if (!ID.test(id)) throw new Error(`message id ${id} is not of the form namespace.key`);
    catalogue.set(id, text);
    ids[key] = id;
  }
  return ids as { readonly [K in keyof T]: string };
}

const TEXT_MESSAGES = defineMessages('text', {
  /** Words computed in both languages where they arise (a quantum input's problem): `{text}` is a `LangText`. */
  bilingual: { zh: '{text}', en: '{text}' },
});

/** Words in both languages as a message string, for the places that carry strings (a zod issue). */
export function bilingualRef(text: LangText): string {
  return messageRef(TEXT_MESSAGES.bilingual, { text: { zh: text.zh, en: text.en } });
}

/** Every registered message, by id (tests check each has both languages and the same placeholders). */
export function registeredMessages(): ReadonlyMap<string, LangText> {
  return catalogue;
}

export function isMessageId(text: string): boolean {
  return catalogue.has(text);
}

/** A message with its parameters. */
export function message(code: string, params?: MessageParams): Message {
  return params ? { code, params } : { code };
}

const PARAMS_MARK = '#';

/**
 * A message as one string, for the places that only carry strings (a zod issue's message, a step's
 * failure reason): the id, then `#` and the parameters as JSON when it has some.
 */
export function encodeMessage(m: Message): string {
  return m.params && Object.keys(m.params).length ? `${m.code}${PARAMS_MARK}${JSON.stringify(m.params)}` : m.code;
}

/** A message with its parameters as one string (`encodeMessage`): for a zod `{ error }` or a function that answers a string. */
export function messageRef(code: string, params?: MessageParams): string {
  return encodeMessage(message(code, params));
}

/** The message a string encodes (see `encodeMessage`), or undefined for a plain text. */
export function decodeMessage(text: string): Message | undefined {
  const mark = text.indexOf(PARAMS_MARK);
  const code = mark < 0 ? text : text.slice(0, mark);
  if (!ID.test(code)) return undefined;
  if (mark < 0) return { code };
  try {
    const params: unknown = JSON.parse(text.slice(mark + 1));
    return typeof params === 'object' && params !== null && !Array.isArray(params) ? { code, params: params as MessageParams } : undefined;
  } catch {
    return undefined;
  }
}

function isLangText(value: unknown): value is LangText {
  return typeof value === 'object' && value !== null && typeof (value as LangText).zh === 'string' && typeof (value as LangText).en === 'string';
}

function isMessage(value: unknown): value is Message {
  return typeof value === 'object' && value !== null && typeof (value as Message).code === 'string';
}

function paramText(value: MessageParam, lang: Lang): string {
  if (isLangText(value)) return value[lang];
  if (isMessage(value)) return renderMessage(value, lang);
  return typeof value === 'number' ? value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 6 }) : String(value);
}

/** A template with its `{name}` placeholders filled; placeholders without a value are left as written. */
export function interpolate(template: string, params: MessageParams | undefined, lang: Lang): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? paramText(params[name]!, lang) : whole));
}

/**
 * The text in `lang`. A string is read as an encoded message when it names a registered id,
 * else as a text that is the same in both languages (a file name, words not yet given an id).
 * An id nobody registered renders as itself, so a missing catalogue shows, rather than hides.
 */
export function renderMessage(say: Say, lang: Lang): string {
  if (typeof say === 'string') {
    const decoded = decodeMessage(say);
    return decoded && catalogue.has(decoded.code) ? renderMessage(decoded, lang) : say;
  }
  if (isMessage(say)) {
    const text = catalogue.get(say.code);
    return text ? interpolate(text[lang], say.params, lang) : say.code;
  }
  return say[lang];
}

/** Both languages of what `say` says. */
export function bothLanguages(say: Say): LangText {
  return { zh: renderMessage(say, 'zh'), en: renderMessage(say, 'en') };
}

/** `say` as a message where it is one (a registered id, encoded or not), else undefined. */
export function asMessage(say: Say): Message | undefined {
  if (typeof say === 'string') {
    const decoded = decodeMessage(say);
    return decoded && catalogue.has(decoded.code) ? decoded : undefined;
  }
  return isMessage(say) && catalogue.has(say.code) ? say : undefined;
}

/**
 * The reader's language from an Accept-Language header: English where the most preferred of
 * Chinese and English is English, Chinese otherwise (and when the header names neither).
 */
export function languageOf(acceptLanguage: string | undefined | null): Lang {
  if (!acceptLanguage) return 'zh';
  let best: { lang: Lang; q: number } | undefined;
  for (const part of acceptLanguage.split(',')) {
    const [tag = '', ...rest] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (primary !== 'zh' && primary !== 'en') continue;
    const qParam = rest.map((r) => r.trim()).find((r) => r.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { lang: primary, q };
  }
  return best?.lang ?? 'zh';
}

/** The `{name}` placeholders a text uses. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))].sort();
}
