import { DeleteOutlined, FileTextOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { App as AntApp, Button, Input, Tag, Tooltip, Typography, Upload } from 'antd';
import { isXyzFileName } from '@yunyao/quantum';
import { useTranslation } from 'react-i18next';
import { pick } from '../../i18n/index.ts';
import { blockAtomCount, MAX_BLOCKS, MAX_FILE_BYTES, newBlock, parseBlock, pasteNumber, type MoleculeBlock } from './molecule-blocks.ts';
import styles from './orca.module.css';
import './orca.i18n.ts';

interface Props {
  blocks: MoleculeBlock[];
  onChange: (blocks: MoleculeBlock[]) => void;
}

/** The batch of molecules: one small card per molecule, pasted or uploaded, each with its atom count. */
export function MoleculeBlocks({ blocks, onChange }: Props) {
  const { t, i18n } = useTranslation('orca');
  const { message } = AntApp.useApp();
  const full = blocks.length >= MAX_BLOCKS;

  function update(id: number, text: string) {
    onChange(blocks.map((b) => (b.id === id ? { ...b, text } : b)));
  }

  /** The whole picked batch at once: rejects other extensions with the spec's message, reads the rest. */
  async function addFiles(files: File[]) {
    const accepted: File[] = [];
    for (const file of files) {
      if (!isXyzFileName(file.name)) void message.warning(t('notXyz', { name: file.name }), 3);
      else if (file.size > MAX_FILE_BYTES) void message.warning(t('tooLarge', { name: file.name }), 3);
      else accepted.push(file);
    }
    // An empty paste block was only a placeholder: uploads take its place.
    const kept = blocks.filter((b) => b.kind === 'file' || b.text.trim() !== '');
    const room = MAX_BLOCKS - kept.length;
    if (accepted.length > room) void message.warning(t('tooMany', { count: MAX_BLOCKS }), 3);
    const read = await Promise.all(
      accepted.slice(0, Math.max(room, 0)).map(async (file) => {
        try {
          return newBlock('file', await file.text(), file.name);
        } catch {
          void message.error(t('readFailed', { name: file.name }));
          return null;
        }
      }),
    );
    const added = read.filter((b): b is MoleculeBlock => b !== null);
    if (added.length) onChange([...kept, ...added]);
  }

  return (
    <div className={styles.blocks}>
      {blocks.length === 0 && <div className={styles.emptyBlocks}>{t('noMolecules')}</div>}
      {blocks.map((block) => {
        const title = block.kind === 'file' ? block.fileName : t('pasted', { n: pasteNumber(blocks, block) });
        const blank = block.text.trim() === '';
        const count = blank ? 0 : blockAtomCount(block.text);
        const parsed = blank ? null : parseBlock(block.text, block.fileName ?? 'mol.xyz');
        const error = parsed && !parsed.ok ? pick(parsed.error, i18n.language) : null;
        return (
          <div key={block.id} className={styles.block} data-testid="orca-molecule" data-kind={block.kind}>
            <div className={styles.blockHead}>
              <FileTextOutlined className={styles.blockIcon} />
              <Typography.Text strong ellipsis={{ tooltip: title }} className={styles.blockTitle}>
                {title}
              </Typography.Text>
              <Tag color={blank ? 'default' : error ? 'error' : 'blue'} data-testid="orca-atom-count" data-count={count} className={styles.countTag}>
                {blank ? t('noAtoms') : t('atoms', { count })}
              </Tag>
              <Typography.Text type="danger" ellipsis={{ tooltip: error }} className={styles.blockError}>
                {error}
              </Typography.Text>
              <Tooltip title={t('remove')}>
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('remove')}
                  onClick={() => onChange(blocks.filter((b) => b.id !== block.id))}
                  data-testid="orca-remove-molecule"
                />
              </Tooltip>
            </div>
            {block.kind === 'paste' && (
              <Input.TextArea
                value={block.text}
                onChange={(e) => update(block.id, e.target.value)}
                placeholder={t('pastePlaceholder')}
                autoSize={{ minRows: 4, maxRows: 12 }}
                spellCheck={false}
                className={styles.mono}
                data-testid="orca-xyz-text"
              />
            )}
          </div>
        );
      })}
      <div className={styles.blockActions}>
        <Button icon={<PlusOutlined />} onClick={() => onChange([...blocks, newBlock()])} disabled={full} data-testid="orca-add-molecule">
          {t('addMolecule')}
        </Button>
        <span data-testid="orca-upload">
          <Upload
            accept=".xyz"
            multiple
            showUploadList={false}
            disabled={full}
            beforeUpload={(file, fileList) => {
              // Called once per file of the batch: handle the batch with its first file.
              if (file === fileList[0]) void addFiles(fileList);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button icon={<UploadOutlined />} disabled={full}>
              {t('uploadXyz')}
            </Button>
          </Upload>
        </span>
        <Typography.Text type="secondary" className={styles.hint}>
          {t('moleculesHint', { max: MAX_BLOCKS })}
        </Typography.Text>
      </div>
    </div>
  );
}
