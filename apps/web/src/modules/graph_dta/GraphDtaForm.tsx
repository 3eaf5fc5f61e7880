import { Form, Radio } from 'antd';
import { DTA_MODELS, graphDtaForm, SEQUENCE_FILE_FIELD, sequenceSourceProblem, type DtaModel, type SEQUENCE_SOURCES } from '@yunyao/modules/forms/graph_dta';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModuleFileField } from '../../components/module-page/ModuleFileField.tsx';
import { ModuleFormLayout } from '../../components/module-page/ModuleFormLayout.tsx';
import {
  appendMoleculeSource,
  EMPTY_MOLECULE_SOURCE,
  MoleculeSourceField,
  moleculeSourceWarning,
  type MoleculeSource,
} from '../../components/module-page/MoleculeSourceField.tsx';
import { draftOf, type ModuleDraft } from '../../components/module-page/module-draft.ts';
import { appendPicked, NO_FILES, paramsProblem, type PickedFiles } from '../../components/module-page/picked-files.ts';
import { say } from '../../i18n/index.ts';
import './graph_dta.i18n.ts';

type SequenceSource = (typeof SEQUENCE_SOURCES)[number];

/**
 * The 2D affinity form (spec document 1, section 7): one protein sequence, molecules from the shared
 * screening source, and the Davis or KIBA network. `onSubmitted` lets the docking-and-affinity page
 * move on to the task list.
 */
export function GraphDtaForm({ onSubmitted }: { onSubmitted?: (taskId: number) => void }) {
  const { t, i18n } = useTranslation('graphDta');
  const english = i18n.language === 'en';
  const [sequenceSource, setSequenceSource] = useState<SequenceSource>('file');
  const [sequence, setSequence] = useState<PickedFiles>(NO_FILES);
  const [molecules, setMolecules] = useState<MoleculeSource>(EMPTY_MOLECULE_SOURCE);
  const [model, setModel] = useState<DtaModel>('davis');
  const chosenSequence: PickedFiles = sequenceSource === 'file' ? { ...NO_FILES, uploads: sequence.uploads } : { ...NO_FILES, dataCenter: sequence.dataCenter };

  function draft(): ModuleDraft {
    const values = { protein_source: sequenceSource, mole_type: molecules.type, molecules: molecules.text, mole_query: molecules.query, model };
    const missing = sequenceSourceProblem({ protein_source: sequenceSource }, chosenSequence.uploads.length + chosenSequence.dataCenter.length);
    const problem =
      (missing && say(missing, english ? 'en' : 'zh')) ??
      moleculeSourceWarning(molecules, english) ??
      paramsProblem(graphDtaForm, values, english);
    return draftOf(problem, () => {
      const body = new FormData();
      body.set('protein_source', sequenceSource);
      appendPicked(body, SEQUENCE_FILE_FIELD, chosenSequence);
      appendMoleculeSource(body, graphDtaForm.moleculeSource!, molecules);
      body.set('model', model);
      return body;
    });
  }

  return (
    <ModuleFormLayout form={graphDtaForm} draft={draft()} onSubmitted={onSubmitted}>
      <Form.Item label={t('sequence')} required>
        <Radio.Group
          value={sequenceSource}
          onChange={(e) => setSequenceSource(e.target.value as SequenceSource)}
          optionType="button"
          data-testid="graphdta-sequence-type"
          options={[
            { value: 'file', label: t('sourceUpload') },
            { value: 'cos', label: t('sourceDataCenter') },
          ]}
        />
      </Form.Item>
      <Form.Item label=" " colon={false} extra={t('sequenceHint')}>
        <ModuleFileField
          spec={SEQUENCE_FILE_FIELD}
          value={sequence}
          onChange={setSequence}
          sources={sequenceSource === 'file' ? 'upload' : 'dataCenter'}
          testId="graphdta-sequence"
        />
      </Form.Item>
      <MoleculeSourceField spec={graphDtaForm.moleculeSource!} value={molecules} onChange={setMolecules} testId="graphdta-molecules" allowDatabase />
      <Form.Item label={t('model')} required extra={t('modelHelp')}>
        <Radio.Group
          value={model}
          onChange={(e) => setModel(e.target.value as DtaModel)}
          data-testid="graphdta-model"
          options={DTA_MODELS.map((m) => ({ value: m, label: t(m) }))}
        />
      </Form.Item>
    </ModuleFormLayout>
  );
}
