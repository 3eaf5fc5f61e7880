/**
 * What a module declares about the engines it runs, beside its code (`<code>/<code>.engines.ts`), as a
 * Galaxy tool wrapper declares its requirements and citations: how each engine's version is found, the
 * Debian packages that bring it, what to cite, and the module's model card. `@yunyao/engines` assembles
 * the version probes (health check, each result's provenance) and scripts/debian-packages.txt from these
 * files; nothing else lists engines. Dependency-free, like the meta files.
 */

/** A published reference to cite for an engine or for the method a module rests on. */
export interface Citation {
  /** The reference as cited: authors, title, venue, volume, pages, year. */
  text: string;
  doi?: string;
  url?: string;
}

/**
 * How an engine's version is found: run `argv` (`{python}` stands for the configured interpreter,
 * `{node}` for the worker's own Node) and read the first group of `pattern` from stdout and stderr.
 */
export interface VersionProbe {
  argv: readonly string[];
  pattern: RegExp;
}

/**
 * The installed version of a Debian package, as the version probe of an engine that package brings:
 * a millisecond `dpkg-query` instead of starting the engine. For a Python library this also spares
 * its import (PyTorch, XGBoost and scikit-learn take 1–2 CPU-s each), and Debian's version is the
 * exact release (python3-torch 1.13.1 reports `1.13.0a0` itself).
 */
export function debianPackageVersion(debianPackage: string): VersionProbe {
  return { argv: ['dpkg-query', '-W', '-f=${Version}', debianPackage], pattern: /([\d.]+)/ };
}

/** Debian 12 packages, with the comment that explains them in the generated scripts/debian-packages.txt. */
export interface DebianPackages {
  note: string;
  packages: readonly string[];
  citations?: readonly Citation[];
}

export interface EngineDeclaration {
  /** The id a module names in its `engines`, recorded with its version in every result. */
  id: string;
  /** The name results and the health check show. */
  name: string;
  probe: VersionProbe;
  /** The Debian packages that bring the engine; none where the platform brings it (Node). */
  debian?: DebianPackages;
  /** What to cite for the engine; empty only for plain infrastructure (an interpreter, a timer). */
  citations: readonly Citation[];
}

export interface ModuleEngines {
  /** The module's code, which is its folder's name (`platform` for the platform's own engines). */
  code: string;
  /** Every engine the module's steps run, in the order results list them; the module's `engines` is this list. */
  engines: readonly EngineDeclaration[];
  /** Debian packages the steps need besides their engines' (helpers whose version no result records). */
  packages?: readonly DebianPackages[];
  /** References for the module's method beyond its engines (force fields, solvent models, training sets). */
  citations?: readonly Citation[];
  /** The module's model card, relative to the repository root, where it has one (docs/models/). */
  modelCard?: string;
}

/** Identity helper so an engine is checked against `EngineDeclaration` where it is written. */
export function defineEngine(engine: EngineDeclaration): EngineDeclaration {
  return engine;
}

/** Identity helper for a module folder's `<code>.engines.ts`. */
export function defineModuleEngines(declaration: ModuleEngines): ModuleEngines {
  return declaration;
}

export function isModuleEngines(value: unknown): value is ModuleEngines {
  return typeof value === 'object' && value !== null && typeof (value as ModuleEngines).code === 'string' && Array.isArray((value as ModuleEngines).engines);
}
