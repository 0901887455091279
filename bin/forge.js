#!/usr/bin/env node
// `forge` (package.json "bin"; `pnpm forge --help`, or on the PATH after `pnpm link --global`): runs scripts/cli.ts from source. tsx is
// registered in this process rather than spawning a second node, so signals and exit codes are the CLI's own.
import { register } from 'tsx/esm/api';

register();
await import('../scripts/cli.ts');
