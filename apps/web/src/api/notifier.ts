import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';

/**
 * The API client lives outside React but must show antd toasts and dialogs that
 * follow the app's theme and language; the shell hands it these on mount.
 */
interface Notifier {
  message: MessageInstance;
  modal: ModalHookAPI;
  navigate: (to: string) => void;
}

let current: Notifier | null = null;

export function connectNotifier(notifier: Notifier): void {
  current = notifier;
}

export function notifier(): Notifier | null {
  return current;
}
