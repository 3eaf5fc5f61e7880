import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Button, Form, Input, Radio, Space } from 'antd';
import { PROTEIN_SOURCE_TYPES, proteinSourceProblem, type FileFieldSpec, type ProteinSourceType } from '@yunyao/modules/forms';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { ModuleFileField } from './ModuleFileField.tsx';
import './module-page.i18n.ts';
import { appendPicked, NO_FILES, type PickedFiles } from './picked-files.ts';
import { useFormWarning } from './useFormWarning.ts';

export interface ProteinSource {
  type: ProteinSourceType;
  pdbId: string;
  uniprotId: string;
  files: PickedFiles;
}

export const EMPTY_PROTEIN_SOURCE: ProteinSource = { type: 'file', pdbId: '', uniprotId: '', files: NO_FILES };

/** What is missing for an upload or data-center choice (the form's schema checks the archive ids); `spec`: the page's protein field, for its own words. */
export function proteinSourceWarning(source: ProteinSource, english: boolean, spec?: FileFieldSpec): string | null {
  const problem = proteinSourceProblem(source.type, source.files.uploads.length, source.files.dataCenter.length, spec);
  return problem ? (english ? problem.en : problem.zh) : null;
}

/** The source's fields as the server reads them (only the chosen source is sent). */
export function appendProteinSource(body: FormData, spec: FileFieldSpec, source: ProteinSource): void {
  body.set('protein_source', source.type);
  if (source.type === 'rcsb') body.set('pdb_id', source.pdbId.trim());
  if (source.type === 'uniprod') body.set('uniprod_id', source.uniprotId.trim());
  if (source.type === 'file') appendPicked(body, spec, { ...NO_FILES, uploads: source.files.uploads });
  if (source.type === 'cos') appendPicked(body, spec, { ...NO_FILES, dataCenter: source.files.dataCenter });
}

const PDB_ID_LENGTH = 4;
const SOURCE_LABELS = { file: 'sourceUpload', cos: 'sourceDataCenter', rcsb: 'sourceRcsb', uniprod: 'sourceAlphafold' } as const satisfies Record<ProteinSourceType, string>;

/** Protein source radio (spec): upload .pdb, data center, RCSB PDB by 4-character id (autocomplete, download), AlphaFold by UniProt id. */
export function ProteinSourceField({
  spec,
  value,
  onChange,
  testId,
  types = PROTEIN_SOURCE_TYPES,
}: {
  spec: FileFieldSpec;
  value: ProteinSource;
  onChange: (v: ProteinSource) => void;
  testId: string;
  /** The sources this page offers (the pharmacophore page has no AlphaFold model), in the radio's order. */
  types?: readonly ProteinSourceType[];
}) {
  const { t } = useTranslation('modulePage');
  const warn = useFormWarning();
  const typed = useDeferredValue(value.pdbId.trim());
  const suggestions = useQuery({
    queryKey: ['protein', 'suggest', typed],
    queryFn: () => api.protein.suggest(typed),
    enabled: value.type === 'rcsb' && typed.length >= 1 && typed.length < PDB_ID_LENGTH,
    staleTime: 60_000,
  });
  async function downloadPdb() {
    if (!value.pdbId.trim()) return warn(t('pdbIdForDownload'));
    await api.protein.downloadPdb(value.pdbId.trim()).catch(() => undefined);
  }
  return (
    <>
      <Form.Item label={t('proteinSource')} required>
        <Radio.Group
          value={value.type}
          onChange={(e) => onChange({ ...value, type: e.target.value as ProteinSourceType })}
          optionType="button"
          data-testid={`${testId}-type`}
          options={types.map((type) => ({ value: type, label: t(SOURCE_LABELS[type]) }))}
        />
      </Form.Item>
      <Form.Item label=" " colon={false} extra={value.type === 'rcsb' ? t('pdbIdHint') : value.type === 'uniprod' ? t('uniprotHint') : undefined}>
        {value.type === 'rcsb' ? (
          <Space.Compact style={{ width: 360 }}>
            <AutoComplete
              value={value.pdbId}
              options={(suggestions.data ?? []).map((s) => ({ value: s.name }))}
              onChange={(pdbId: string) => onChange({ ...value, pdbId })}
              style={{ width: '100%' }}
            >
              <Input placeholder="1HQ2" maxLength={PDB_ID_LENGTH} data-testid={`${testId}-pdb-id`} />
            </AutoComplete>
            <Button icon={<DownloadOutlined />} onClick={() => void downloadPdb()}>
              {t('downloadPdb')}
            </Button>
          </Space.Compact>
        ) : value.type === 'uniprod' ? (
          <Input
            style={{ width: 360 }}
            placeholder="P00533"
            maxLength={6}
            value={value.uniprotId}
            onChange={(e) => onChange({ ...value, uniprotId: e.target.value })}
            data-testid={`${testId}-uniprot-id`}
          />
        ) : (
          <ModuleFileField spec={spec} value={value.files} onChange={(files) => onChange({ ...value, files })} sources={value.type === 'file' ? 'upload' : 'dataCenter'} testId={testId} />
        )}
      </Form.Item>
    </>
  );
}
