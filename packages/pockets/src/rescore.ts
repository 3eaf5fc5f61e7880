/**
 * The learned pocket ranking: a gradient-boosted tree ensemble (trained by
 * python/yunyao/pocket/train.py with XGBoost, binary:logistic) evaluated here in
 * plain TypeScript, so Node and the browser worker rank pockets identically.
 *
 * XGBoost compares features as 32-bit floats (`x < threshold` goes left), so features are
 * rounded with Math.fround before each comparison; thresholds are stored as float32 values.
 */
import shippedModel from './rescorer-model.json' with { type: 'json' };

export interface RegressionTree {
  /** Split feature per node (index into the ensemble's feature list); unused on leaves. */
  feature: number[];
  threshold: number[];
  /** Child node indices; -1 marks a leaf. */
  left: number[];
  right: number[];
  /** Leaf values (margin contributions); unused on inner nodes. */
  value: number[];
}

export interface TreeEnsemble {
  format: 'yunyao-pocket-rescorer/1';
  /** Feature names in column order; must equal FEATURE_NAMES. */
  features: string[];
  /** Margin before any tree (XGBoost's base_score as a logit). */
  baseMargin: number;
  trees: RegressionTree[];
}

/** A model as train.py writes it (JSON; extra fields such as its provenance are ignored). */
export function treeEnsemble(json: { format: string; features: string[]; baseMargin: number; trees: RegressionTree[] }): TreeEnsemble {
  if (json.format !== 'yunyao-pocket-rescorer/1') throw new Error(`不支持的口袋排序模型格式：${json.format}`);
  return { format: json.format, features: json.features, baseMargin: json.baseMargin, trees: json.trees };
}

/** The committed model: six physical features, chosen by family-grouped CV and trained on all 109 holo structures of the shared datasets (docs/models/pockets.md). */
export const POCKET_RESCORER: TreeEnsemble = treeEnsemble(shippedModel);

function treeMargin(tree: RegressionTree, x: readonly number[]): number {
  let node = 0;
  while (tree.left[node]! !== -1) {
    node = Math.fround(x[tree.feature[node]!]!) < tree.threshold[node]! ? tree.left[node]! : tree.right[node]!;
  }
  return tree.value[node]!;
}

/** Probability (0–1) that a pocket with feature vector x is a ligand site (centre within 4 Å of a ligand). */
export function predictLigandSite(model: TreeEnsemble, x: readonly number[]): number {
  let margin = model.baseMargin;
  for (const tree of model.trees) margin += treeMargin(tree, x);
  return 1 / (1 + Math.exp(-margin));
}
