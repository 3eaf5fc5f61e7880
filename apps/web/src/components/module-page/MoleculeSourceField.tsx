import { Form, Radio } from 'antd';
import {
  MAX_SMILES_CHARS,
  MAX_TYPED_MOLECULES,
  MOLE_QUERY_MISSING,
  moleculeSourceProblem,
  type FileFieldSpec,
  type MoleculeSourceType,
} from '@yunyao/modules/forms';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LibraryFilterFields } from '../library/LibraryFilterFields.tsx';
import { moleQueryOf, useLibraryFilter } from '../library/useLibraryFilter.ts';
import { MoleculeInput } from '../molecule-input/MoleculeInput.tsx';
import { ModuleFileField } from './ModuleFileField.tsx';
import { say } from '../../i18n/index.ts';
import './module-page.i18n.ts';
import { appendPicked, NO_FILES, type PickedFiles } from './picked-files.ts';

export interface MoleculeSource {
  type: MoleculeSourceType;
  text: string;
  files: PickedFiles;
  /** Database screening: the library filter as `mole_query`. */
  query: string;
}

export const EMPTY_MOLECULE_SOURCE: MoleculeSource = { type: 'molecule', text: '', files: NO_FILES, query: '' };

/** What is missing for the chosen source before the form's schema runs (the schema checks typed SMILES). */
export function moleculeSourceWarning(source: MoleculeSource, english: boolean): string | null {
  if (source.type === 'database' && !source.query) return say(MOLE_QUERY_MISSING, english ? 'en' : 'zh');
  const problem = moleculeSourceProblem(source.type, source.files.uploads.length, source.files.dataCenter.length);
  return problem ? (english ? problem.en : problem.zh) : null;
}

/** The source's form fields: `mole_type`, the typed `molecules`, or the file / data-center ids of `spec`. */
export function appendMoleculeSource(body: FormData, spec: FileFieldSpec, source: MoleculeSource): void {
  body.set('mole_type', source.type);
  if (source.type === 'molecule') body.set('molecules', source.text);
  else if (source.type === 'database') body.set('mole_query', source.query);
  else appendPicked(body, spec, source.type === 'file' ? { ...NO_FILES, uploads: source.files.uploads } : { ...NO_FILES, dataCenter: source.files.dataCenter });
}

/** Database screening: the library filter, kept in the source as its `mole_query` while the user adjusts it. */
function LibraryQueryField({ current, onQuery, testId }: { current: string; onQuery: (query: string) => void; testId: string }) {
  const filter = useLibraryFilter({ structureSearch: false });
  const query = filter.sourceReady ? moleQueryOf(filter) : '';
  const latest = useRef({ current, onQuery });
  latest.current = { current, onQuery };
  useEffect(() => {
    if (query !== latest.current.current) latest.current.onQuery(query);
  }, [query]);
  return <LibraryFilterFields filter={filter} testId={testId} />;
}

interface MoleculeSourceFieldProps {
  spec: FileFieldSpec;
  value: MoleculeSource;
  onChange: (v: MoleculeSource) => void;
  testId: string;
  /** Screening modules also take molecules from the library (`mole_type=database`). */
  allowDatabase?: boolean;
}

/** The shared small-molecule source radio: SMILES typed in (at most 100), an uploaded .csv, a data-center .csv, or (screening) the library. */
export function MoleculeSourceField({ spec, value, onChange, testId, allowDatabase = false }: MoleculeSourceFieldProps) {
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
            ...(allowDatabase ? [{ value: 'database', label: t('sourceDatabase') }] : []),
          ]}
        />
      </Form.Item>
      <Form.Item
        label=" "
        colon={false}
        extra={value.type === 'molecule' ? t('typedHint', { max: MAX_TYPED_MOLECULES, chars: MAX_SMILES_CHARS }) : value.type === 'database' ? t('databaseHint') : t('csvHint')}
      >
        {value.type === 'database' ? (
          <LibraryQueryField current={value.query} onQuery={(query) => onChange({ ...value, query })} testId={`${testId}-library`} />
        ) : value.type === 'molecule' ? (
          <MoleculeInput value={value.text} onChange={(text) => onChange({ ...value, text })} placeholder={t('typedPlaceholder')} testId={testId} />
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
