import { useQuery } from '@tanstack/react-query';
import { Descriptions, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../src/api/endpoints.ts';
import type { ResultViewProps } from '../../src/app/web-module.ts';

/** The example's "view": the SMILES asked for and the canonical one the parser read. */
export default function ExampleResultDialog({ task, onClose }: ResultViewProps) {
  const { t } = useTranslation('example');
  const { data } = useQuery({ queryKey: ['tasks', 'json', task.id], queryFn: () => api.tasks.json(task.id) });
  return (
    <Modal open title={task.name} footer={null} onCancel={onClose} data-testid="example-result">
      <Descriptions column={1}>
        <Descriptions.Item label={t('smiles')}>{task.name}</Descriptions.Item>
        <Descriptions.Item label={t('canonical')}>{String(data?.canonical ?? '')}</Descriptions.Item>
      </Descriptions>
    </Modal>
  );
}
