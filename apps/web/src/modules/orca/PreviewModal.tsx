import { Alert, Modal, Tabs, Typography } from 'antd';
import type { Bilingual, Engine } from '@yunyao/quantum';
import { useTranslation } from 'react-i18next';
import { pick } from '../../i18n/index.ts';
import type { PreviewInput } from './molecule-blocks.ts';
import styles from './orca.module.css';
import './orca.i18n.ts';

export interface PreviewData {
  engine: Engine;
  inputs: PreviewInput[];
  /** Why the chosen engine cannot run these options, if so. */
  unsupported: Bilingual | null;
}

const ENGINE_NAMES: Record<Engine, string> = { orca: 'ORCA', nwchem: 'NWChem', xtb: 'xtb', mopac: 'MOPAC' };

/** Every generated input, one tab per molecule, each copyable. */
export function PreviewModal({ data, onClose }: { data: PreviewData | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('orca');
  const engine = data ? ENGINE_NAMES[data.engine] : '';
  return (
    <Modal open={data !== null} title={t('previewTitle', { engine })} onCancel={onClose} footer={null} width={880} destroyOnHidden>
      {data && (
        <div data-testid="orca-preview-content" data-engine={data.engine}>
          <Typography.Paragraph type="secondary" className={styles.previewNote}>
            {t('previewEngineNote', { engine })}
          </Typography.Paragraph>
          {data.unsupported && (
            <Alert
              type="error"
              showIcon
              className={styles.previewAlert}
              title={t(data.engine === 'nwchem' ? 'unsupported' : 'unsupportedOrca', { reason: pick(data.unsupported, i18n.language) })}
            />
          )}
          <Tabs
            size="small"
            items={data.inputs.map((input, i) => ({
              key: String(i),
              label: input.name,
              children: input.error ? (
                <Alert type="error" showIcon title={pick(input.error, i18n.language)} data-testid="orca-preview-error" />
              ) : (
                <div className={styles.previewFile} data-testid="orca-preview-file">
                  <div className={styles.previewFileHead}>
                    <Typography.Text type="secondary" className={styles.mono}>
                      {input.file}
                    </Typography.Text>
                    <Typography.Text copyable={{ text: input.text ?? '', tooltips: [t('copy'), t('copied')] }} />
                  </div>
                  <pre className={styles.previewPre}>{input.text}</pre>
                </div>
              ),
            }))}
          />
        </div>
      )}
    </Modal>
  );
}
