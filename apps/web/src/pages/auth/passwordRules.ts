import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/** Mirrors the server's PASSWORD_MIN; kept here because that constant lives beside zod in the contract. */
export const PASSWORD_MIN = 6;
const PASSWORD_MAX = 128;

export function passwordRules(t: TFunction): FormRule[] {
  return [
    { required: true, message: t('rules.passwordRequired') },
    { min: PASSWORD_MIN, max: PASSWORD_MAX, message: t('rules.passwordMin', { count: PASSWORD_MIN }) },
  ];
}

/** The confirm field must repeat the field called `field`. */
export function confirmRules(t: TFunction, field: string): FormRule[] {
  return [
    { required: true, message: t('rules.confirmRequired') },
    ({ getFieldValue }) => ({
      validator: (_, value: unknown) =>
        !value || getFieldValue(field) === value ? Promise.resolve() : Promise.reject(new Error(t('rules.confirmMismatch'))),
    }),
  ];
}

export function emailRules(t: TFunction): FormRule[] {
  return [
    { required: true, whitespace: true, message: t('rules.emailRequired') },
    { type: 'email', message: t('rules.emailInvalid') },
  ];
}
