import { Slider, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DisplayOptions } from './viewer-params.ts';
import './viewer.i18n.ts';

type Toggle = 'cartoon' | 'surface' | 'ligand' | 'pocket';

/**
 * The representation switches. The pocket is the docking box and the residues inside it when the
 * link gave a box, else the residues around the ligands; with neither it cannot be shown.
 */
export function DisplayPanel({ display, onChange, hasBox, hasLigands }: { display: DisplayOptions; onChange: (display: DisplayOptions) => void; hasBox: boolean; hasLigands: boolean }) {
  const { t } = useTranslation('viewer');
  const pocketHint = hasBox ? t('pocketFromBox') : hasLigands ? t('pocketFromLigands') : t('pocketNone');
  const toggle = (key: Toggle, label: string, hint?: ReactNode, disabled = false) => (
    <div style={{ display: 'flex', alignItems: 'flex-start', gap: 8 }}>
      <Switch size="small" checked={display[key] && !disabled} disabled={disabled} onChange={(on) => onChange({ ...display, [key]: on })} data-testid={`viewer-toggle-${key}`} style={{ marginTop: 3 }} />
      <div>
        <Typography.Text>{label}</Typography.Text>
        {hint && (
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {hint}
          </Typography.Text>
        )}
      </div>
    </div>
  );
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 6 }} data-testid="viewer-display">
      {toggle('cartoon', t('cartoon'))}
      {toggle('surface', t('surface'))}
      <div style={{ paddingLeft: 36, display: 'flex', alignItems: 'center', gap: 8 }}>
        <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
          {t('surfaceOpacity')}
        </Typography.Text>
        <Slider
          style={{ flex: 1, margin: '4px 0' }}
          min={0.1}
          max={1}
          step={0.05}
          disabled={!display.surface}
          // Uncontrolled while dragging: the surface is recomputed once, on release.
          defaultValue={display.surfaceOpacity}
          onChangeComplete={(value: number) => onChange({ ...display, surfaceOpacity: value })}
        />
      </div>
      {toggle('ligand', t('ligand'))}
      {toggle('pocket', t('pocket'), pocketHint, !hasBox && !hasLigands)}
    </div>
  );
}
