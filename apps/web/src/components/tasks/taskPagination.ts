import type { TablePaginationConfig } from 'antd';
import type { TFunction } from 'i18next';
import { PAGE_SIZES } from '@yunyao/contract/constants';

/** The spec's pager for task tables: total, sizes 10/20/30, previous, pager, next, jumper. */
export function taskPagination(
  t: TFunction,
  { page, limit, total, onChange }: { page: number; limit: number; total: number; onChange: (page: number, limit: number) => void },
): TablePaginationConfig {
  return {
    current: page,
    pageSize: limit,
    total,
    pageSizeOptions: PAGE_SIZES.map(String),
    showSizeChanger: true,
    showQuickJumper: true,
    showTotal: (n) => t('task.total', { total: n }),
    onChange,
  };
}
