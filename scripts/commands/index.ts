/** Every CLI command module; `scripts/cli.ts` registers them in this order. */
import type { CommandModule } from 'yargs';
import { stageCommand } from './stage.js';
import { statusCommand } from './status.js';
import { inspectCommand } from './inspect.js';
import { exportCommand } from './export.js';
import { reportCommand } from './report.js';
import { reviewCommand } from './review.js';
import { releaseCommand } from './release.js';
import { toolsCommand } from './tools.js';
import { evaluateCommand } from './evaluate.js';

export const COMMANDS: CommandModule<any, any>[] = [stageCommand, statusCommand, inspectCommand, reportCommand, exportCommand, reviewCommand, releaseCommand, toolsCommand, evaluateCommand];
