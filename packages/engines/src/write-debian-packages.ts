import { writeFileSync } from 'node:fs';
import { DEBIAN_PACKAGES_PATH, renderDebianPackages } from './debian-packages.ts';
import { ENGINE_DECLARATIONS } from './versions.ts';

// `npm run gen:debian-packages`: after a module's or the platform's engines change, rewrites the committed list.
writeFileSync(DEBIAN_PACKAGES_PATH, renderDebianPackages(ENGINE_DECLARATIONS));
console.log(`wrote ${DEBIAN_PACKAGES_PATH}`);
