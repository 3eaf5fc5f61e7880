import { EditOutlined } from '@ant-design/icons';
import { Button, Input, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Molecule2D } from '../Molecule2D.tsx';
import { appendMoleculeLine, moleculeLines, replaceMoleculeLine } from './molecule-lines.ts';
import { LazySketcher } from './LazySketcher.tsx';
import type { SketcherRequest } from './SketcherDialog.tsx';
import styles from './MoleculeInput.module.css';
import './molecule-input.i18n.ts';

/** Structures previewed under the textarea; more lines are counted, not drawn. */
const PREVIEW_MAX = 12;
/**
 * Longer SMILES are not drawn as thumbnails: nothing is readable at this size, and RDKit.js drawing
 * a 1000-atom chain breaks the shared module for every later structure on the page.
 */
const PREVIEW_MAX_CHARS = 200;

export interface MoleculeInputProps {
  value: string;
  onChange: (text: string) => void;
  placeholder?: string;
  /** Prefix of the test ids: `<testId>-text`, `<testId>-draw`, `<testId>-preview`. */
  testId: string;
  minRows?: number;
}

/**
 * The one SMILES input of every module form: a textarea (one SMILES per line, optionally a name
 * after it), 绘制分子 opening a molecule editor whose drawing becomes a new line, and small
 * structures of the lines typed, each opening the editor on its own line.
 */
export function MoleculeInput({ value, onChange, placeholder, testId, minRows = 5 }: MoleculeInputProps) {
  const { t } = useTranslation('moleculeInput');
  const [request, setRequest] = useState<SketcherRequest | null>(null);
  const lines = moleculeLines(value);

  function done(smiles: string) {
    onChange(request?.line ? replaceMoleculeLine(value, request.line - 1, smiles) : appendMoleculeLine(value, smiles));
    setRequest(null);
  }

  return (
    <div className={styles.root}>
      <Input.TextArea
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        autoSize={{ minRows, maxRows: 12 }}
        spellCheck={false}
        data-testid={`${testId}-text`}
        className={styles.text}
      />
      <div className={styles.toolbar}>
        <Button icon={<EditOutlined />} onClick={() => setRequest({ smiles: '', line: null })} data-testid={`${testId}-draw`}>
          {t('draw')}
        </Button>
        {lines.length > 0 && (
          <Typography.Text type="secondary" className={styles.count}>
            {t('previewTitle', { count: lines.length })}
          </Typography.Text>
        )}
      </div>
      {lines.length > 0 && (
        <div className={styles.preview} data-testid={`${testId}-preview`}>
          {lines.slice(0, PREVIEW_MAX).map((line) => (
            <Tooltip key={`${line.index}:${line.smiles}`} title={t('editLine', { line: line.index + 1 })}>
              <button type="button" className={styles.card} onClick={() => setRequest({ smiles: line.smiles, line: line.index + 1 })}>
                {line.smiles.length > PREVIEW_MAX_CHARS ? (
                  <span className={styles.tooLong}>{t('tooLong')}</span>
                ) : (
                  <Molecule2D smiles={line.smiles} width={104} height={78} />
                )}
                <span className={styles.caption}>{line.name || `#${line.index + 1}`}</span>
              </button>
            </Tooltip>
          ))}
          {lines.length > PREVIEW_MAX && <span className={styles.more}>{t('more', { count: lines.length - PREVIEW_MAX })}</span>}
        </div>
      )}
      <LazySketcher request={request} onDone={done} onCancel={() => setRequest(null)} />
    </div>
  );
}
