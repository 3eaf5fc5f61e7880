import { Button, Empty, Input, Segmented, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { atomLabel, residueKey, residueLabel, type Measurement, type PickedAtom, type SelectedResidue } from './picking.ts';
import './viewer.i18n.ts';

export type ClickMode = 'select' | 'measure';

export interface PickingPanelProps {
  mode: ClickMode;
  onModeChange: (mode: ClickMode) => void;
  /** Selects the typed residue; answers why it could not, or null. */
  onTypeResidue: (text: string) => string | null;
  selection: readonly SelectedResidue[];
  onUnselect: (residue: SelectedResidue) => void;
  onClearSelection: () => void;
  measurements: readonly Measurement[];
  pending: PickedAtom | null;
  onClearMeasurements: () => void;
}

/** What a click on an atom does, the residue typed by chain and number, the selected residues and the measured distances. */
export function PickingPanel(props: PickingPanelProps) {
  const { t } = useTranslation('viewer');
  const [typed, setTyped] = useState('');
  const [typeError, setTypeError] = useState<string | null>(null);
  const submit = () => {
    const problem = props.onTypeResidue(typed);
    setTypeError(problem);
    if (!problem) setTyped('');
  };
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 10 }}>
      <div>
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginBottom: 4 }}>
          {t('clickMode')}
        </Typography.Text>
        <Segmented<ClickMode>
          block
          value={props.mode}
          onChange={props.onModeChange}
          options={[
            { value: 'select', label: t('modeSelect') },
            { value: 'measure', label: t('modeMeasure') },
          ]}
          data-testid="viewer-click-mode"
        />
      </div>
      <div>
        <Space.Compact style={{ width: '100%' }}>
          <Input value={typed} status={typeError ? 'error' : undefined} placeholder={t('residueInput')} onChange={(e) => setTyped(e.target.value)} onPressEnter={submit} data-testid="viewer-residue-input" />
          <Button onClick={submit} data-testid="viewer-residue-select">
            {t('select')}
          </Button>
        </Space.Compact>
        <Typography.Text type="danger" style={{ fontSize: 12, display: 'block', minHeight: 20 }} data-testid="viewer-residue-error">
          {typeError}
        </Typography.Text>
      </div>
      <Section title={t('selectedResidues')} onClear={props.selection.length ? props.onClearSelection : undefined}>
        {props.selection.length ? (
          <div data-testid="viewer-selection">
            {props.selection.map((r) => (
              <Tag key={residueKey(r)} closable color="red" onClose={() => props.onUnselect(r)} style={{ marginBottom: 4 }}>
                {residueLabel(r)}
              </Tag>
            ))}
          </div>
        ) : (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('noSelection')}
          </Typography.Text>
        )}
      </Section>
      <Section title={t('measurements')} onClear={props.measurements.length || props.pending ? props.onClearMeasurements : undefined}>
        {props.pending && (
          <Typography.Text type="warning" style={{ fontSize: 12, display: 'block' }}>
            {t('measurePending', { atom: atomLabel(props.pending) })}
          </Typography.Text>
        )}
        {props.measurements.length ? (
          <ol style={{ paddingLeft: 20, margin: 0, fontSize: 12 }} data-testid="viewer-measurements">
            {props.measurements.map((m, i) => (
              <li key={i}>
                {atomLabel(m.from)} — {atomLabel(m.to)}: <b>{m.distance.toFixed(2)} Å</b>
              </li>
            ))}
          </ol>
        ) : (
          !props.pending && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} styles={{ image: { height: 32 } }} description={<span style={{ fontSize: 12 }}>{t('noMeasurements')}</span>} />
        )}
      </Section>
    </div>
  );
}

function Section({ title, onClear, children }: { title: string; onClear?: () => void; children: React.ReactNode }) {
  const { t } = useTranslation('viewer');
  return (
    <div>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', minHeight: 24 }}>
        <Typography.Text strong>{title}</Typography.Text>
        {onClear && (
          <Button type="link" size="small" onClick={onClear}>
            {t('clear')}
          </Button>
        )}
      </div>
      {children}
    </div>
  );
}
