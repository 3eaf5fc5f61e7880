import { fileURLToPath } from 'node:url';
import type { DebianPackages, ModuleEngines } from '@yunyao/modules/engines';
import { buildEngineCatalogue } from './catalogue.ts';

/** The generated list scripts/setup.sh installs from (it runs before Node exists, so the file is committed). */
export const DEBIAN_PACKAGES_PATH = fileURLToPath(new URL('../../../scripts/debian-packages.txt', import.meta.url));

const HEADER = `# Debian 12 packages the platform needs; scripts/setup.sh installs the missing ones.
#
# GENERATED: do not edit. \`npm run gen:debian-packages\` writes this file from the engines each module
# declares beside its code (packages/modules/<code>/<code>.engines.ts; engines several modules run in
# packages/modules/shared/engines.ts) and from the platform's own (packages/engines/src/platform.ts).
# packages/engines/src/debian-packages.test.ts fails when it differs from them. It is committed because
# scripts/setup.sh reads it before Node is installed.`;

/**
 * scripts/debian-packages.txt for these declarations: one commented line per group, first each
 * engine (with the modules that run it), then the helpers modules need besides their engines, then
 * the platform's own packages. A package is listed once, where it first appears; a later group that
 * needs it says so in its comment.
 */
export function renderDebianPackages(sets: readonly ModuleEngines[]): string {
  const listed = new Set<string>();
  const lines: string[] = [HEADER];
  const group = (title: string | null, packages: DebianPackages) => {
    const fresh = packages.packages.filter((p) => !listed.has(p));
    const earlier = packages.packages.filter((p) => listed.has(p));
    fresh.forEach((p) => listed.add(p));
    const note = packages.note.charAt(0).toUpperCase() + packages.note.slice(1);
    lines.push(`# ${title ? `${title}: ${packages.note}` : note}${earlier.length ? ` (${earlier.join(', ')} listed above)` : ''}`);
    if (fresh.length) lines.push(fresh.join(' '));
  };

  lines.push('', '## Engines, with the modules that run them (their versions are recorded in every result)');
  for (const { engine, usedBy } of buildEngineCatalogue(sets).values()) {
    if (engine.debian) group(`${engine.name} (${usedBy.join(', ')})`, engine.debian);
  }

  // A helper group several modules share (receptor preparation) is one object, listed once with all of them.
  const helpers = new Map<DebianPackages, string[]>();
  for (const set of sets) {
    if (set.code === 'platform') continue;
    for (const packages of set.packages ?? []) helpers.set(packages, [...(helpers.get(packages) ?? []), set.code]);
  }
  lines.push('', "## Modules' helpers besides their engines");
  for (const [packages, codes] of helpers) group(codes.join(', '), packages);

  lines.push('', '## The platform');
  for (const set of sets.filter((s) => s.code === 'platform')) {
    for (const packages of set.packages ?? []) group(null, packages);
  }
  return `${lines.join('\n')}\n`;
}
