/**
 * Semantic Versioning 2.0.0 through the `semver` package, held to the strict spelling: a release
 * version names a directory and a manifest, so `v1.0.0`, `=1.0.0` or ` 1.0.0 ` (which the package
 * forgives) are refused rather than normalised.
 */
import semver, { type SemVer } from 'semver';

export type { SemVer };

export function parseSemver(text: string): SemVer | undefined {
  const parsed = semver.parse(text);
  if (!parsed) return undefined;
  const spelled = parsed.version + (parsed.build.length ? `+${parsed.build.join('.')}` : '');
  return spelled === text ? parsed : undefined;
}

/** Precedence per semver §11 (build metadata ignored). */
export function compareSemver(a: SemVer, b: SemVer): number {
  return semver.compare(a, b);
}
