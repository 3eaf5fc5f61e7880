import { Form, Input, Radio } from 'antd';
import {
  MAX_TYPED_MOLECULES,
  moleculeSourceProblem,
  type FileFieldSpec,
  type MoleculeSourceType,
} from '@yunyao/modules/forms';
import { useTranslation } from 'react-i18next';
import { ModuleFileField } from './ModuleFileField.tsx';
import './module-page.i18n.ts';
import { appendPicked, NO_FILES, type PickedFiles } from './picked-files.ts';

export interface MoleculeSource {
  type: MoleculeSourceType;
  text: string;
  files: PickedFiles;
}

export const EMPTY_MOLECULE_SOURCE: MoleculeSource = { type: 'molecule', text: '', files: NO_FILES };

/** What is missing for the chosen source before the form's schema runs (the schema checks typed SMILES). */
export function moleculeSourceWarning(source: MoleculeSource, english: boolean): string | null {
  const problem = moleculeSourceProblem(source.type, source.files.uploads.length, source.files.dataCenter.length);
  return problem ? (english ? problem.en : problem.zh) : null;
}

/** The source's form fields: `mole_type`, the typed `molecules`, or the file / data-center ids of `spec`. */
export function appendMoleculeSource(body: FormData, spec: FileFieldSpec, source: MoleculeSource): void {
  body.set('mole_type', source.type);
  if (source.type === 'molecule') body.set('molecules', source.text);
  else appendPicked(body, spec, source.type === 'file' ? { ...NO_FILES, uploads: source.files.uploads } : { ...NO_FILES, dataCenter: source.files.dataCenter });
}

/** The shared small-molecule source radio: SMILES typed in (at most 100), an uploaded .csv, or a data-center .csv. */
export function MoleculeSourceField({ spec, value, onChange, testId }: { spec: FileFieldSpec; value: MoleculeSource; onChange: (v: MoleculeSource) => void; testId: string }) {
  const { t } = useTranslation('modulePage');
  return (
    <>
      <Form.Item label={t('moleculeSource')} required>
        <Radio.Group
          value={value.type}
          onChange={(e) => onChange({ ...value, type: e.target.value as MoleculeSourceType })}
          optionType="button"
          data-testid={`${testId}-type`}
          options={[
            { value: 'molecule', label: t('sourceTyped') },
            { value: 'file', label: t('sourceUpload') },
            { value: 'cos', label: t('sourceDataCenter') },
          ]}
        />
      </Form.Item>
      <Form.Item label=" " colon={false} extra={value.type === 'molecule' ? t('typedHint', { max: MAX_TYPED_MOLECULES }) : t('csvHint')}>
        {value.type === 'molecule' ? (
          <Input.TextArea
            value={value.text}
            onChange={(e) => onChange({ ...value, text: e.target.value })}
            placeholder={t('typedPlaceholder')}
            autoSize={{ minRows: 5, maxRows: 12 }}
            spellCheck={false}
            data-testid={`${testId}-text`}
            style={{ fontFamily: 'monospace' }}
          />
        ) : (
          <ModuleFileField
            spec={spec}
            value={value.files}
            onChange={(files) => onChange({ ...value, files })}
            sources={value.type === 'file' ? 'upload' : 'dataCenter'}
            testId={testId}
          />
        )}
      </Form.Item>
    </>
  );
}
