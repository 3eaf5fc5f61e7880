import { CloudServerOutlined, CodeOutlined, DollarOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Form, Select, Table, Tag, type TableColumnsType } from 'antd';
import { HPC_NODES, type HpcNode, type PriceRow, type TerminalTask } from '@yunyao/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { money, SectionCard, tableEmpty } from './parts.tsx';
import styles from './Personal.module.css';
import { personalKeys, SUCCESS_SECONDS } from './sections.ts';
import { useUserInfo } from './useUserInfo.ts';

const PAGE_SIZES = [10, 20, 30];

/** Section 4: supercomputer prices, account application, ssh usage and the terminal jobs. */
export function TerminalSection() {
  return (
    <>
      <div className={styles.grid}>
        <div className={styles.column}>
          <Prices />
          <Usage />
        </div>
        <Apply />
      </div>
      <TerminalTasks />
    </>
  );
}

export function Prices() {
  const { t } = useTranslation('personal');
  const prices = useQuery({ queryKey: personalKeys.prices, queryFn: api.personal.prices });
  const columns: TableColumnsType<PriceRow> = [
    { title: t('terminal.company'), dataIndex: 'company' },
    { title: t('terminal.ssh_could'), dataIndex: 'ssh_could', width: 170, render: money },
    { title: t('terminal.ssh_normal'), dataIndex: 'ssh_normal', width: 170, render: money },
    { title: t('terminal.remarks'), dataIndex: 'remarks', ellipsis: { showTitle: true } },
  ];
  return (
    <SectionCard icon={<DollarOutlined />} title={t('terminal.pricesTitle')} testId="hpc-prices">
      <Table<PriceRow>
        rowKey="company"
        size="small"
        columns={columns}
        dataSource={prices.data ?? []}
        loading={prices.isPending}
        pagination={false}
        scroll={{ x: 560 }}
        locale={tableEmpty(prices.isPending, t('terminal.pricesEmpty'))}
      />
    </SectionCard>
  );
}

function Apply() {
  const { t } = useTranslation('personal');
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const info = useUserInfo();
  const [busy, setBusy] = useState(false);

  async function apply({ node }: { node: HpcNode }) {
    setBusy(true);
    try {
      const text = await api.personal.applyHpc(node);
      void message.success(text || t('terminal.applied'), SUCCESS_SECONDS);
      void queryClient.invalidateQueries({ queryKey: ['user', 'info'] });
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
    }
  }

  const accounts = info.data?.chaosuans ?? [];
  return (
    <SectionCard icon={<CloudServerOutlined />} title={t('terminal.applyTitle')} testId="hpc-apply">
      <p className={styles.muted}>{t('terminal.applyText')}</p>
      <Form<{ node: HpcNode }> layout="inline" initialValues={{ node: 'beijing' }} onFinish={(v) => void apply(v)}>
        <Form.Item name="node" label={t('terminal.node')} rules={[{ required: true, message: t('terminal.nodeRequired') }]}>
          <Select style={{ width: 140 }} options={HPC_NODES.map((n) => ({ value: n, label: t(`terminal.nodes.${n}`) }))} data-testid="hpc-node" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="hpc-apply-submit">
            {t('terminal.apply')}
          </Button>
        </Form.Item>
      </Form>
      <p className={styles.fieldLabel}>{t('terminal.accountsTitle')}</p>
      <div className={styles.accounts} data-testid="hpc-accounts">
        {accounts.length ? (
          accounts.map((c) => (
            <Tag key={`${c.node}-${c.account}`} color="blue">
              {`${t(`terminal.nodes.${c.node}`, { defaultValue: c.node })} · ${c.account}`}
            </Tag>
          ))
        ) : (
          <span className={styles.hint}>{t('terminal.accountsEmpty')}</span>
        )}
      </div>
    </SectionCard>
  );
}

export function Usage() {
  const { t } = useTranslation('personal');
  const info = useUserInfo();
  const account = info.data?.chaosuans[0]?.account ?? '<account>';
  return (
    <SectionCard icon={<CodeOutlined />} title={t('terminal.usageTitle')} testId="hpc-usage">
      <div className={styles.usage}>
        <p>{t('terminal.usage1')}</p>
        <pre className={styles.code}>{`ssh ${account}@<${t('terminal.host')}>`}</pre>
        <p>{t('terminal.usage2')}</p>
        <pre className={styles.code}>{'sbatch job.sh          # #SBATCH -N 1 -n 32 -t 24:00:00'}</pre>
        <p>{t('terminal.usage3')}</p>
        <pre className={styles.code}>{'squeue -u $USER        # scancel <jobid>'}</pre>
        <p>{t('terminal.usage4')}</p>
      </div>
    </SectionCard>
  );
}

export function TerminalTasks() {
  const { t } = useTranslation('personal');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(PAGE_SIZES[0] as number);
  const tasks = useQuery({ queryKey: personalKeys.sshTasks(page, limit), queryFn: () => api.personal.sshTasks(page, limit), placeholderData: (prev) => prev });
  // antd types a cell value as any.
  const col = (key: keyof TerminalTask, width?: number, render?: (v: any) => React.ReactNode) => ({ title: t(`terminal.col.${key}`), dataIndex: key, width, render });
  const columns: TableColumnsType<TerminalTask> = [
    col('jobid', 96),
    col('job_type', 96),
    { ...col('jobname'), ellipsis: { showTitle: true } },
    col('start', 165, (v: string | null) => v ?? '-'),
    col('end', 165, (v: string | null) => v ?? '-'),
    col('machine_time', 110),
    col('unit_price', 130, money),
    col('task_fee', 96, money),
    col('state_text', 90),
  ];
  return (
    <SectionCard icon={<UnorderedListOutlined />} title={t('terminal.tasksTitle')} testId="terminal-tasks">
      <Table<TerminalTask>
        rowKey="jobid"
        size="middle"
        columns={columns}
        dataSource={tasks.data?.data ?? []}
        loading={tasks.isFetching}
        pagination={{
          current: page,
          pageSize: limit,
          total: tasks.data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          hideOnSinglePage: false,
          showTotal: (total) => t('common.total', { total }),
          onChange: (p, size) => {
            setPage(size === limit ? p : 1);
            setLimit(size);
          },
        }}
        scroll={{ x: 1120 }}
        locale={tableEmpty(tasks.isPending, t('terminal.tasksEmpty'))}
      />
    </SectionCard>
  );
}
