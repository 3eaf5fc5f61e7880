import { CommentOutlined, UnorderedListOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Form, Input, Popconfirm, Table, Tag, Upload, type TableColumnsType, type UploadFile } from 'antd';
import { FEEDBACK_IMAGE_MAX_BYTES, type FeedbackTicket } from '@yunyao/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { SectionCard, tableEmpty } from './parts.tsx';
import styles from './Personal.module.css';
import { personalKeys, SUCCESS_SECONDS } from './sections.ts';

const STATUS_COLOURS: Record<FeedbackTicket['status'], string> = { pending: 'processing', resolved: 'success', revoked: 'default' };
const IMAGE_OK = /\.(jpe?g|png)$/i;

/** Section 6: a ticket form (content, one jpg/png ≤ 500 kb, contact) and the user's tickets. */
export function FeedbackSection() {
  const { t } = useTranslation('personal');
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ content: string; contact: string }>();
  const [image, setImage] = useState<UploadFile | null>(null);
  const [busy, setBusy] = useState(false);
  const tickets = useQuery({ queryKey: personalKeys.feedback, queryFn: api.personal.feedback });

  async function submit(fields: { content: string; contact?: string }) {
    setBusy(true);
    try {
      await api.personal.submitFeedback({ content: fields.content, contact: fields.contact ?? '', image: image?.originFileObj });
      void message.success(t('feedback.submitted'), SUCCESS_SECONDS);
      form.resetFields();
      setImage(null);
      void queryClient.invalidateQueries({ queryKey: personalKeys.feedback });
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
    }
  }

  async function revoke(id: number) {
    try {
      await api.personal.revokeFeedback(id);
      void message.success(t('feedback.revoked'), SUCCESS_SECONDS);
      void queryClient.invalidateQueries({ queryKey: personalKeys.feedback });
    } catch {
      // The client has shown the server's message.
    }
  }

  const columns: TableColumnsType<FeedbackTicket> = [
    { title: t('feedback.content'), dataIndex: 'content', ellipsis: { showTitle: true } },
    {
      title: t('feedback.image'),
      dataIndex: 'image',
      width: 100,
      render: (url: string | null) =>
        url ? (
          <a href={url} target="_blank" rel="noreferrer">
            {t('feedback.viewImage')}
          </a>
        ) : (
          '-'
        ),
    },
    { title: t('feedback.contact'), dataIndex: 'contact', width: 160, ellipsis: true, render: (v: string) => v || '-' },
    { title: t('feedback.submittedAt'), dataIndex: 'created_at', width: 170 },
    { title: t('common.status'), dataIndex: 'status_text', width: 96, render: (v: string, r) => <Tag color={STATUS_COLOURS[r.status]}>{v}</Tag> },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 90,
      fixed: 'right',
      render: (_: unknown, r) =>
        r.status === 'pending' ? (
          <Popconfirm title={t('feedback.revokeConfirm')} okText={t('common.confirm')} cancelText={t('common.cancel')} onConfirm={() => revoke(r.id)}>
            <Button type="link" size="small" data-testid="feedback-revoke">
              {t('feedback.revoke')}
            </Button>
          </Popconfirm>
        ) : (
          '-'
        ),
    },
  ];

  return (
    <>
      <SectionCard icon={<CommentOutlined />} title={t('feedback.formTitle')} testId="feedback-form">
        <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} style={{ maxWidth: 720 }}>
          <Form.Item name="content" label={t('feedback.content')} rules={[{ required: true, whitespace: true, message: t('feedback.contentRequired') }]}>
            <Input.TextArea rows={5} maxLength={2000} showCount placeholder={t('feedback.contentPlaceholder')} data-testid="feedback-content" />
          </Form.Item>
          <Form.Item label={t('feedback.image')} extra={t('feedback.imageHint')}>
            <Upload
              accept=".jpg,.jpeg,.png"
              maxCount={1}
              listType="picture"
              fileList={image ? [image] : []}
              beforeUpload={(file) => {
                if (!IMAGE_OK.test(file.name)) {
                  void message.error(t('feedback.imageType'), SUCCESS_SECONDS);
                  return Upload.LIST_IGNORE;
                }
                if (file.size > FEEDBACK_IMAGE_MAX_BYTES) {
                  void message.error(t('feedback.imageSize'), SUCCESS_SECONDS);
                  return Upload.LIST_IGNORE;
                }
                return false; // Sent with the form, not on its own.
              }}
              onChange={({ fileList }) => setImage(fileList.at(-1) ?? null)}
              data-testid="feedback-image"
            >
              <Button icon={<UploadOutlined />}>{t('feedback.upload')}</Button>
            </Upload>
          </Form.Item>
          <Form.Item name="contact" label={t('feedback.contact')}>
            <Input maxLength={100} placeholder={t('feedback.contactPlaceholder')} data-testid="feedback-contact" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="feedback-submit">
            {t('feedback.submit')}
          </Button>
        </Form>
      </SectionCard>
      <SectionCard icon={<UnorderedListOutlined />} title={t('feedback.listTitle')} testId="feedback-list">
        <Table<FeedbackTicket>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={tickets.data ?? []}
          loading={tickets.isPending}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          scroll={{ x: 860 }}
          locale={tableEmpty(tickets.isPending, t('feedback.empty'))}
          onRow={(r) => ({ 'data-testid': 'feedback-row', 'data-id': r.id, 'data-status': r.status }) as React.HTMLAttributes<HTMLElement>}
        />
      </SectionCard>
    </>
  );
}
