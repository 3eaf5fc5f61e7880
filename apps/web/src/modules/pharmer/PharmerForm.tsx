import { Alert, Form, InputNumber, Spin } from 'antd';
import { FEATURES_INVALID, MIN_QUERY_FEATURES, PHARMER_FILTER, PHARMER_PROTEIN_SOURCES, pharmerForm, REFERENCE_FILE_FIELD } from '@yunyao/modules/forms/pharmer';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModuleFormLayout } from '../../components/module-page/ModuleFormLayout.tsx';
import { appendMoleculeSource, EMPTY_MOLECULE_SOURCE, MoleculeSourceField, moleculeSourceWarning, type MoleculeSource } from '../../components/module-page/MoleculeSourceField.tsx';
import { appendProteinSource, EMPTY_PROTEIN_SOURCE, ProteinSourceField, proteinSourceWarning, type ProteinSource } from '../../components/module-page/ProteinSourceField.tsx';
import { draftOf, type ModuleDraft } from '../../components/module-page/module-draft.ts';
import { paramsProblem } from '../../components/module-page/picked-files.ts';
import { appendPosedLigands, EMPTY_POSED_LIGANDS, PosedLigandField, posedLigandsWarning, type PosedLigands } from '../../components/module-page/PosedLigandField.tsx';
import { proteinKey, useProteinText } from '../../components/module-page/useProteinText.ts';
import { PharmacophoreQueryPanel } from './PharmacophoreQueryPanel.tsx';
import { enabledIds } from './pharmacophore-style.ts';
import { usePharmacophoreQuery } from './usePharmacophoreQuery.ts';
import { say } from '../../i18n/index.ts';
import './pharmer.i18n.ts';

/**
 * The pharmacophore form (spec document 2): protein, reference ligand(s) in their bound pose, the
 * query built from them on the server and shown for editing, the molecules to screen and how many
 * hits to keep.
 */
export function PharmerForm() {
  const { t, i18n } = useTranslation('pharmer');
  const english = i18n.language === 'en';
  const [protein, setProtein] = useState<ProteinSource>(EMPTY_PROTEIN_SOURCE);
  const [reference, setReference] = useState<PosedLigands>(EMPTY_POSED_LIGANDS);
  const [molecules, setMolecules] = useState<MoleculeSource>(EMPTY_MOLECULE_SOURCE);
  const [filter, setFilter] = useState<number>(PHARMER_FILTER.default);
  // The user's switches over the query's defaults, tagged with the query they were made on: a new query starts from its own defaults.
  const [switched, setSwitched] = useState<{ queryAt: number; byId: ReadonlyMap<string, boolean> }>({ queryAt: 0, byId: new Map() });
  const proteinText = useProteinText(protein).data ?? null;
  const key = proteinKey(protein);
  const structure = useMemo(() => (proteinText && key ? { key: `${protein.type}:${key}`, text: proteinText } : null), [proteinText, protein.type, key]);
  const query = usePharmacophoreQuery(structure, reference);
  const switches = switched.queryAt === query.dataUpdatedAt ? switched.byId : new Map<string, boolean>();
  const enabled = query.data ? enabledIds(query.data, switches) : [];

  function queryProblem(): string | null {
    if (query.isError) return query.error.message;
    if (!query.data) return t('queryPending');
    return enabled.length < MIN_QUERY_FEATURES ? say(FEATURES_INVALID, english ? 'en' : 'zh') : null;
  }

  function draft(): ModuleDraft {
    const values = { protein_source: protein.type, pdb_id: protein.pdbId, mole_type: molecules.type, molecules: molecules.text, mole_query: molecules.query, ligand_source: reference.type, filter };
    // In the page's order: protein, reference, the molecules and settings, then the query built from the first two.
    const problem =
      proteinSourceWarning(protein, english) ??
      posedLigandsWarning(reference, english) ??
      paramsProblem(pharmerForm, values, english) ??
      moleculeSourceWarning(molecules, english) ??
      queryProblem();
    return draftOf(problem, () => {
      const body = new FormData();
      appendProteinSource(body, pharmerForm.proteinSource!, protein);
      appendPosedLigands(body, REFERENCE_FILE_FIELD, reference);
      appendMoleculeSource(body, pharmerForm.moleculeSource!, molecules);
      body.set('features', enabled.join(','));
      body.set('filter', String(filter));
      return body;
    });
  }

  const queryStatus = query.isError ? (
    <Alert type="error" showIcon message={t('queryFailed')} description={query.error.message} data-testid="pharmer-query-error" />
  ) : query.isFetching ? (
    <Alert type="info" showIcon icon={<Spin size="small" />} message={t('queryBuilding')} data-testid="pharmer-query-loading" />
  ) : (
    <Alert type="info" showIcon message={t('queryWaiting')} />
  );

  return (
    <ModuleFormLayout form={pharmerForm} draft={draft()}>
      <ProteinSourceField spec={pharmerForm.proteinSource!} value={protein} onChange={setProtein} testId="pharmer-protein" types={PHARMER_PROTEIN_SOURCES} />
      <PosedLigandField spec={REFERENCE_FILE_FIELD} value={reference} onChange={setReference} label={t('reference')} hint={t('referenceHint')} testId="pharmer-reference" />
      <Form.Item label={t('query')} extra={t('queryHint')}>
        {proteinText ? (
          <PharmacophoreQueryPanel
            protein={proteinText}
            query={query.data ?? null}
            status={queryStatus}
            enabled={enabled}
            onToggle={(id, on) => setSwitched({ queryAt: query.dataUpdatedAt, byId: new Map(switches).set(id, on) })}
          />
        ) : (
          queryStatus
        )}
      </Form.Item>
      <MoleculeSourceField spec={pharmerForm.moleculeSource!} value={molecules} onChange={setMolecules} testId="pharmer-molecules" allowDatabase />
      <Form.Item label={t('filter')} extra={t('filterHelp')}>
        <InputNumber
          min={PHARMER_FILTER.min}
          max={PHARMER_FILTER.max}
          precision={0}
          value={filter}
          onChange={(v) => setFilter(Number(v ?? PHARMER_FILTER.default))}
          style={{ width: 120 }}
          data-testid="pharmer-filter"
        />
      </Form.Item>
    </ModuleFormLayout>
  );
}
