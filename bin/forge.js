#!/usr/bin/env node
// `forge` (package.json "bin"; every `pnpm <command>` script runs it): runs the CLI in this process —
// signals and exit codes are the CLI's own — from the compiled copy of the sources (bin/compiled.js).
// FORGE_DEBUG=1 maps stack traces back to the TypeScript lines.
import { compiledEntry } from './compiled.js';

if (process.env.FORGE_DEBUG) process.setSourceMapsEnabled(true);
await import(await compiledEntry('scripts/cli.js'));
