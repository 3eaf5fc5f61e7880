import type { PharmacophoreFamily, PharmacophoreFeature, PharmacophoreQuery } from '@yunyao/modules/forms/pharmer';
import type { Sphere3D } from '../../components/Structure3D.tsx';

/** Pharmit's colours, which users of pharmacophore tools read without a legend. */
export const FAMILY_COLORS: Record<PharmacophoreFamily, string> = {
  Donor: '#f5f5f5',
  Acceptor: '#fa8c16',
  Aromatic: '#722ed1',
  Hydrophobe: '#52c41a',
  PosIonizable: '#1677ff',
  NegIonizable: '#f5222d',
};
// A white donor sphere is invisible on a white viewer: it is drawn in light grey there.
const SPHERE_COLORS: Record<PharmacophoreFamily, string> = { ...FAMILY_COLORS, Donor: '#bfbfbf' };

const FEATURE_OPACITY = 0.55;
const EXCLUDED_COLOR = '#d9d9d9';
const EXCLUDED_OPACITY = 0.12;

/** The features the user keeps on, as the form sends them (`F1,F3`), from the query's defaults and the user's switches. */
export function enabledIds(query: PharmacophoreQuery, switched: ReadonlyMap<string, boolean>): string[] {
  return query.features.filter((f) => switched.get(f.id) ?? f.enabled).map((f) => f.id);
}

/** The query as spheres for the 3D view: the kept features, labelled by id, and (faint) the excluded volumes. */
export function querySpheres(query: PharmacophoreQuery, enabled: readonly string[], withExcluded: boolean): Sphere3D[] {
  const on = new Set(enabled);
  const features = query.features
    .filter((f: PharmacophoreFeature) => on.has(f.id))
    .map((f) => ({ center: f.center, radius: f.radius, color: SPHERE_COLORS[f.family], opacity: FEATURE_OPACITY, label: f.id }));
  const excluded = withExcluded ? query.excluded.map((v) => ({ center: v.center, radius: v.radius, color: EXCLUDED_COLOR, opacity: EXCLUDED_OPACITY })) : [];
  return [...excluded, ...features];
}
