import { z } from 'zod';
import { messageRef } from '@yunyao/contract';
import { SHARED_MESSAGES } from './shared.messages.ts';

/**
 * Binding sites chosen from the pocket table (docking, 3D affinity, later pharmacophore and free energy):
 * `pockets[]` carries each detected pocket's centre and extent, and a task turns each into a Vina box.
 */

/** Å added on every side of a detected pocket's extent, and the smallest box edge Vina gets. */
export const POCKET_BOX_MARGIN = 5;
export const MIN_BOX_EDGE = 16;
export const MAX_BOX_EDGE = 126;
export const MAX_SITES = 20;

export const SITE_INVALID = SHARED_MESSAGES.siteInvalid;
export const TOO_MANY_SITES = messageRef(SHARED_MESSAGES.tooManySites, { max: MAX_SITES });

const vec3 = z.tuple([z.number(), z.number(), z.number()]);
/** A binding site: a detected pocket's box (centre and extent, Å) or a manual box. */
export const dockingSiteSchema = z.object({ name: z.string().trim().min(1).max(40).regex(/^[A-Za-z0-9_-]+$/), center: vec3, size: vec3 });
export type DockingSite = z.infer<typeof dockingSiteSchema>;

/** The Vina box of a detected pocket: its extent plus a margin, never smaller than a drug-sized ligand needs. */
export function pocketBox(site: DockingSite): DockingSite {
  return { ...site, size: site.size.map((s) => Math.min(MAX_BOX_EDGE, Math.max(MIN_BOX_EDGE, s + 2 * POCKET_BOX_MARGIN))) as DockingSite['size'] };
}

/**
 * `pockets[]` arrive as JSON strings (multipart) or objects (JSON body); anything unreadable is one message.
 * The output is declared (the pipe), so the parameters' exported schema (shared/step-params.ts) says what a step reads.
 */
export const pocketsField = z
  .unknown()
  .transform((value, ctx): DockingSite[] | undefined => {
    if (value === undefined || value === '') return undefined;
    const items = Array.isArray(value) ? value : [value];
    if (items.length > MAX_SITES) {
      ctx.addIssue({ code: 'custom', message: TOO_MANY_SITES });
      return z.NEVER;
    }
    const sites: DockingSite[] = [];
    for (const item of items) {
      let parsed: unknown = item;
      try {
        if (typeof item === 'string') parsed = JSON.parse(item);
      } catch {
        parsed = null;
      }
      const site = dockingSiteSchema.safeParse(parsed);
      if (!site.success) {
        ctx.addIssue({ code: 'custom', message: SITE_INVALID });
        return z.NEVER;
      }
      sites.push(site.data);
    }
    return sites;
  })
  .pipe(z.array(dockingSiteSchema).max(MAX_SITES).optional());

/** The sites file a step reads (`sites.json`): one `{id, center, size}` per box. */
export function sitesJson(sites: readonly DockingSite[]): string {
  return JSON.stringify(sites.map((s) => ({ id: s.name, center: s.center, size: s.size })));
}
