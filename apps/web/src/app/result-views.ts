import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { TaskRow } from '@yunyao/contract';

export type ResultView = LazyExoticComponent<ComponentType<{ task: TaskRow; onClose: () => void }>>;

/**
 * Modules whose "view" action opens their own result dialog instead of the generic
 * task detail, by module code; each loads with its first use.
 */
export const RESULT_VIEWS: Readonly<Record<string, ResultView>> = {
  admet: lazy(() => import('./admet/AdmetResultDialog.tsx')),
  autodock: lazy(() => import('./autodock/AutodockResultDialog.tsx')),
  prothod: lazy(() => import('./quantum/QuantumResultDialog.tsx')),
  orca: lazy(() => import('./quantum/QuantumResultDialog.tsx')),
};
