/**
 * The stage registry: every stage of the DAG, by CLI name.
 */
import type { Stage, StageName } from '../pipeline/stage.js';

const ALL: Stage[] = [];

export function registry(extra: Stage[] = []): Map<StageName, Stage> {
  return new Map([...ALL, ...extra].map((s) => [s.name, s]));
}
