import { moduleMetas } from '@yunyao/modules/meta';
import { buildCatalogue } from './catalogue.ts';
import { PLATFORM_PAGES } from './platform-pages.ts';
import type { WebModule } from './web-module.ts';

/** Every module folder with a manifest; folders without one (shared views) are not modules. */
export const WEB_MODULES: readonly WebModule[] = Object.values(import.meta.glob<WebModule>('../modules/*/manifest.ts', { eager: true, import: 'default' }));

/**
 * The app's catalogue: router, sidebar, home cards and task lists all read it. It names modules
 * from their meta files only; the forms (schemas, engine rules) load with the pages.
 */
export const catalogue = buildCatalogue(WEB_MODULES, moduleMetas, PLATFORM_PAGES);
