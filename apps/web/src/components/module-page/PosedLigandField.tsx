import { Form, Radio } from 'antd';
import { ligandSourceProblem, type FileFieldSpec, type LigandSource } from '@yunyao/modules/forms';
import { useTranslation } from 'react-i18next';
import { ModuleFileField } from './ModuleFileField.tsx';
import { say } from '../../i18n/index.ts';
import './module-page.i18n.ts';
import { appendPicked, NO_FILES, type PickedFiles } from './picked-files.ts';

/** Ligands in their bound pose, uploaded or from the data center (pharmacophore reference, free-energy poses). */
export interface PosedLigands {
  type: LigandSource;
  files: PickedFiles;
}

export const EMPTY_POSED_LIGANDS: PosedLigands = { type: 'file', files: NO_FILES };

/** The chosen source's files as the server reads them (only that source is sent). */
export function appendPosedLigands(body: FormData, spec: FileFieldSpec, source: PosedLigands): void {
  body.set('ligand_source', source.type);
  appendPicked(body, spec, source.type === 'file' ? { ...NO_FILES, uploads: source.files.uploads } : { ...NO_FILES, dataCenter: source.files.dataCenter });
}

/** Files picked for the chosen source, as the server will count them. */
export function posedLigandFilesIn(source: PosedLigands): number {
  return source.type === 'file' ? source.files.uploads.length : source.files.dataCenter.length;
}

/** The spec's message for a source with no file, in the form's language (null when files are there). */
export function posedLigandsWarning(source: PosedLigands, english: boolean): string | null {
  const missing = ligandSourceProblem(source.type, posedLigandFilesIn(source));
  return missing && say(missing, english ? 'en' : 'zh');
}

/** The source radio (upload / data center) over the module's ligand file field. */
export function PosedLigandField({
  spec,
  value,
  onChange,
  label,
  hint,
  testId,
}: {
  spec: FileFieldSpec;
  value: PosedLigands;
  onChange: (v: PosedLigands) => void;
  label: string;
  hint: string;
  testId: string;
}) {
  const { t } = useTranslation('modulePage');
  return (
    <>
      <Form.Item label={label} required>
        <Radio.Group
          value={value.type}
          onChange={(e) => onChange({ ...value, type: e.target.value as LigandSource })}
          optionType="button"
          data-testid={`${testId}-type`}
          options={[
            { value: 'file', label: t('sourceUpload') },
            { value: 'cos', label: t('sourceDataCenter') },
          ]}
        />
      </Form.Item>
      <Form.Item label=" " colon={false} extra={hint}>
        <ModuleFileField
          spec={spec}
          value={value.files}
          onChange={(files) => onChange({ ...value, files })}
          sources={value.type === 'file' ? 'upload' : 'dataCenter'}
          testId={testId}
        />
      </Form.Item>
    </>
  );
}
