/**
 * User-facing messages are Chinese first with an English twin (the UI shows `zh`, logs and
 * API clients may prefer `en`). Input problems are thrown as `QmInputError` so callers can
 * tell a user's mistake from a bug and show the message as is.
 */

export interface Bilingual {
  zh: string;
  en: string;
}

export class QmInputError extends Error {
  readonly zh: string;
  readonly en: string;
  /** 1-based line of the offending text, when the problem is on one line. */
  readonly line?: number;

  constructor(message: Bilingual, line?: number) {
    super(message.en);
    this.name = 'QmInputError';
    this.zh = message.zh;
    this.en = message.en;
    if (line !== undefined) this.line = line;
  }

  get bilingual(): Bilingual {
    return { zh: this.zh, en: this.en };
  }
}
