import { App as AntApp } from 'antd';

/** Spec: required-field warnings show for 2 seconds. */
const WARNING_SECONDS = 2;

export function useFormWarning(): (text: string) => void {
  const { message } = AntApp.useApp();
  return (text) => void message.warning(text, WARNING_SECONDS);
}
