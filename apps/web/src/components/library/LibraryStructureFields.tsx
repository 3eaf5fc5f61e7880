import { Input, InputNumber, Typography } from 'antd';
import { LIBRARY_SIMILARITY } from '@yunyao/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SketchButton } from '../molecule-input/SketchButton.tsx';
import { POOL_NS } from './library.i18n.ts';
import type { LibraryFilter, StructureQuery } from './useLibraryFilter.ts';

/** One labelled text row of the structure search. */
function StructureRow({ label, field, hint, filter, testId, children }: {
  label: string;
  field: 'substructure' | 'similarTo';
  hint: string;
  filter: LibraryFilter;
  testId: string;
  children?: ReactNode;
}) {
  const { structure, setStructure } = filter;
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
      <Typography.Text strong style={{ minWidth: 96, flex: 'none', whiteSpace: 'nowrap' }}>
        {label}
      </Typography.Text>
      <Input
        allowClear
        placeholder={hint}
        value={structure[field]}
        onChange={(e) => setStructure((s): StructureQuery => ({ ...s, [field]: e.target.value }))}
        data-testid={testId}
      />
      <SketchButton smiles={structure[field]} onDrawn={(smiles) => setStructure((s): StructureQuery => ({ ...s, [field]: smiles }))} testId={`${testId}-draw`} />
      {children}
    </div>
  );
}

/** Substructure search (every database) and similarity search (where the database has the RDKit cartridge). */
export function LibraryStructureFields({ filter, testId }: { filter: LibraryFilter; testId: string }) {
  const { t } = useTranslation(POOL_NS);
  const { structure, setStructure } = filter;
  return (
    <>
      <Typography.Text strong>{t('structureSearch')}</Typography.Text>
      <StructureRow label={t('substructure')} field="substructure" hint={t('substructureHint')} filter={filter} testId={`${testId}-substructure`} />
      {filter.similaritySearch && (
        <StructureRow label={t('similarTo')} field="similarTo" hint={t('similarToHint')} filter={filter} testId={`${testId}-similar-to`}>
          <Typography.Text style={{ flex: 'none' }}>{t('threshold')}</Typography.Text>
          <InputNumber
            style={{ width: 90, flex: 'none' }}
            min={LIBRARY_SIMILARITY.min}
            max={LIBRARY_SIMILARITY.max}
            step={0.05}
            value={structure.similarity}
            onChange={(v) => typeof v === 'number' && setStructure((s) => ({ ...s, similarity: v }))}
            data-testid={`${testId}-similarity`}
          />
        </StructureRow>
      )}
    </>
  );
}
