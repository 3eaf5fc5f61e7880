import { AimOutlined, DeploymentUnitOutlined, ExperimentOutlined, FileTextOutlined, FileZipOutlined, TableOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { DataFile } from '@yunyao/contract';
import { DATA_FILE_TYPES, type DataFileType } from '@yunyao/contract/files';

/** The order the filter and the upload type list show. */
export const FILE_TYPE_ORDER: readonly DataFileType[] = ['protein', 'ligand', 'ligands', 'pocket', 'fasta', 'smiles'];

export const FILE_TYPE_LOOK: Record<DataFileType, { icon: ReactNode; color: string; background: string; tag: string }> = {
  protein: { icon: <DeploymentUnitOutlined />, color: '#1668dc', background: '#e8f1fd', tag: 'blue' },
  ligand: { icon: <ExperimentOutlined />, color: '#16a34a', background: '#e7f7ed', tag: 'green' },
  ligands: { icon: <FileZipOutlined />, color: '#0d9488', background: '#e0f5f2', tag: 'cyan' },
  pocket: { icon: <AimOutlined />, color: '#d97706', background: '#fdf3e3', tag: 'orange' },
  fasta: { icon: <FileTextOutlined />, color: '#7c3aed', background: '#f1ebfd', tag: 'purple' },
  smiles: { icon: <TableOutlined />, color: '#db2777', background: '#fdebf3', tag: 'magenta' },
};

export function extensionsOf(type: DataFileType): readonly string[] {
  return DATA_FILE_TYPES[type];
}

export function hasAllowedExtension(type: DataFileType, filename: string): boolean {
  const lower = filename.toLowerCase();
  return DATA_FILE_TYPES[type].some((ext) => lower.endsWith(ext));
}

export const isCsv = (file: Pick<DataFile, 'filename'>) => file.filename.toLowerCase().endsWith('.csv');
export const isArchive = (file: Pick<DataFile, 'filename'>) => file.filename.toLowerCase().endsWith('.zip');

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 ? value.toFixed(0) : value.toFixed(1)} ${units[unit]}`;
}
