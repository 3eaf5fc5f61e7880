import type { UserInfo } from '@yunyao/contract';
import { useTranslation } from 'react-i18next';
import { formatYuan } from './useUserInfo.ts';

/** What live tasks and pending refunds set aside, and what is left for new tasks; shown only while something is held. */
export function HeldBalance({ info, className }: { info: Pick<UserInfo, 'held' | 'available'>; className?: string }) {
  const { t } = useTranslation();
  if (info.held <= 0) return null;
  return (
    <span className={className} data-testid="balance-held" data-held={info.held} data-available={info.available}>
      {t('home.heldAvailable', { held: formatYuan(info.held), available: formatYuan(info.available) })}
    </span>
  );
}
