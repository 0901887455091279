/**
 * Every source's hooks into the resolution chain (pipeline/resolution/sources.ts), registered on
 * import. The stage registry imports this module, so any command that runs a stage has them.
 */
import { registerSourceResolution } from '../pipeline/resolution/sources.js';
import { bfclResolution } from './bfcl/resolution.js';
import { tevalResolution } from './teval/resolution.js';

for (const def of [bfclResolution, tevalResolution]) registerSourceResolution(def);
