import { Form, InputNumber, Space } from 'antd';
import { GENE_NUMS, generateForm, PROPERTY_WINDOWS, SEED, type WindowProperty } from '@yunyao/modules/forms/generate';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModulePage } from '../../components/module-page/ModulePage.tsx';
import { ModuleFormLayout } from '../../components/module-page/ModuleFormLayout.tsx';
import {
  appendMoleculeSource,
  EMPTY_MOLECULE_SOURCE,
  MoleculeSourceField,
  moleculeSourceWarning,
  type MoleculeSource,
} from '../../components/module-page/MoleculeSourceField.tsx';
import { draftOf, type ModuleDraft } from '../../components/module-page/module-draft.ts';
import { paramsProblem } from '../../components/module-page/picked-files.ts';
import './generate.i18n.ts';

const spec = generateForm.moleculeSource!;
const WINDOW_PROPERTIES = Object.keys(PROPERTY_WINDOWS) as WindowProperty[];
type WindowBounds = Partial<Record<`${WindowProperty}_${'min' | 'max'}`, number | null>>;

/** /calculate/molecularFormation: molecules in (typed, uploaded or from the data center), analogues of each out. */
export default function GeneratePage() {
  const { t, i18n } = useTranslation('generate');
  const [source, setSource] = useState<MoleculeSource>(EMPTY_MOLECULE_SOURCE);
  // Kept as typed (null while the box is empty), so the schema's bounds message shows instead of a silent default.
  const [geneNums, setGeneNums] = useState<number | null>(GENE_NUMS.default);
  const [seed, setSeed] = useState<number | null>(SEED.default);
  const [windows, setWindows] = useState<WindowBounds>({});
  const setBound = (key: keyof WindowBounds) => (value: number | null) => setWindows((w) => ({ ...w, [key]: value }));
  const bounds = Object.entries(windows).filter((e): e is [string, number] => e[1] !== null && e[1] !== undefined);

  function draft(): ModuleDraft {
    const english = i18n.language === 'en';
    const values = { mole_type: source.type, molecules: source.text, gene_nums: geneNums ?? '', seed: seed ?? '', ...Object.fromEntries(bounds) };
    const problem = moleculeSourceWarning(source, english) ?? paramsProblem(generateForm, values, english);
    return draftOf(problem, () => {
      const body = new FormData();
      appendMoleculeSource(body, spec, source);
      body.set('gene_nums', String(geneNums));
      body.set('seed', String(seed));
      for (const [key, value] of bounds) body.set(key, String(value));
      return body;
    });
  }

  return (
    <ModulePage form={generateForm}>
      <ModuleFormLayout form={generateForm} draft={draft()}>
        <MoleculeSourceField spec={spec} value={source} onChange={setSource} testId="generate-molecules" />
        <Form.Item label={t('geneNums')} extra={t('geneNumsHelp', GENE_NUMS)}>
          <InputNumber min={GENE_NUMS.min} max={GENE_NUMS.max} precision={0} value={geneNums} onChange={setGeneNums} style={{ width: 160 }} data-testid="generate-gene-nums" />
        </Form.Item>
        <Form.Item label={t('seed')} extra={t('seedHelp', SEED)}>
          <InputNumber min={SEED.min} max={SEED.max} precision={0} value={seed} onChange={setSeed} style={{ width: 160 }} data-testid="generate-seed" />
        </Form.Item>
        <Form.Item label={t('windows')} extra={t('windowsHelp')}>
          <Space direction="vertical" size={8}>
            {WINDOW_PROPERTIES.map((property) => {
              const { min, max, step, label } = PROPERTY_WINDOWS[property];
              const name = i18n.language === 'en' ? label.en : label.zh;
              const bound = (side: 'min' | 'max') => (
                <InputNumber
                  min={min}
                  max={max}
                  step={step}
                  value={windows[`${property}_${side}`] ?? null}
                  onChange={setBound(`${property}_${side}`)}
                  placeholder={t(side === 'min' ? 'windowMin' : 'windowMax')}
                  style={{ width: 120 }}
                  data-testid={`generate-${property}-${side}`}
                />
              );
              return (
                <Space key={property} size={8} align="center">
                  <span style={{ display: 'inline-block', width: 72 }}>{name}</span>
                  {bound('min')}
                  <span>–</span>
                  {bound('max')}
                </Space>
              );
            })}
          </Space>
        </Form.Item>
      </ModuleFormLayout>
    </ModulePage>
  );
}
