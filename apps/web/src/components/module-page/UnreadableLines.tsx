import { Table, Typography } from 'antd';
import type { useAppProps } from 'antd/es/app/context';
import { unreadableMoleculesSchema, type UnreadableMolecules } from '@yunyao/contract/api';
import { errors } from '@yunyao/contract';
import { RequestError } from '@yunyao/contract/api/client';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n/index.ts';
import './unreadable-lines.i18n.ts';

/** The errno a form answers itself, with this dialog, instead of the global toast. */
export const UNREADABLE_ERRNO = errors.smilesUnreadable.errno;

/** The lines of a 40008 refusal, or null for any other error. */
export function unreadableOf(err: unknown): UnreadableMolecules | null {
  if (!(err instanceof RequestError) || err.errno !== UNREADABLE_ERRNO) return null;
  const data = unreadableMoleculesSchema.safeParse(err.data);
  return data.success ? data.data : null;
}

function UnreadableLines({ refusal }: { refusal: UnreadableMolecules }) {
  const { t } = useTranslation('unreadableLines');
  const intro = refusal.file === null ? 'typedIntro' : 'fileIntro';
  return (
    <div data-testid="unreadable-lines">
      <Typography.Paragraph>{t(intro, { molecules: refusal.molecules, count: refusal.count, rest: refusal.molecules - refusal.count, file: refusal.file })}</Typography.Paragraph>
      <Table
        size="small"
        rowKey="line"
        pagination={false}
        scroll={{ y: 240 }}
        dataSource={refusal.lines}
        columns={[
          { title: t('line'), dataIndex: 'line', width: 64 },
          { title: t('smiles'), dataIndex: 'smiles', width: 160, ellipsis: true },
          { title: t('reason'), dataIndex: 'reason' },
        ]}
      />
      {refusal.count > refusal.lines.length && <Typography.Text type="secondary">{t('more', { count: refusal.lines.length })}</Typography.Text>}
    </div>
  );
}

/**
 * Shows the unreadable lines with RDKit's reasons and asks whether to submit without them; nothing
 * was held or charged yet. Resolves true when the user chose to skip them.
 */
export function confirmSkipUnreadable(modal: useAppProps['modal'], refusal: UnreadableMolecules): Promise<boolean> {
  const t = i18n.getFixedT(null, 'unreadableLines');
  return new Promise((resolve) => {
    modal.confirm({
      title: t('title', { count: refusal.count }),
      width: 640,
      content: <UnreadableLines refusal={refusal} />,
      okText: t('skip'),
      cancelText: t('edit'),
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
