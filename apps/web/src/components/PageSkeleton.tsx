import { Skeleton } from 'antd';

/** Placeholder while a route's code or first data loads; keeps the page's height so nothing jumps. */
export function PageSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <div style={{ padding: 24, background: '#fff', borderRadius: 8, margin: 24 }} data-testid="page-skeleton">
      <Skeleton active paragraph={{ rows }} />
    </div>
  );
}
