import { EditOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazySketcher } from './LazySketcher.tsx';
import type { SketcherRequest } from './SketcherDialog.tsx';
import './molecule-input.i18n.ts';

/** 绘制分子 beside a one-molecule field (a substructure, a similarity query): the editor starts from the field's SMILES and its drawing replaces it. */
export function SketchButton({ smiles, onDrawn, testId }: { smiles: string; onDrawn: (smiles: string) => void; testId: string }) {
  const { t } = useTranslation('moleculeInput');
  const [request, setRequest] = useState<SketcherRequest | null>(null);
  return (
    <>
      <Tooltip title={t('draw')}>
        <Button icon={<EditOutlined />} aria-label={t('draw')} onClick={() => setRequest({ smiles, line: null })} data-testid={testId} style={{ flex: 'none' }} />
      </Tooltip>
      <LazySketcher
        request={request}
        onDone={(drawn) => {
          onDrawn(drawn);
          setRequest(null);
        }}
        onCancel={() => setRequest(null)}
      />
    </>
  );
}
