import { Form, Radio } from 'antd';
import type { FileFieldSpec } from '@yunyao/modules/forms';
import { useTranslation } from 'react-i18next';
import { MoleculeInput } from '../molecule-input/MoleculeInput.tsx';
import { ModuleFileField } from './ModuleFileField.tsx';
import './module-page.i18n.ts';
import { appendPicked, countPicked, NO_FILES, type PickedFiles } from './picked-files.ts';

/** File modules' input (`mole_type`): the field's files, or typed or drawn SMILES (`molecules`). */
export interface FileOrTyped {
  type: 'file' | 'molecule';
  files: PickedFiles;
  text: string;
}

export const EMPTY_FILE_OR_TYPED: FileOrTyped = { type: 'file', files: NO_FILES, text: '' };

/** The params the module's schema checks for this input (`mole_type`, `molecules`). */
export function fileOrTypedValues(value: FileOrTyped): { mole_type: FileOrTyped['type']; molecules?: string } {
  return value.type === 'molecule' ? { mole_type: 'molecule', molecules: value.text } : { mole_type: 'file' };
}

/** Whether the file source still lacks its files (typed SMILES are checked by the schema). */
export function missingFiles(spec: FileFieldSpec, value: FileOrTyped): boolean {
  return value.type === 'file' && countPicked(value.files) < spec.min;
}

/** Only the chosen source is sent: the files, or `mole_type=molecule` with the typed lines. */
export function appendFileOrTyped(body: FormData, spec: FileFieldSpec, value: FileOrTyped): void {
  body.set('mole_type', value.type);
  if (value.type === 'molecule') body.set('molecules', value.text);
  else appendPicked(body, spec, value.files);
}

interface Props {
  spec: FileFieldSpec;
  value: FileOrTyped;
  onChange: (value: FileOrTyped) => void;
  label: string;
  testId: string;
  /** The file picker's extensions when narrower than the spec's (perform's 2D / 3D). */
  extensions?: string[];
}

/** The radio 上传文件 / 输入或绘制分子 and the chosen input; switching keeps what the other held. */
export function FileOrTypedField({ spec, value, onChange, label, testId, extensions }: Props) {
  const { t } = useTranslation('modulePage');
  return (
    <>
      <Form.Item label={label} required>
        <Radio.Group
          value={value.type}
          onChange={(e) => onChange({ ...value, type: e.target.value as FileOrTyped['type'] })}
          optionType="button"
          data-testid={`${testId}-type`}
          options={[
            { value: 'file', label: t('sourceUpload') },
            { value: 'molecule', label: t('sourceTypedOrDrawn') },
          ]}
        />
      </Form.Item>
      <Form.Item label=" " colon={false} extra={value.type === 'molecule' ? t('typedOrDrawnHint') : undefined}>
        {value.type === 'molecule' ? (
          <MoleculeInput value={value.text} onChange={(text) => onChange({ ...value, text })} placeholder={t('typedPlaceholder')} testId={testId} />
        ) : (
          <ModuleFileField spec={spec} {...(extensions ? { extensions } : {})} value={value.files} onChange={(files) => onChange({ ...value, files })} testId={testId} />
        )}
      </Form.Item>
    </>
  );
}
