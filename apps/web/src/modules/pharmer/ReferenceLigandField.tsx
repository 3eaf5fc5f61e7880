import { Form, Radio } from 'antd';
import { REFERENCE_FILE_FIELD, type REFERENCE_SOURCES } from '@yunyao/modules/forms/pharmer';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { ModuleFileField } from '../../components/module-page/ModuleFileField.tsx';
import { appendPicked, NO_FILES, type PickedFiles } from '../../components/module-page/picked-files.ts';
import './pharmer.i18n.ts';

export interface ReferenceSource {
  type: (typeof REFERENCE_SOURCES)[number];
  files: PickedFiles;
}

export const EMPTY_REFERENCE_SOURCE: ReferenceSource = { type: 'file', files: NO_FILES };

/** The chosen source's files as the server reads them (only that source is sent). */
export function appendReferenceSource(body: FormData, source: ReferenceSource): void {
  body.set('ligand_source', source.type);
  appendPicked(body, REFERENCE_FILE_FIELD, source.type === 'file' ? { ...NO_FILES, uploads: source.files.uploads } : { ...NO_FILES, dataCenter: source.files.dataCenter });
}

/** Files picked for the chosen source, as the server will count them. */
export function referenceFilesIn(source: ReferenceSource): number {
  return source.type === 'file' ? source.files.uploads.length : source.files.dataCenter.length;
}

/** A key that changes when the chosen reference files do (the query preview's cache key). */
export function referenceKey(source: ReferenceSource): string {
  return source.type === 'file'
    ? source.files.uploads.map((f) => `${f.name}:${f.size}:${f.lastModified}`).join('|')
    : source.files.dataCenter.map((f) => f.id).join('|');
}

/** The reference ligands' names and text, read in the browser (uploads) or fetched (data center), for the preview. */
export async function referenceTexts(source: ReferenceSource): Promise<{ name: string; text: string }[]> {
  if (source.type === 'file') return Promise.all(source.files.uploads.map(async (f) => ({ name: f.name, text: await f.text() })));
  return Promise.all(source.files.dataCenter.map(async (f) => ({ name: f.filename, text: await api.files.text(f.id) })));
}

/** Reference ligand(s) in their bound pose (spec: upload .sdf/.mol2/.pdb, at most 2 files, or data center). */
export function ReferenceLigandField({ value, onChange }: { value: ReferenceSource; onChange: (v: ReferenceSource) => void }) {
  const { t } = useTranslation('pharmer');
  return (
    <>
      <Form.Item label={t('reference')} required>
        <Radio.Group
          value={value.type}
          onChange={(e) => onChange({ ...value, type: e.target.value as ReferenceSource['type'] })}
          optionType="button"
          data-testid="pharmer-reference-type"
          options={[
            { value: 'file', label: t('sourceUpload') },
            { value: 'cos', label: t('sourceDataCenter') },
          ]}
        />
      </Form.Item>
      <Form.Item label=" " colon={false} extra={t('referenceHint')}>
        <ModuleFileField
          spec={REFERENCE_FILE_FIELD}
          value={value.files}
          onChange={(files) => onChange({ ...value, files })}
          sources={value.type === 'file' ? 'upload' : 'dataCenter'}
          testId="pharmer-reference"
        />
      </Form.Item>
    </>
  );
}
