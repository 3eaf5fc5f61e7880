import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { pick } from '../i18n/index.ts';
import type { Label } from './catalogue.ts';

/** Text of a catalogue label in the current language. */
export function useLabel(): (label: Label) => string {
  const { t, i18n } = useTranslation();
  return useCallback((label: Label) => ('i18nKey' in label ? t(label.i18nKey) : pick(label, i18n.language)), [t, i18n.language]);
}
