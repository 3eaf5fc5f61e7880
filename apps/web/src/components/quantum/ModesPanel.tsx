import { PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Slider, Space, Table, Tag, Typography } from 'antd';
import type { QmMoleculeResult } from '@yunyao/quantum';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ENGINE_NAMES } from './engine-names.ts';
import { modeRows, vibrationXyz, type ModeRow } from './vibrations.ts';
import { VibrationViewer } from './VibrationViewer.tsx';
import './quantum-results.i18n.ts';

const VIEW_HEIGHT = 400;
const IMAGINARY_RED = '#cf1322';

/** Imaginary modes are written as engines print them in papers: 123.4i, not −123.4. */
const wavenumber = (r: ModeRow): string => (r.imaginary ? `${Math.abs(r.frequency).toFixed(1)}i` : r.frequency.toFixed(1));

/**
 * The frequency table (imaginary modes in red, with what they mean) beside a 3D animation of the
 * mode picked in the table, with play/stop and amplitude. The first imaginary mode, else the first
 * mode, is shown first: an imaginary mode is the one a chemist needs to see.
 */
export function ModesPanel({ m }: { m: QmMoleculeResult }) {
  const { t } = useTranslation('quantum');
  const atoms = m.vibration_geometry ?? m.geometry;
  const rows = useMemo(() => modeRows(m.frequencies ?? [], atoms.length), [m, atoms.length]);
  const [picked, setPicked] = useState(() => (rows.find((r) => r.imaginary) ?? rows[0])?.mode ?? 1);
  const [playing, setPlaying] = useState(true);
  const [amplitude, setAmplitude] = useState(1);
  const shown = useMemo(() => {
    const row = rows.find((r) => r.mode === picked);
    const displacement = m.frequencies?.[picked - 1]?.displacement;
    return row?.animatable && displacement ? { row, xyz: vibrationXyz(atoms, displacement) } : null;
  }, [rows, picked, m, atoms]);
  const imaginary = rows.filter((r) => r.imaginary).length;

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="quantum-modes">
      {imaginary > 0 && <Alert type="error" showIcon title={t('imaginaryNote')} description={t('imaginaryHelp')} data-testid="quantum-imaginary-note" />}
      <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
        <div style={{ width: 420, flex: 'none' }}>
          <Table<ModeRow>
            size="small"
            rowKey="mode"
            pagination={false}
            dataSource={rows}
            scroll={{ y: VIEW_HEIGHT - 40 }}
            rowClassName={(r) => (r.mode === picked ? 'ant-table-row-selected' : '')}
            onRow={(r) => ({ onClick: () => setPicked(r.mode), style: { cursor: 'pointer' } })}
            columns={[
              { title: t('modeCol'), dataIndex: 'mode', width: 64 },
              {
                title: t('wavenumberCol'),
                dataIndex: 'frequency',
                align: 'right',
                render: (_: number, r) =>
                  r.imaginary ? (
                    <Space size={4} style={{ color: IMAGINARY_RED }} data-testid="quantum-imaginary-mode">
                      {wavenumber(r)}
                      <Tag color="error">{t('imaginaryMode')}</Tag>
                    </Space>
                  ) : (
                    wavenumber(r)
                  ),
              },
              {
                title: t('intensityCol'),
                dataIndex: 'intensity',
                align: 'right',
                render: (v: number | null) => (v === null ? <Typography.Text type="secondary">{t('noIntensity', { engine: ENGINE_NAMES[m.engine] })}</Typography.Text> : v.toFixed(2)),
              },
            ]}
          />
        </div>
        <div style={{ flex: 1, minWidth: 0 }}>
          {shown ? (
            <Space orientation="vertical" size={8} style={{ width: '100%' }}>
              <Space wrap size={16} data-testid="quantum-mode-controls">
                <Typography.Text strong data-testid="quantum-mode-playing">
                  {t('playingMode', { mode: shown.row.mode, frequency: wavenumber(shown.row) })}
                </Typography.Text>
                <Button icon={playing ? <PauseCircleOutlined /> : <PlayCircleOutlined />} onClick={() => setPlaying(!playing)} data-testid="quantum-mode-play">
                  {playing ? t('stop') : t('play')}
                </Button>
                <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }} data-testid="quantum-mode-amplitude">
                  {t('amplitude')}
                  <Slider min={0.2} max={2} step={0.1} value={amplitude} onChange={setAmplitude} style={{ width: 140 }} />
                </span>
              </Space>
              <VibrationViewer xyz={shown.xyz} amplitude={amplitude} playing={playing} height={VIEW_HEIGHT - 40} />
              <Typography.Text type="secondary">{t('pickMode')}</Typography.Text>
            </Space>
          ) : (
            <Alert type="info" showIcon title={t('noDisplacements', { engine: ENGINE_NAMES[m.engine] })} />
          )}
        </div>
      </div>
    </Space>
  );
}
