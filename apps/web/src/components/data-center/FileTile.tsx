import { Checkbox, Skeleton, Tag } from 'antd';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataFile } from '@yunyao/contract';
import { DATA_CENTER_NS } from './dataCenter.i18n.ts';
import { FILE_TYPE_LOOK, formatSize } from './fileTypes.tsx';
import styles from './FileTile.module.css';

export interface FileTileProps {
  file: DataFile;
  /** Buttons along the tile's foot (the data-center page); a picker passes none. */
  actions?: ReactNode;
  /** Makes the whole tile a toggle with a check mark (the picker). */
  onSelect?: () => void;
  selected?: boolean;
}

/** One data-center file, the same on the data-center page and in every picker. */
export function FileTile({ file, actions, onSelect, selected = false }: FileTileProps) {
  const { t } = useTranslation(DATA_CENTER_NS);
  const look = FILE_TYPE_LOOK[file.type];
  const selectable = Boolean(onSelect);
  const className = [styles.tile, selectable && styles.selectable, selected && styles.selected].filter(Boolean).join(' ');

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    onSelect?.();
  }

  return (
    <div
      className={className}
      data-testid="dc-file"
      data-name={file.name}
      data-selected={selectable ? String(selected) : undefined}
      {...(selectable ? { role: 'checkbox', 'aria-checked': selected, tabIndex: 0, onClick: onSelect, onKeyDown } : {})}
    >
      {selectable && <Checkbox className={styles.check} checked={selected} tabIndex={-1} aria-hidden />}
      <div className={styles.head}>
        <div className={styles.icon} style={{ color: look.color, background: look.background }}>
          {look.icon}
        </div>
        <div className={styles.body}>
          <div className={styles.name} title={file.name}>
            {file.name}
          </div>
          <Tag className={styles.tag} color={look.tag} variant="filled">
            {t(`types.${file.type}`)}
          </Tag>
        </div>
      </div>
      <div className={styles.meta}>
        <span>{formatSize(file.size)}</span>
        <span title={file.created_at}>{file.created_at}</span>
      </div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  );
}

/** Placeholder tiles the size of real ones, so the grid does not jump when files arrive. */
export function FileTileSkeletons({ count = 8 }: { count?: number }) {
  return (
    <div className={styles.grid} data-testid="dc-loading">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={styles.skeleton}>
          <Skeleton active avatar={{ shape: 'square', size: 42 }} title={{ width: '80%' }} paragraph={{ rows: 2, width: ['40%', '100%'] }} />
        </div>
      ))}
    </div>
  );
}

export const fileGridClass = styles.grid;
