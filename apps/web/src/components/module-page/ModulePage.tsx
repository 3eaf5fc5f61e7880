import { Card, Space, Tag, Typography } from 'antd';
import type { ModuleForm } from '@yunyao/modules/forms';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { pick } from '../../i18n/index.ts';
import './module-page.i18n.ts';
import { TaskHistory } from './TaskHistory.tsx';

/**
 * The frame every module page shares: what the module does and costs, its
 * submit form (the page's children) on top, its history below. `below` sits
 * between the two: what a module keeps besides tasks (QSAR's model registry).
 */
export function ModulePage({ form, children, below }: { form: ModuleForm; children: ReactNode; below?: ReactNode }) {
  const { t, i18n } = useTranslation('modulePage');
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <Space align="center" wrap style={{ marginBottom: 8 }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {pick(form.name, i18n.language)}
          </Typography.Title>
          {form.priceNote ? (
            <Tag color="blue">{pick(form.priceNote, i18n.language)}</Tag>
          ) : (
            <>
              <Tag color="blue">{t('price', { price: (form.priceFenPerCoreHour / 100).toFixed(2) })}</Tag>
              <Tag>{t('cores', { count: form.cores })}</Tag>
            </>
          )}
        </Space>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 20 }}>
          {pick(form.description, i18n.language)}
        </Typography.Paragraph>
        {children}
      </Card>
      {below}
      <TaskHistory form={form} />
    </Space>
  );
}
