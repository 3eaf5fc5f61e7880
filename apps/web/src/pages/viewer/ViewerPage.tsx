import { CameraOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Empty, Input, Row, Space, Spin, Typography, Upload } from 'antd';
import { PDB_ID_PATTERN } from '@yunyao/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { saveBlob } from '../../api/client.ts';
import { use3dmolViewer } from '../../components/use3dmolViewer.ts';
import { Viewer3DBox } from '../../components/Viewer3DBox.tsx';
import { DisplayPanel } from './DisplayPanel.tsx';
import { PickingPanel, type ClickMode } from './PickingPanel.tsx';
import { parseResidueQuery, pickForMeasurement, toggleResidue, type Measurement, type PickedAtom, type SelectedResidue } from './picking.ts';
import { StructureList } from './StructureList.tsx';
import { useViewerScene } from './useViewerScene.ts';
import { useViewerStructures, type StructureSlot } from './useViewerStructures.ts';
import { parseViewerParams } from './viewer-params.ts';
import './viewer.i18n.ts';

const SCENE_HEIGHT = 620;
/** After zooming onto a typed residue, step back so its neighbours are in view. */
const RESIDUE_ZOOM_OUT = 0.35;

/**
 * /calculate/molecule, the protein viewer (spec document 2, "Protein viewer"): the structures the
 * link names (`pdbId`, `loadPdbIds`, `url`) and the user's .pdb/.pdbqt uploads overlaid in one
 * 3Dmol.js scene, with the representations of `config`, residue selection, distances and a PNG.
 */
export default function ViewerPage() {
  const { t } = useTranslation('viewer');
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parseViewerParams(searchParams), [searchParams]);
  const [display, setDisplay] = useState(params.display);
  // A link with another config starts from its display; adding an entry to the link keeps the user's switches.
  const config = searchParams.get('config');
  const [displayConfig, setDisplayConfig] = useState(config);
  if (config !== displayConfig) {
    setDisplayConfig(config);
    setDisplay(params.display);
  }
  const { slots, ready, addUpload, removeUpload } = useViewerStructures(params.file, params.pdbIds);
  const { host, viewer, failed } = use3dmolViewer();
  const [mode, setMode] = useState<ClickMode>('select');
  const [selection, setSelection] = useState<SelectedResidue[]>([]);
  const [measurements, setMeasurements] = useState<Measurement[]>([]);
  const [pending, setPending] = useState<PickedAtom | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);

  const onPick = (atom: PickedAtom) => {
    if (mode === 'select') return setSelection((current) => toggleResidue(current, atom));
    const next = pickForMeasurement(pending, atom);
    setPending(next.pending);
    const measured = next.measured;
    if (measured) setMeasurements((current) => [...current, measured]);
  };
  const { surfaceReady } = useViewerScene(viewer, { structures: ready, display, pocketBox: params.pocketBox, selection, measurements, pending, onPick });

  const typeResidue = (text: string): string | null => {
    const query = parseResidueQuery(text);
    if (!query) return t('residueInputInvalid');
    for (const [model, structure] of ready.entries()) {
      const sel = { model, resi: query.resi, ...(query.chain ? { chain: query.chain } : {}) };
      const atom = viewer?.selectedAtoms(sel)[0];
      if (!atom || !viewer) continue;
      const residue = { structure: structure.key, chain: atom.chain ?? '', resi: query.resi, resn: atom.resn ?? '' };
      setSelection((current) => (current.some((r) => r.structure === residue.structure && r.chain === residue.chain && r.resi === residue.resi) ? current : [...current, residue]));
      viewer.zoomTo({ model, chain: residue.chain, resi: residue.resi });
      viewer.zoom(RESIDUE_ZOOM_OUT);
      return null;
    }
    return t('residueNotFound', { residue: text.trim() });
  };

  const removeStructure = (slot: StructureSlot) => {
    setSelection((current) => current.filter((r) => r.structure !== slot.key));
    setMeasurements((current) => current.filter((m) => m.from.structure !== slot.key && m.to.structure !== slot.key));
    setPending(null);
    if (slot.key.startsWith('upload:')) return removeUpload(slot.key);
    // A structure the link named leaves the link too, so a reload or a shared link agrees with the page.
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (slot.key.startsWith('pdb:')) {
        const others = params.pdbIds.filter((id) => `pdb:${id}` !== slot.key);
        next.delete('pdbId');
        next.delete('loadPdbIds');
        if (others[0]) next.set('pdbId', others[0]);
        if (others.length > 1) next.set('loadPdbIds', others.slice(1).join(','));
      } else next.delete('url');
      return next;
    });
  };

  const loadingAny = slots.some((s) => s.status === 'loading');
  const atoms = ready.reduce((sum, s) => sum + s.summary.atoms, 0);
  const screenshot = async () => {
    if (!viewer) return;
    const blob = await (await fetch(viewer.pngURI())).blob();
    saveBlob(blob, `${ready.map((s) => s.name.replace(/\.[^.]+$/, '')).join('_') || 'structure'}.png`);
  };

  return (
    <div data-testid="viewer-page">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      {params.problems.map((p) => (
        <Alert key={`${p.key}${JSON.stringify(p.values)}`} type="warning" showIcon title={t(`problems.${p.key}`, p.values)} style={{ marginBottom: 8 }} data-testid="viewer-link-problem" />
      ))}
      {uploadError && <Alert type="error" showIcon closable title={uploadError} onClose={() => setUploadError(null)} style={{ marginBottom: 8 }} data-testid="viewer-upload-error" />}
      <Row gutter={16}>
        <Col xs={24} xl={17}>
          <Space style={{ marginBottom: 8, width: '100%', justifyContent: 'space-between' }} wrap>
            <PdbIdLoader loaded={params.pdbIds} onLoad={(id) => setSearchParams((current) => withPdbId(current, id))} />
            <Button icon={<CameraOutlined />} disabled={!viewer || ready.length === 0} onClick={() => void screenshot()} data-testid="viewer-screenshot">
              {t('screenshot')}
            </Button>
          </Space>
          <div data-testid="viewer-scene" data-atoms={atoms} data-surface={display.surface && surfaceReady ? 'on' : 'off'}>
            <Viewer3DBox host={host} failed={failed} height={SCENE_HEIGHT}>
              {ready.length === 0 && !failed && (
                <div style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#fff' }}>
                  {loadingAny ? <Spin description={t('loading')} /> : <Empty description={t('empty')} />}
                </div>
              )}
            </Viewer3DBox>
          </div>
        </Col>
        <Col xs={24} xl={7} style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
          <div data-testid="viewer-upload">
          <Upload.Dragger
            accept=".pdb,.pdbqt"
            multiple
            showUploadList={false}
            beforeUpload={(file) => {
              void addUpload(file).then(setUploadError);
              return false;
            }}
          >
            <p style={{ margin: 0 }}>
              <InboxOutlined style={{ fontSize: 24, color: '#1677ff' }} />
            </p>
            <Typography.Text>{t('upload')}</Typography.Text>
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {t('uploadHint')}
            </Typography.Text>
          </Upload.Dragger>
          </div>
          <Card size="small" title={t('structures')}>
            <StructureList slots={slots} onRemove={removeStructure} />
          </Card>
          <Card size="small" title={t('display')}>
            <DisplayPanel display={display} onChange={setDisplay} hasBox={params.pocketBox !== null} hasLigands={ready.some((s) => s.summary.ligands.length > 0)} />
          </Card>
          <Card size="small">
            <PickingPanel
              mode={mode}
              onModeChange={(next) => {
                setMode(next);
                setPending(null);
              }}
              onTypeResidue={typeResidue}
              selection={selection}
              onUnselect={(residue) => setSelection((current) => toggleResidue(current, residue))}
              onClearSelection={() => setSelection([])}
              measurements={measurements}
              pending={pending}
              onClearMeasurements={() => {
                setMeasurements([]);
                setPending(null);
              }}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}

/** The link with one more PDB entry: the first becomes `pdbId`, the others join `loadPdbIds`. */
function withPdbId(current: URLSearchParams, id: string): URLSearchParams {
  const next = new URLSearchParams(current);
  if (!next.get('pdbId')) next.set('pdbId', id);
  else next.set('loadPdbIds', [...(next.get('loadPdbIds') ?? '').split(',').filter(Boolean), id].join(','));
  return next;
}

function PdbIdLoader({ loaded, onLoad }: { loaded: readonly string[]; onLoad: (pdbId: string) => void }) {
  const { t } = useTranslation('viewer');
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const id = typed.trim().toUpperCase();
    const problem = !PDB_ID_PATTERN.test(id) ? t('pdbIdInvalid') : loaded.includes(id) ? t('alreadyLoaded', { name: id }) : null;
    setError(problem);
    if (problem) return;
    onLoad(id);
    setTyped('');
  };
  return (
    <Space.Compact>
      <Input value={typed} maxLength={4} status={error ? 'error' : undefined} placeholder={t('pdbIdPlaceholder')} title={error ?? undefined} onChange={(e) => setTyped(e.target.value)} onPressEnter={submit} style={{ width: 200 }} data-testid="viewer-pdb-id" />
      <Button type="primary" onClick={submit} data-testid="viewer-pdb-load">
        {t('load')}
      </Button>
      {error && (
        <Typography.Text type="danger" style={{ alignSelf: 'center', marginLeft: 8, fontSize: 12 }}>
          {error}
        </Typography.Text>
      )}
    </Space.Compact>
  );
}
