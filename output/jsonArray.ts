/**
 * `JSON.stringify(items, null, 2) + '\n'` written item by item, byte for byte: a member at depth 1
 * is its own 2-space JSON with every line indented once more (a JSON string holds no raw newline, so
 * every newline is structural). For files that are a JSON array of records (review queues).
 */
import type { FileSink } from './fileSink.js';

export function writeJsonArray(sink: FileSink, items: Iterable<unknown>): void {
  let n = 0;
  for (const item of items) {
    sink.write(`${n++ === 0 ? '[\n' : ',\n'}  ${JSON.stringify(item, null, 2).replace(/\n/g, '\n  ')}`);
  }
  sink.write(n === 0 ? '[]\n' : '\n]\n');
}
