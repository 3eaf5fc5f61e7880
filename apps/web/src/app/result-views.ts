import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ResultViewProps } from './web-module.ts';
import { catalogue } from './web-modules.ts';

export type ResultView = LazyExoticComponent<ComponentType<ResultViewProps>>;

/** Each module's own result view, by module code; it loads with its first use. */
export const RESULT_VIEWS: ReadonlyMap<string, ResultView> = new Map([...catalogue.resultViews].map(([code, load]) => [code, lazy(load)]));
