/**
 * A ground truth that lists or walks folders toward a file the request asks to find by name, where the
 * toolkit's `find` is listed and nothing shown yet tells where the file is: BFCL's plan for "Find
 * analysis_report.csv and upon locating it, ensure you move it to the 'archive' directory"
 * (bfcl_multi_turn_base_5) calls ls, then cd "project", and find(name="analysis_report.csv") is as right a
 * next call. The case would score that careful call as wrong, so it has no one right answer.
 */
import type { Action, ChatMessage, ToolDoc } from '../schemas.js';
import { apiOf } from '../errors/values.js';
import { shownAction } from './evidence.js';

/** "Find analysis_report.csv", "locate any files titled 'report.csv'": a file the request asks to find, by its name. */
const FIND_FILE = /\b(?:find|locate|search for|look for|track down|pinpoint)\s+(?:(?:any|the|a|all|my)\s+)?(?:files?\s+(?:titled|named|called)\s+)?['"‘]?([\w-]+\.[A-Za-z0-9]{2,5})\b/i;

/** Words by which a request sends the assistant into a folder before the search: then the walk is what it asks first. */
const GOES_FIRST = /\b(?:cd|go (?:in)?to|move into|navigate|within|inside|head (?:in)?to|change (?:in)?to)\b/i;

/** The ground truth's first action where it lists or changes a folder and its toolkit's `find` is listed: the cases findServesStep reads. */
export function walkBesideFind(groundTruth: Action | Action[], tools: readonly ToolDoc[]): Action | undefined {
  const gt = Array.isArray(groundTruth) ? groundTruth[0] : groundTruth;
  if (!gt || !['ls', 'cd'].includes(apiOf(gt.name))) return undefined;
  const kit = gt.name.includes('.') ? `${gt.name.slice(0, gt.name.indexOf('.'))}.` : '';
  return tools.some((t) => t.name === `${kit}find`) ? gt : undefined;
}

/** Why `find` serves the ground truth's step as well, or undefined. */
export function findServesStep(messages: readonly ChatMessage[], groundTruth: Action | Action[], tools: readonly ToolDoc[]): string | undefined {
  const gt = walkBesideFind(groundTruth, tools);
  if (!gt) return undefined;
  const at = messages.map((m) => m.role).lastIndexOf('user');
  if (at < 0) return undefined;
  const request = messages[at].content;
  const asked = FIND_FILE.exec(request);
  if (!asked || GOES_FIRST.test(request.slice(0, asked.index))) return undefined;
  const file = asked[1];
  const after = messages.slice(at + 1);
  if (after.some((m) => m.role === 'assistant' && apiOf(shownAction(m.content)?.name ?? '') === 'find')) return undefined;
  // A listing that already shows the file tells where it is: the walk to it is then the one right step.
  if (messages.some((m) => m.role === 'function' && m.content.includes(file))) return undefined;
  return `${apiOf(gt.name)}(${JSON.stringify(gt.args)}) walks toward "${file}", which the request asks to find and nothing shown places, while \`find\` is listed: find(name="${file}") is as right a next call`;
}
