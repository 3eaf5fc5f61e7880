import { Form, InputNumber } from 'antd';
import { GENE_NUMS, generateForm, SEED } from '@yunyao/modules/forms/generate';
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

/** /calculate/molecularFormation: molecules in (typed, uploaded or from the data center), analogues of each out. */
export default function GeneratePage() {
  const { t, i18n } = useTranslation('generate');
  const [source, setSource] = useState<MoleculeSource>(EMPTY_MOLECULE_SOURCE);
  // Kept as typed (null while the box is empty), so the schema's bounds message shows instead of a silent default.
  const [geneNums, setGeneNums] = useState<number | null>(GENE_NUMS.default);
  const [seed, setSeed] = useState<number | null>(SEED.default);

  function draft(): ModuleDraft {
    const english = i18n.language === 'en';
    const values = { mole_type: source.type, molecules: source.text, gene_nums: geneNums ?? '', seed: seed ?? '' };
    const problem = moleculeSourceWarning(source, english) ?? paramsProblem(generateForm, values, english);
    return draftOf(problem, () => {
      const body = new FormData();
      appendMoleculeSource(body, spec, source);
      body.set('gene_nums', String(geneNums));
      body.set('seed', String(seed));
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
      </ModuleFormLayout>
    </ModulePage>
  );
}
