import { Modal } from 'antd';
import type { QsarModel } from '@yunyao/contract';
import { useTranslation } from 'react-i18next';
import { readCard } from './qsar-card.ts';
import { QsarModelCard } from './QsarModelCard.tsx';
import { QSAR_NS } from './qsar.i18n.ts';

/** A registry model's card, opened from the model registry or the prediction form. */
export function QsarModelCardDialog({ model, onClose }: { model: QsarModel | null; onClose: () => void }) {
  const { t } = useTranslation(QSAR_NS);
  return (
    <Modal open={model !== null} width={1100} title={model ? t('card.title', { name: model.name, id: model.tuna_id }) : ''} footer={null} onCancel={onClose} destroyOnHidden>
      {model ? <QsarModelCard card={readCard(model.card)} /> : t('card.noCard')}
    </Modal>
  );
}
