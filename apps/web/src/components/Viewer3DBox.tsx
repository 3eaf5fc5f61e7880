import './module-page/module-page.i18n.ts';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';

/** The bordered box a 3Dmol.js viewer draws into, with the message shown when 3Dmol.js cannot load. */
export function Viewer3DBox({ host, failed, height, testId, children }: { host: RefObject<HTMLDivElement | null>; failed: boolean; height: number; testId?: string; children?: ReactNode }) {
  const { t } = useTranslation('modulePage');
  return (
    <div style={{ position: 'relative', width: '100%', height, border: '1px solid #f0f0f0', borderRadius: 8 }} data-testid={testId}>
      <div ref={host} style={{ position: 'absolute', inset: 0 }} />
      {failed && <div style={{ padding: 16, color: '#999' }}>{t('view3dFailed')}</div>}
      {children}
    </div>
  );
}
