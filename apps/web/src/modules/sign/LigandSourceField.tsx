import { Form, Radio } from 'antd';
import { LIGAND_FILE_FIELD, type LIGAND_SOURCES, type SMILES_PRESETS } from '@yunyao/modules/forms/sign';
import { useTranslation } from 'react-i18next';
import { ModuleFileField } from '../../components/module-page/ModuleFileField.tsx';
import { appendPicked, NO_FILES, type PickedFiles } from '../../components/module-page/picked-files.ts';
import './sign.i18n.ts';

export interface LigandSource {
  type: (typeof LIGAND_SOURCES)[number];
  preset: (typeof SMILES_PRESETS)[number] | undefined;
  files: PickedFiles;
}

export const EMPTY_LIGAND_SOURCE: LigandSource = { type: 'file', preset: undefined, files: NO_FILES };

/** The chosen source's fields as the server reads them (only that source is sent). */
export function appendLigandSource(body: FormData, source: LigandSource): void {
  body.set('ligand_source', source.type);
  if (source.type === 'preset' && source.preset) body.set('smiles_preset', source.preset);
  if (source.type === 'file') appendPicked(body, LIGAND_FILE_FIELD, { ...NO_FILES, uploads: source.files.uploads });
  if (source.type === 'cos') appendPicked(body, LIGAND_FILE_FIELD, { ...NO_FILES, dataCenter: source.files.dataCenter });
}

/** Files picked for the chosen source, as the server will count them. */
export function ligandFilesIn(source: LigandSource): number {
  return source.type === 'file' ? source.files.uploads.length : source.type === 'cos' ? source.files.dataCenter.length : 0;
}

/** Ligands for 3D affinity: posed files (upload or data center) or a preset library that is docked first. */
export function LigandSourceField({ value, onChange }: { value: LigandSource; onChange: (v: LigandSource) => void }) {
  const { t } = useTranslation('sign');
  return (
    <>
      <Form.Item label={t('ligands')} required>
        <Radio.Group
          value={value.type}
          onChange={(e) => onChange({ ...value, type: e.target.value as LigandSource['type'] })}
          optionType="button"
          data-testid="sign-ligands-type"
          options={[
            { value: 'file', label: t('sourceUpload') },
            { value: 'cos', label: t('sourceDataCenter') },
            { value: 'preset', label: t('sourcePreset') },
          ]}
        />
      </Form.Item>
      <Form.Item label=" " colon={false} extra={t(value.type === 'preset' ? 'presetHint' : 'ligandHint')}>
        {value.type === 'preset' ? (
          <Radio.Group
            value={value.preset}
            onChange={(e) => onChange({ ...value, preset: e.target.value as LigandSource['preset'] })}
            data-testid="sign-preset"
            options={[
              { value: 'zinc', label: t('zinc') },
              { value: 'approved', label: t('approved') },
            ]}
          />
        ) : (
          <ModuleFileField
            spec={LIGAND_FILE_FIELD}
            value={value.files}
            onChange={(files) => onChange({ ...value, files })}
            sources={value.type === 'file' ? 'upload' : 'dataCenter'}
            testId="sign-ligands"
          />
        )}
      </Form.Item>
    </>
  );
}
