import { ExperimentOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Space, Tag, Typography } from 'antd';
import type { EmbeddedMolecule } from '@yunyao/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { Molecule3D } from '../Molecule3D.tsx';
import { MoleculeInput } from '../molecule-input/MoleculeInput.tsx';
import { moleculeLines } from '../molecule-input/molecule-lines.ts';
import './drawn-molecules.i18n.ts';

/** One typed molecule made 3D: the .xyz a quantum form posts (its file name is the molecule's name). */
export interface DrawnXyz {
  fileName: string;
  xyz: string;
}

interface Embedded extends EmbeddedMolecule {
  name: string;
}

interface Props {
  /** How many molecules the form still takes. */
  room: number;
  /** The embedded molecules, added to the form's structures. */
  onAdd: (molecules: DrawnXyz[]) => void;
  testId: string;
}

/** A name safe as a file name; the XYZ comment line keeps it as typed. */
const fileNameOf = (name: string) => `${name.replace(/[^\p{L}\p{N}._-]+/gu, '_').slice(0, 60) || 'mol'}.xyz`;

/**
 * Typed or drawn SMILES made 3D by the platform's own embedding (POST /api/quantum/embed:
 * ETKDGv3 + MMFF94), shown in 3D, then added to the form's structures as .xyz, so the
 * geometry and charge/multiplicity checks of an uploaded file apply to them.
 */
export function DrawnMoleculesField({ room, onAdd, testId }: Props) {
  const { t } = useTranslation('drawnMolecules');
  const [text, setText] = useState('');
  const [embedded, setEmbedded] = useState<Embedded[]>([]);
  const [busy, setBusy] = useState(false);
  const lines = moleculeLines(text);

  async function embedAll() {
    setBusy(true);
    try {
      const made = await Promise.all(
        lines.slice(0, room).map(async (line, i) => {
          const name = line.name || `mol_${i + 1}`;
          return { ...(await api.quantum.embed(line.smiles, name)), name };
        }),
      );
      setEmbedded(made);
      onAdd(made.map((m) => ({ fileName: fileNameOf(m.name), xyz: m.xyz })));
      setText('');
    } catch {
      // The client has shown the server's reason (e.g. RDKit's, for an unreadable line); keep the text to fix it.
    } finally {
      setBusy(false);
    }
  }

  const charged = embedded.filter((m) => m.formal_charge !== 0);
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%', maxWidth: 900 }}>
      <MoleculeInput value={text} onChange={setText} placeholder={t('placeholder')} testId={testId} minRows={2} />
      <Space wrap>
        <Button type="primary" ghost icon={<ExperimentOutlined />} loading={busy} disabled={lines.length === 0 || room <= 0} onClick={() => void embedAll()} data-testid={`${testId}-embed`}>
          {t('embed')}
        </Button>
        <Typography.Text type="secondary">{t('embedHint')}</Typography.Text>
      </Space>
      {charged.length > 0 && <Alert type="warning" showIcon title={t('charged', { names: charged.map((m) => `${m.name}（${m.formal_charge > 0 ? '+' : ''}${m.formal_charge}）`).join('、') })} />}
      {embedded.length > 0 ? (
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: 8 }} data-testid={`${testId}-3d`}>
          {embedded.map((m) => (
            <Card key={m.name} size="small" title={m.name} extra={<Tag color="blue">{t('atoms', { count: m.atoms })}</Tag>}>
              <Molecule3D data={m.xyz} height={200} />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('made', { forceField: m.force_field })}
              </Typography.Text>
            </Card>
          ))}
        </div>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('none')} style={{ margin: 0 }} />
      )}
    </Space>
  );
}
