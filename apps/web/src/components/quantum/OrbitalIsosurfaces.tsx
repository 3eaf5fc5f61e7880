import { useQuery } from '@tanstack/react-query';
import { Alert, Segmented, Space, Spin, Typography } from 'antd';
import type { QmMoleculeResult } from '@yunyao/quantum';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { BALL_AND_STICK } from '../Molecule3D.tsx';
import { use3dmolViewer } from '../use3dmolViewer.ts';
import { Viewer3DBox } from '../Viewer3DBox.tsx';
import './quantum-results.i18n.ts';

const VIEW_HEIGHT = 420;
/** ±0.05 a.u. is the customary isovalue for drawing frontier orbitals of small molecules. */
const ISOVALUE = 0.05;
const PHASES = [
  { isoval: ISOVALUE, color: '#1677ff' },
  { isoval: -ISOVALUE, color: '#fa541c' },
];

type Orbital = 'homo' | 'lumo';
type Cubes = NonNullable<QmMoleculeResult['orbital_cubes']>;

/** Both cube files of a molecule, read from the task's result files (`<molecule>/<cube>`). */
function useCubes(taskId: number, molecule: string, cubes: Cubes) {
  return useQuery({
    queryKey: ['tasks', 'orbital-cubes', taskId, molecule],
    staleTime: Infinity,
    queryFn: async () => {
      const files = await api.tasks.files(taskId);
      const key = (name: string) => files.outputs.find((f) => f.name === `${molecule}/${name}`)?.file;
      const [homo, lumo] = [key(cubes.homo), key(cubes.lumo)];
      if (!homo || !lumo) throw new Error('cube files missing');
      const [homoText, lumoText] = await Promise.all([api.tasks.fileText(taskId, homo), api.tasks.fileText(taskId, lumo)]);
      return { homo: homoText, lumo: lumoText };
    },
  });
}

function CubeViewer({ cube }: { cube: string | null }) {
  const { host, viewer, failed } = use3dmolViewer();
  useEffect(() => {
    if (!viewer || !cube) return;
    viewer.clear();
    viewer.addModel(cube, 'cube');
    viewer.setStyle({}, BALL_AND_STICK);
    for (const phase of PHASES) viewer.addVolumetricData(cube, 'cube', { ...phase, opacity: 0.8 });
    viewer.zoomTo();
    viewer.render();
  }, [viewer, cube]);
  return <Viewer3DBox host={host} failed={failed} height={VIEW_HEIGHT} testId="quantum-isosurface-3d" />;
}

function Isosurfaces({ m, taskId, cubes }: { m: QmMoleculeResult; taskId: number; cubes: Cubes }) {
  const { t } = useTranslation('quantum');
  const [orbital, setOrbital] = useState<Orbital>('homo');
  const data = useCubes(taskId, m.name, cubes);
  const energy = (which: Orbital) => m.orbitals?.[which];
  const label = (which: Orbital) => {
    const value = energy(which);
    return t('orbitalEnergy', { orbital: which.toUpperCase(), energy: value === null || value === undefined ? '—' : value.toFixed(3) });
  };
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      <Space size={16} wrap>
        <span>{t('orbitalPicker')}</span>
        <Segmented<Orbital>
          value={orbital}
          onChange={setOrbital}
          data-testid="quantum-orbital-picker"
          options={(['homo', 'lumo'] as const).map((which) => ({ value: which, label: label(which) }))}
        />
        <Typography.Text type="secondary">{t('isovalue', { value: ISOVALUE })}</Typography.Text>
      </Space>
      {data.isError ? (
        <Alert type="error" showIcon title={t('cubesFailed')} />
      ) : (
        <Spin spinning={data.isLoading} tip={t('cubesLoading')}>
          <CubeViewer cube={data.data?.[orbital] ?? null} />
        </Spin>
      )}
    </Space>
  );
}

/** HOMO/LUMO isosurfaces from the engine's cube files, or why this engine or molecule has none. */
export function OrbitalIsosurfaces({ m, taskId }: { m: QmMoleculeResult; taskId: number }) {
  const { t } = useTranslation('quantum');
  if (!m.orbital_cubes) return <Alert type="info" showIcon title={t(`cubesUnavailable.${m.engine}`)} data-testid="quantum-no-cubes" />;
  return <Isosurfaces m={m} taskId={taskId} cubes={m.orbital_cubes} />;
}
