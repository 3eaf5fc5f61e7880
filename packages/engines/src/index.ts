export * from './versions.ts';
export { buildEngineCatalogue, type CatalogueEntry } from './catalogue.ts';
export { DEBIAN_PACKAGES_PATH, renderDebianPackages } from './debian-packages.ts';
export { platformEngines } from './platform.ts';
