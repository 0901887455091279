/**
 * The dataset card (README.md) with Hugging Face YAML front matter: licence, task categories,
 * size category, source datasets, and one `configs` entry per JSONL file so `load_dataset` reads
 * the release as it is. The CRITICTOOL JSON files (objects keyed by sample id, the evaluator's
 * input) are listed in the body.
 */
import type { ExportFile } from './writer.js';
import { datasetInfoYaml, type HfConfig } from './huggingface.js';

export interface CardInput {
  version: string;
  files: ExportFile[];
  counts: { base: number; evolved: number };
  review: Record<string, number>;
  seed: number;
  commit: string;
  /** The `pnpm report quality` table (markdown) and the measures past their threshold. */
  quality?: string;
  qualityBreached?: string[];
  /** The typed tables (data/*.parquet) the `configs` and `dataset_info` describe. */
  hf: HfConfig[];
}

export function sizeCategory(n: number): string {
  if (n < 1_000) return 'n<1K';
  if (n < 10_000) return '1K<n<10K';
  if (n < 100_000) return '10K<n<100K';
  if (n < 1_000_000) return '100K<n<1M';
  return '1M<n<10M';
}

const yamlString = (s: string) => JSON.stringify(s); // a JSON string is a valid YAML double-quoted scalar

export function renderCard(input: CardInput): string {
  const total = input.counts.base + input.counts.evolved;
  const front = [
    '---',
    'license: apache-2.0',
    'language:',
    '- en',
    'pretty_name: critictool-forge',
    'task_categories:',
    '- text-generation',
    'annotations_creators:',
    '- machine-generated',
    'language_creators:',
    '- found',
    '- machine-generated',
    'multilinguality:',
    '- monolingual',
    'tags:',
    '- synthetic',
    '- tool-use',
    '- function-calling',
    '- error-recovery',
    '- critictool',
    'size_categories:',
    `- ${sizeCategory(total)}`,
    'source_datasets:',
    '- gorilla-llm/Berkeley-Function-Calling-Leaderboard',
    '- lovesnowbest/T-Eval',
    'configs:',
    ...input.hf.flatMap((c, i) => [
      `- config_name: ${c.name}`,
      ...(i === 0 ? ['  default: true'] : []),
      '  data_files:',
      '  - split: test',
      `    path: ${yamlString(c.parquet)}`,
    ]),
    ...datasetInfoYaml(input.hf),
    '---',
  ];
  const body = [
    '',
    `# critictool-forge ${input.version}`,
    '',
    'CRITICTOOL-style test cases for evaluating how tool-using models notice, classify and recover from',
    'errors: internal errors (wrong tool, non-existent tool, wrong parameter keys or values) and',
    'environment errors (timeouts, rate limits, permission denied...), rebuilt from BFCL v3 multi-turn',
    'and T-Eval trajectories, with evolved variants (long context, extra tools, noisy queries, harder tools).',
    '',
    `${input.counts.base} base and ${input.counts.evolved} evolved samples, built with seed ${input.seed} from commit \`${input.commit}\`.`,
    'Every file, its checksum and the full build configuration are in `manifest.json`; changes since the',
    'previous release are in `CHANGELOG.md`.',
    '',
    '## Files',
    '',
    '| file | samples | bytes | sha256 |',
    '| --- | ---: | ---: | --- |',
    ...input.files.map((f) => `| \`${f.path}\` | ${f.samples} | ${f.bytes} | \`${f.sha256.slice(0, 16)}…\` |`),
    '',
    'The `*_error/*_data_*_cot.json` files are the official CRITICTOOL evaluator\'s input as it reads it:',
    'an object keyed by sample id, each with `query_prompt`, `ground_truth` and (internal) `error_type`.',
    'The `jsonl/` files hold every field (provenance, verification, evolution) as the pipeline has it. The',
    '`configs` load `data/{base,evolved}.parquet` (the same rows as `data/*.jsonl`), whose features are declared',
    'above: fields whose shape varies between rows (ground truth, tools, provenance, evolution, verification)',
    'are JSON strings there, so every `datasets` version reads one schema: `load_dataset("<repo or folder>", "base")`.',
    '',
    ...(input.quality
      ? [
          '## Quality',
          '',
          'Every defect class `pnpm report quality` measures, over every shipped case: a rate (defective / population)',
          'or a score, overall and per file family, against the build\'s thresholds (`quality.thresholds`).',
          ...(input.qualityBreached?.length ? ['', `**Released past its quality thresholds** (--allow-quality-breach): ${input.qualityBreached.join(', ')}.`] : []),
          '',
          input.quality,
          '',
        ]
      : []),
    '## Review',
    '',
    'Evolved samples the verifier flagged go to human review; accepted ones ship, rejected ones do not,',
    'and an edit replaces the evolved query after the deterministic invariants re-check it.',
    '',
    '| review state | samples |',
    '| --- | ---: |',
    ...Object.entries(input.review).map(([k, v]) => `| ${k} | ${v} |`),
    '',
    '## Sources and licence',
    '',
    'Built from the Berkeley Function Calling Leaderboard (BFCL v3 multi-turn base) and T-Eval, both',
    'Apache-2.0; this dataset is released under Apache-2.0. The method follows CRITICTOOL',
    '(arXiv:2506.13977).',
    '',
    'The Long Context cases insert prior conversation from Taskmaster-4 (Bill Byrne and Saravanan',
    'Ganesh, Google LLC; released with "PERL: Parameter Efficient Reinforcement Learning from Human',
    'Feedback", arXiv:2403.10704), used under the Creative Commons Attribution 4.0 licence',
    '(https://creativecommons.org/licenses/by/4.0/): its dialogue text only (speaker and utterance),',
    'annotations dropped; changed: a reply sentence in which the coffee agent claims to place or send an order',
    'is dropped, and a reply left empty is rewritten as a read-back of what the user asked for or a note that',
    'the assistant cannot place the order. The noisy queries take misspellings from cspell\'s',
    '@cspell/dict-en-common-misspellings (CC BY-SA 4.0).',
    '',
  ];
  return [...front, ...body].join('\n');
}
