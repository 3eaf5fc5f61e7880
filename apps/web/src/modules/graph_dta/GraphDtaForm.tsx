import { Form, Radio, Space } from 'antd';
import { graphDtaForm, SEQUENCE_COS_MISSING, SEQUENCE_FILE_FIELD, SEQUENCE_FILE_MISSING, type DtaModel } from '@yunyao/modules/forms/graph_dta';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SampleLinks } from '../../components/affinity/SampleLinks.tsx';
import { ModuleFileField } from '../../components/module-page/ModuleFileField.tsx';
import { ModuleFormLayout } from '../../components/module-page/ModuleFormLayout.tsx';
import { ModulePage } from '../../components/module-page/ModulePage.tsx';
import { appendMoleculeSource, EMPTY_MOLECULE_SOURCE, MoleculeSourceField, moleculeSourceWarning, type MoleculeSource } from '../../components/module-page/MoleculeSourceField.tsx';
import { draftOf, type ModuleDraft } from '../../components/module-page/module-draft.ts';
import { appendPicked, countPicked, NO_FILES, paramsProblem, type PickedFiles } from '../../components/module-page/picked-files.ts';
import '../../components/affinity/affinity.i18n.ts';

type SequenceSource = 'file' | 'cos';

/** The 2D affinity form (spec: sequence file or data center; molecules typed, uploaded, from the data center or the library). */
export function GraphDtaForm({ onSubmitted }: { onSubmitted?: (taskId: number) => void }) {
  const { t, i18n } = useTranslation('affinity');
  const english = i18n.language === 'en';
  const [sequenceSource, setSequenceSource] = useState<SequenceSource>('file');
  const [sequence, setSequence] = useState<PickedFiles>(NO_FILES);
  const [molecules, setMolecules] = useState<MoleculeSource>(EMPTY_MOLECULE_SOURCE);
  const [model, setModel] = useState<DtaModel>('davis');

  function draft(): ModuleDraft {
    const values = { protein_source: sequenceSource, mole_type: molecules.type, molecules: molecules.text, mole_query: molecules.query, model };
    const missing = sequenceSource === 'cos' ? SEQUENCE_COS_MISSING : SEQUENCE_FILE_MISSING;
    const sequenceProblem = countPicked(sequence) > 0 ? null : english ? (graphDtaForm.messagesEn[missing] ?? missing) : missing;
    const problem = sequenceProblem ?? moleculeSourceWarning(molecules, english) ?? paramsProblem(graphDtaForm, values, english);
    return draftOf(problem, () => {
      const body = new FormData();
      appendPicked(body, SEQUENCE_FILE_FIELD, sequence);
      appendMoleculeSource(body, graphDtaForm.moleculeSource!, molecules);
      body.set('protein_source', sequenceSource);
      body.set('model', model);
      return body;
    });
  }

  return (
    <ModulePage form={graphDtaForm}>
      <ModuleFormLayout form={graphDtaForm} draft={draft()} onSubmitted={onSubmitted}>
        <Form.Item label={t('sequence')} required extra={t('sequenceHint')}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Radio.Group value={sequenceSource} onChange={(e) => setSequenceSource(e.target.value as SequenceSource)} data-testid="graphdta-sequence-source">
              <Radio value="file">{t('ligandUpload')}</Radio>
              <Radio value="cos">{t('ligandCos')}</Radio>
            </Radio.Group>
            <ModuleFileField spec={SEQUENCE_FILE_FIELD} value={sequence} onChange={setSequence} sources={sequenceSource === 'cos' ? 'dataCenter' : 'upload'} testId="graphdta-sequence" />
            <SampleLinks files={['abl1-kinase.fasta']} />
          </Space>
        </Form.Item>
        <MoleculeSourceField spec={graphDtaForm.moleculeSource!} value={molecules} onChange={setMolecules} testId="graphdta-molecules" allowDatabase />
        <Form.Item label={t('model')} extra={t('modelHint')}>
          <Radio.Group value={model} onChange={(e) => setModel(e.target.value as DtaModel)} data-testid="graphdta-model">
            <Radio value="davis">{t('modelDavis')}</Radio>
            <Radio value="kiba">{t('modelKiba')}</Radio>
          </Radio.Group>
        </Form.Item>
      </ModuleFormLayout>
    </ModulePage>
  );
}
