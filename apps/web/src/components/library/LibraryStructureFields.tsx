import { Input, InputNumber, Typography } from 'antd';
import { LIBRARY_SIMILARITY } from '@yunyao/contract';
import { useTranslation } from 'react-i18next';
import { POOL_NS } from './library.i18n.ts';
import type { LibraryFilter } from './useLibraryFilter.ts';

/** Substructure search (every database) and similarity search (where the database has the RDKit cartridge). */
export function LibraryStructureFields({ filter, testId }: { filter: LibraryFilter; testId: string }) {
  const { t } = useTranslation(POOL_NS);
  const { structure, setStructure } = filter;
  return (
    <>
      <Typography.Text strong>{t('structureSearch')}</Typography.Text>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        <Typography.Text strong style={{ width: 96, flex: 'none' }}>
          {t('substructure')}
        </Typography.Text>
        <Input
          allowClear
          placeholder={t('substructureHint')}
          value={structure.substructure}
          onChange={(e) => setStructure((s) => ({ ...s, substructure: e.target.value }))}
          data-testid={`${testId}-substructure`}
        />
      </div>
      {filter.similaritySearch && (
        <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
          <Typography.Text strong style={{ width: 96, flex: 'none' }}>
            {t('similarTo')}
          </Typography.Text>
          <Input
            allowClear
            placeholder={t('similarToHint')}
            value={structure.similarTo}
            onChange={(e) => setStructure((s) => ({ ...s, similarTo: e.target.value }))}
            data-testid={`${testId}-similar-to`}
          />
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
        </div>
      )}
    </>
  );
}
