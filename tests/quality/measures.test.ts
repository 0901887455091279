/**
 * Each quality measure on a small hand-made case with the defect and the same case without it:
 * the measure must flag the first and pass the second, so removing (or loosening) a rule fails here.
 */
import { describe, expect, it } from 'vitest';
import type { Action, ChatMessage, TestCase, ToolDoc, Trajectory } from '../../pipeline/schemas.js';
import type { QualityContext } from '../../pipeline/quality/types.js';
import {
  absentGroundTruth,
  controlNotErrorFree,
  errorEqualsValidStep,
  httpErrorOnLocalTool,
  infeasibleSkip,
  inventedHost,
  unsafeIntegers,
  unshownGroundTruth,
  unsupportedAnswer,
} from '../../pipeline/quality/measures/solvable.js';
import { implausibleValue, keyErrorHint, thoughtLeak, toolErrorHint, valueErrorHint } from '../../pipeline/quality/measures/errors.js';
import { answerTruncated, grammarProblems, thoughtGrammar, harderToolsFidelity, harderToolsWrapped, harderToolsConstraintDropped, harderToolsBroken, harderToolsLowercase, harderToolsMixedTags, harderToolsWordingOnly, harderToolsSiblingUnsound, extraToolsSameFunction, extraToolsUnrelated, insertedRuns, noiseDistinct, noiseIncoherent, noiseReuse, noiseSplitsSentence, noiseGrammarSlip, noiseGrammarSlips, sentenceIntact, oneSidedContext, brokenContext } from '../../pipeline/quality/measures/text.js';
import { noiseIncoherences } from '../../pipeline/quality/noiseCoherence.js';
import { noisyRules } from '../../stages/evolve/roles/noisyQuery.js';
import { Rng } from '../../pipeline/rng.js';
import { breaches, qualityReport, ruleOf } from '../../pipeline/quality/report.js';
import { qualityMarkdown } from '../../pipeline/quality/format.js';

const tool = (name: string, params: string[], description = `Does ${name}.`): ToolDoc => ({
  name,
  description,
  required_parameters: params.map((p) => ({ name: p, type: 'string', description: `the ${p}` })),
  optional_parameters: [],
  return_data: [{ name: 'result', description: 'what came back' }],
});

const TOOLS = [tool('Movies.search', ['query']), tool('Weather.forecast', ['city']), tool('Movies.get_details', ['movie_id']), tool('FileSystem.cd', ['folder']), tool('FileSystem.mkdir', ['dir_name'])];

function msgs(user: string, steps: [Action, string][]): ChatMessage[] {
  return [
    { role: 'system', content: `You can call: ${JSON.stringify(TOOLS)}\nTo use a tool` },
    { role: 'user', content: user },
    ...steps.flatMap(([a, r]): ChatMessage[] => [
      { role: 'assistant', content: JSON.stringify(a) },
      { role: 'function', content: r },
    ]),
  ];
}

function mk(over: Partial<TestCase>): TestCase {
  return {
    id: 'case-1',
    kind: 'internal',
    errorType: '',
    cot: false,
    trajectoryId: 't1',
    source: 'teval',
    k: 1,
    messages: msgs('Find Dune.', []),
    tools: TOOLS,
    groundTruth: { name: 'Movies.search', args: { query: 'Dune' } },
    provenance: { methods: {}, parents: [] },
    ...over,
  } as TestCase;
}

const search: Action = { name: 'Movies.search', args: { query: 'Dune' } };
const details = (id: number): Action => ({ name: 'Movies.get_details', args: { movie_id: id } });

function ctxWith(trajectory?: Trajectory, base?: TestCase): QualityContext {
  return { trajectory: (id) => (trajectory && trajectory.id === id ? trajectory : undefined), baseCase: (id) => (base && base.id === id ? base : undefined) };
}
const NONE = ctxWith();

describe('solvable measures', () => {
  it('flags a ground-truth id no response shows, passes when the search returned it', () => {
    const bad = mk({ k: 2, messages: msgs('Find Dune.', [[search, '{"results":[{"id":93919}]}']]), groundTruth: details(299534) });
    const good = mk({ k: 2, messages: msgs('Find Dune.', [[search, '{"results":[{"id":299534}]}']]), groundTruth: details(299534) });
    expect(unshownGroundTruth.check(bad, NONE)).toMatch(/movie_id=299534/);
    expect(unshownGroundTruth.check(good, NONE)).toBeNull();
    // A value seen only in an earlier assistant call is still unshown, but not absent from the prompt.
    const copied = mk({ k: 2, messages: msgs('Find Dune.', [[details(299534), '{"title":"Dune"}']]), groundTruth: details(299534) });
    expect(unshownGroundTruth.check(copied, NONE)).not.toBeNull();
    expect(absentGroundTruth.check(copied, NONE)).toBeNull();
    // A count the user said in words is shown; one nobody said is not.
    expect(unshownGroundTruth.check(mk({ messages: msgs('Find three films called Dune.', []), groundTruth: { name: 'Movies.search', args: { query: 'Dune', limit: 3 } } }), NONE)).toBeNull();
    expect(unshownGroundTruth.check(mk({ messages: msgs('Find films called Dune.', []), groundTruth: { name: 'Movies.search', args: { query: 'Dune', limit: 3 } } }), NONE)).toMatch(/limit=3/);
  });

  it('flags a control whose shown response is an error or whose closing answer states unseen numbers', () => {
    const traj: Trajectory = {
      id: 't1',
      source: 'teval',
      tools: TOOLS,
      turns: [{ user: 'Find Dune.', steps: [{ action: search, response: { content: '{"error": "service down"}', tier: 'simulated' } }], final: 'x' }],
      final: 'x',
      meta: {},
    };
    const control = mk({ k: 1, messages: msgs('Find Dune.', [[search, '{"error": "service down"}']]), groundTruth: { name: 'FinishAction', args: 'Dune is rated 8.1.' } });
    expect(controlNotErrorFree.check(control, ctxWith(traj))).toMatch(/is an error/);
    const okTraj: Trajectory = { ...traj, turns: [{ ...traj.turns[0], steps: [{ action: search, response: { content: '{"rating": 8.1}', tier: 'simulated' } }] }] };
    const okControl = mk({ k: 1, messages: msgs('Find Dune.', [[search, '{"rating": 8.1}']]), groundTruth: { name: 'FinishAction', args: 'Dune is rated 8.1.' } });
    expect(controlNotErrorFree.check(okControl, ctxWith(okTraj))).toBeNull();
    // A count the answer makes of what it saw is shown by that text.
    expect(unsupportedAnswer.check(mk({ messages: msgs('Find Dune.', [[search, '{"plot": "a long text"}']]), groundTruth: { name: 'FinishAction', args: 'The plot is a 230-word text.' } }), NONE)).toBeNull();
    expect(unsupportedAnswer.check(mk({ messages: msgs('Find Dune.', [[search, '{"plot": "a long text"}']]), groundTruth: { name: 'FinishAction', args: 'Dune runs 155 minutes.' } }), NONE)).toMatch(/155/);
    const contradicts = mk({ k: 1, messages: msgs('Find Dune.', [[search, '{"rating": 8.1}']]), groundTruth: { name: 'FinishAction', args: 'It is sunny, 11.0°C.' } });
    expect(controlNotErrorFree.check(contradicts, ctxWith(okTraj))).toMatch(/states 11/);
    expect(controlNotErrorFree.check(mk({ errorType: 'tool_select_error' }), NONE)).toBeUndefined();
  });

  it('flags a skip that needs the failed call\'s output, or whose next step answers differently without it', () => {
    const cd: Action = { name: 'FileSystem.cd', args: { folder: 'projects' } };
    const touch: Action = { name: 'FileSystem.touch', args: { file_name: 'notes.txt' } };
    const mkdir: Action = { name: 'FileSystem.mkdir', args: { dir_name: 'deep_folder' } };
    const trajOf = (failed: Action): Trajectory => ({
      id: 't1',
      source: 'bfcl',
      tools: TOOLS,
      turns: [{ user: 'Go to projects and make deep_folder.', steps: [{ action: failed, response: { content: 'None', tier: 'live' } }, { action: mkdir, response: { content: 'None', tier: 'live' } }], final: 'f' }],
      final: 'f',
      meta: {},
    });
    // A later call in the folder a failed cd was to enter works in the wrong place (needsFailedState): flagged whatever it answers.
    const afterCd = mk({ kind: 'external', source: 'bfcl', messages: msgs('Go to projects and make deep_folder.', [[cd, 'cd: permission denied']]), groundTruth: [cd, mkdir] });
    expect(infeasibleSkip.check(afterCd, ctxWith(trajOf(cd)))).toMatch(/working directory/);
    // Otherwise the executor stands for BFCL's backends: without the failed call, mkdir answers otherwise.
    const traj = trajOf(touch);
    const bfcl = mk({ kind: 'external', source: 'bfcl', messages: msgs('Go to projects and make deep_folder.', [[touch, 'touch: permission denied']]), groundTruth: [touch, mkdir] });
    const history: unknown[] = [];
    const differs: QualityContext = { ...ctxWith(traj), execute: (_t, call) => (history.push(call.history), { response: "mkdir: cannot create directory 'deep_folder': File exists", isError: false, origin: 'test', context: '', replayed: 0 }) };
    expect(infeasibleSkip.check(bfcl, differs)).toMatch(/answers differently/);
    expect(history).toEqual([[]]); // run with the history before a_k: the failed touch never happened
    const same: QualityContext = { ...ctxWith(traj), execute: () => ({ response: 'None', isError: false, origin: 'test', context: '', replayed: 0 }) };
    expect(infeasibleSkip.check(bfcl, same)).toBeNull();
    const needsId = mk({ kind: 'external', messages: msgs('Find Dune.', [[search, 'operation timed out']]), groundTruth: [search, details(299534)] });
    expect(infeasibleSkip.check(needsId, NONE)).toMatch(/299534/);
    const closing = mk({ kind: 'external', messages: msgs('Find Dune.', [[search, 'operation timed out']]), groundTruth: [search, { name: 'FinishAction', args: 'The search kept timing out.' }] });
    expect(infeasibleSkip.check(closing, NONE)).toBeUndefined();
  });

  it('flags an "error" equal to a valid step of the trajectory', () => {
    const traj: Trajectory = {
      id: 't1',
      source: 'teval',
      tools: TOOLS,
      turns: [{ user: 'u', steps: [{ action: search }, { action: details(1) }, { action: details(2) }], final: 'f' }],
      final: 'f',
      meta: {},
    };
    const repeat = mk({ k: 2, errorType: 'parameters_value_error', erroneousAction: details(2), groundTruth: details(1) });
    expect(errorEqualsValidStep.check(repeat, ctxWith(traj))).toMatch(/tool step 3/);
    expect(errorEqualsValidStep.check(mk({ k: 2, errorType: 'parameters_value_error', erroneousAction: details(7), groundTruth: details(1) }), ctxWith(traj))).toBeNull();
  });

  it('flags HTTP terms and invented hosts on a local tool, passes a local failure', () => {
    const cd: Action = { name: 'FileSystem.cd', args: { folder: 'x' } };
    const local = [tool('GorillaFileSystem.cd', ['folder'])];
    const gt: [Action, Action] = [{ ...cd, name: 'GorillaFileSystem.cd' }, { name: 'FinishAction', args: 'failed' }];
    const http = mk({ kind: 'external', tools: local, groundTruth: gt, provenance: { methods: {}, origin: 'simulated timeout', parents: [] }, messages: msgs('u', [[gt[0], '504 Gateway Timeout: api.file-operation.com']]) });
    // A failure captured from the real API keeps its real host.
    expect(inventedHost.check({ ...http, provenance: { methods: {}, origin: 'captured timeout', parents: [] } }, NONE)).toBeUndefined();
    expect(httpErrorOnLocalTool.check(http, NONE)).toMatch(/Gateway/);
    expect(inventedHost.check(http, NONE)).toMatch(/api\.file-operation\.com/);
    const eio = mk({ kind: 'external', tools: local, groundTruth: gt, provenance: { methods: {}, origin: 'simulated timeout', parents: [] }, messages: msgs('u', [[gt[0], 'cd: x: Input/output error']]) });
    expect(httpErrorOnLocalTool.check(eio, NONE)).toBeNull();
    expect(inventedHost.check(eio, NONE)).toBeNull();
  });

  it('flags an id rounded through float64, passes an exact one', () => {
    expect(unsafeIntegers.check(mk({ groundTruth: details(691676460109271200) }), NONE)).toMatch(/691676460109271200/);
    expect(unsafeIntegers.check(mk({ groundTruth: details(38677942) }), NONE)).toBeNull();
  });

  it('flags a wrong call taking a shown id past 2^53 rounded (teval_query_137_1 k4: 847456265351637600 for the listed 847456265351637680), passes the exact id', () => {
    const listed = '{"property":[{"id":847456265351637680,"name":"Bright loft in Tokyo"},{"id":38268855,"name":"Hotel"}]}';
    const withWrong = (id: number | bigint) =>
      mk({
        k: 2,
        errorType: 'parameters_value_error',
        messages: msgs('Find flats in Tokyo.', [[search, listed], [{ name: 'Movies.get_details', args: { movie_id: 1 } }, '{"error":"No property found."}']]),
        groundTruth: details(38268855),
        erroneousAction: { name: 'Movies.get_details', args: { movie_id: id } } as Action,
      });
    expect(unsafeIntegers.check(withWrong(847456265351637600n), NONE)).toMatch(/847456265351637600 is 847456265351637680/);
    expect(unsafeIntegers.check(withWrong(847456265351637680n), NONE)).toBeNull();
    expect(unsafeIntegers.check(withWrong(38268856), NONE)).toBeNull();
  });
});

describe('internal-error measures', () => {
  it('flags a tool-error response that names the right tool, and a key-error response listing the key', () => {
    const wrong: Action = { name: 'Movies.find_film', args: { query: 'Dune' } };
    const hint = mk({ errorType: 'tool_hallucination_error', erroneousAction: wrong, messages: msgs('Find Dune.', [[wrong, 'no API find_film (available: search, get_details)']]) });
    expect(toolErrorHint.check(hint, NONE)).toMatch(/gives away (Movies\.)?search/);
    const plain = mk({ errorType: 'tool_hallucination_error', erroneousAction: wrong, messages: msgs('Find Dune.', [[wrong, "unknown tool 'Movies.find_film'"]]) });
    expect(toolErrorHint.check(plain, NONE)).toBeNull();
    const key: Action = { name: 'Movies.get_details', args: { movieId: 'tt1160419' } };
    const keyCase = (response: string) => mk({ errorType: 'parameters_key_error', groundTruth: { name: 'Movies.get_details', args: { movie_id: 'tt1160419' } }, erroneousAction: key, messages: msgs('u', [[key, response]]) });
    expect(keyErrorHint.check(keyCase("unexpected parameter 'movieId' (accepted: movie_id)"), NONE)).toMatch(/movie_id/);
    expect(keyErrorHint.check(keyCase("unexpected parameter 'movieId'"), NONE)).toBeNull();
  });

  it('flags a value-error response that states the correct value', () => {
    const gt: Action = { name: 'Movies.get_details', args: { movie_id: 'tt1160419' } };
    const wrong: Action = { name: gt.name, args: { movie_id: 'tt1160420' } };
    expect(valueErrorHint.check(mk({ errorType: 'parameters_value_error', groundTruth: gt, erroneousAction: wrong, messages: msgs('u', [[wrong, 'no movie tt1160420; did you mean tt1160419?']]) }), NONE)).toMatch(/tt1160419/);
    expect(valueErrorHint.check(mk({ errorType: 'parameters_value_error', groundTruth: gt, erroneousAction: wrong, messages: msgs('u', [[wrong, 'no movie with id tt1160420']]) }), NONE)).toBeNull();
  });

  it('flags a CoT thought that states the correct value the call gets wrong', () => {
    const gt: Action = { name: 'Movies.get_details', args: { movie_id: 'tt1160419' }, thought: 'x' };
    const leak = mk({ cot: true, errorType: 'parameters_value_error', groundTruth: gt, erroneousAction: { name: gt.name, args: { movie_id: 'tt1160420' }, thought: 'I will fetch movie_id tt1160419.' } });
    expect(thoughtLeak.check(leak, NONE)).toMatch(/tt1160419/);
    const honest = mk({ cot: true, errorType: 'parameters_value_error', groundTruth: gt, erroneousAction: { name: gt.name, args: { movie_id: 'tt1160420' }, thought: 'The id from the search is tt1160420, so I fetch its details.' } });
    expect(thoughtLeak.check(honest, NONE)).toBeNull();
  });

  it('flags a value that is a fragment of a name or prose where a token belongs', () => {
    const gt: Action = { name: 'Weather.forecast', args: { city: 'New York' } };
    const frag = mk({ errorType: 'parameters_value_error', groundTruth: gt, erroneousAction: { name: gt.name, args: { city: 'York' } }, messages: msgs('Weather in New York tomorrow?', []) });
    expect(implausibleValue.check(frag, NONE)).not.toBeNull();
    const idgt: Action = { name: 'Movies.get_details', args: { movie_id: 'tt1160419' } };
    const prose = mk({ errorType: 'parameters_value_error', groundTruth: idgt, erroneousAction: { name: idgt.name, args: { movie_id: 'I need to book' } } });
    expect(implausibleValue.check(prose, NONE)).toMatch(/clause/);
    const plausible = mk({ errorType: 'parameters_value_error', groundTruth: gt, erroneousAction: { name: gt.name, args: { city: 'Boston' } }, messages: msgs('Weather in New York tomorrow, not Boston?', []) });
    expect(implausibleValue.check(plausible, NONE)).toBeNull();
    // A recorded model error is real as it is: no made-up value to judge.
    const recorded = mk({ errorType: 'parameters_value_error', groundTruth: gt, erroneousAction: { name: gt.name, args: { city: 'York' } }, messages: msgs('Weather in New York tomorrow?', []), provenance: { methods: {}, parents: [], origin: 'recorded (T-Eval review 17)' } });
    expect(implausibleValue.check(recorded, NONE)).toBeUndefined();
  });
});

describe('text measures', () => {
  const noisy = (id: string, original: string, noisyText: string): TestCase =>
    mk({ id, evolution: { strategy: 'noisy_query', baseCaseId: 'b', applied: ['noisy_query'], details: { noisyQuery: { originalQuery: original } } }, messages: msgs(noisyText, []) });

  it('measures reuse and distinct-4-grams of inserted noise', () => {
    const q = 'Find the movie Dune and show its details.';
    const same = Array.from({ length: 4 }, (_, i) => noisy(`n${i}`, q, `${q} My cat just walked across the keyboard, sorry.`));
    const reuse = noiseReuse.score(same, NONE)!;
    expect(reuse.value).toBe(1);
    expect(noiseDistinct.score(same, NONE)!.value).toBeLessThan(0.5);
    const varied = [
      noisy('v0', q, `${q} I was up half the night with a teething toddler.`),
      noisy('v1', q, `Honestly the week has been chaotic at work. ${q}`),
      noisy('v2', q, `${q} My sister recommended it after her book club met.`),
      noisy('v3', q, `We might go see it on Saturday if the rain stops. ${q}`),
    ];
    expect(noiseReuse.score(varied, NONE)!.value).toBe(0.25);
    expect(noiseDistinct.score(varied, NONE)!.value).toBeGreaterThan(0.9);
    expect(insertedRuns(q, `${q} a b`)).toEqual([]); // under four words: a slip, not a sentence
    // An opener before "I need", whose "need" the noise also misspelled: inserted before the sentence, not inside it.
    const runs = insertedRuns('I need to arrange a meeting for the team.', 'I wonder how the request lajds. I nedd to arrange a meeting for the team.');
    expect(runs.map((r) => [r.text, r.before])).toEqual([['I wonder how the request lajds.', '']]);
  });

  it('flags small talk no person would write, each rule on its own, and passes the same talk written well', () => {
    const bad: [string, string][] = [
      ['wh-predicate', 'Curious when my wording makes sense, but'],
      ['plural-subject', 'Not sure whether the details reads right, so'],
      ['progressive-past', 'Oh and my phone is humming an hour ago.'],
      ['progressive-past', 'FYI the smoke alarm will not stop last night.'],
      ['retracted-confirmation', '(Scratch that, I rechecked - correct as typed.)'],
      // 3.5% (35/998) of noisy queries before noisy-query-9.
      ['retracted-confirmation', "(Oops, I confirmed and it's good to go.)"],
      ['thanks-collocation', 'Grateful hugely, no rush!'],
      ['fragment', '(Hmm, I reread - yes, that.)'],
      ['capital-after-comma', 'Heya, Undecided on whether the setup makes sense.'],
      ['stray-punctuation', 'Unsure how my brief sounds, anway,. I need to cancel the trip.'],
    ];
    for (const [rule, text] of bad) expect(noiseIncoherences(text).map((f) => f.rule)).toContain(rule);
    const good = ['Heya, undecided on whether the setup makes sense.', 'Hi, I wonder whether this is clear.', 'Unsure how my brief sounds. I need to cancel the trip.', 'Curious whether my wording makes sense, but', 'Not sure how the details read, so', 'Oh and my phone has been humming since lunch.', 'My phone died an hour ago.', '(Hmm, I rechecked - it is correct as typed.)', 'Thanks hugely, no rush!', 'Grateful as always, take care.'];
    for (const text of good) expect(noiseIncoherences(text)).toEqual([]);
    const q = 'Find the movie Dune and show its details.';
    expect(noiseIncoherent.check(noisy('i1', q, `Unsure when this is clear, so find the movie Dune and show its details.`), NONE)).toMatch(/wh-predicate/);
    expect(noiseIncoherent.check(noisy('i2', q, `Unsure whether this is clear, so find the movie Dune and show its details.`), NONE)).toBeNull();
  });

  it('the offline noisy-query rules write none of it (2,000 seeds)', () => {
    const q = "Could you fetch the meta information from the first three articles about 'data analysis'? After that, show me what is showing in theaters.";
    // Typos can forge a plural ("request" -> "reques"), so a handful of false alarms may remain.
    let flagged = 0;
    for (let seed = 0; seed < 2000; seed++) if (noiseIncoherences(noisyRules({ query: q, protected: [] }, new Rng(seed, 'noise', 'test')).query).length) flagged++;
    expect(flagged).toBeLessThanOrEqual(4);
    // A request that cannot run on after the hedge ("I've…", a name): the hedge ends as a sentence.
    const own = "I've been keeping an eye on the stocks. Show me the latest price of NVDA.";
    flagged = 0;
    for (let seed = 0; seed < 2000; seed++) if (noiseIncoherences(noisyRules({ query: own, protected: ['NVDA'] }, new Rng(seed, 'noise', 'own')).query).length) flagged++;
    expect(flagged).toBeLessThanOrEqual(4);
  });

  it('reads a sentence inserted before one that starts with the same word as inserted between sentences', () => {
    const q = 'I need flight costs for my journey. My takeoff is scheduled for 2026-11-15.';
    const n = 'I need flight costs for my journey. My manager showed up yesterday to ask about the rent, so I am behind. My takeoff is scheduled for 2026-11-15.';
    expect(noiseSplitsSentence.check(noisy('s1', q, n), NONE)).toBeNull();
    // The mirror: an aside ending in the word that ends the sentence it follows.
    expect(noiseSplitsSentence.check(noisy('s4', 'Book a room for the team today. Once booked, tell me.', 'Book a room for the team today. Meanwhile the kettle gave up earlier today. Once booked, tell me.'), NONE)).toBeNull();
    // A real cut still counts: "My [aside] early takeoff".
    expect(noiseSplitsSentence.check(noisy('s2', 'Book it. My early takeoff is at 9.', 'Book it. My Oh and the printer died an hour ago. early takeoff is at 9.'), NONE)).not.toBeNull();
    expect(noiseSplitsSentence.check(noisy('s3', 'I need flight costs for my takeoff journey.', 'I need flight costs for my Oh and the printer died. takeoff journey.'), NONE)).not.toBeNull();
  });

  it('reads an aside that starts like the request, before a typo in it, as put between sentences (the request stands whole)', () => {
    // The word diff aligned the aside's "I" with the request's: "I [to catch up … message. I nesd] to make".
    const q = 'I need to make a presentation about the latest movies.';
    const n = "Morning all. Right, so I've been meaning to catch up on movies for a while, hence this message. I nesd to make a presentation about the latest movies.";
    expect(noiseSplitsSentence.check(noisy('s5', q, n), NONE)).toBeNull();
    expect(sentenceIntact('I need to make a presentation', n)).toBe(true);
    expect(sentenceIntact('I need to make a presentation', 'I need to Oh and the printer died. make a presentation')).toBe(false);
  });

  it('noise_grammar_slip flags the slot grammar\'s slips and passes their fixed forms', () => {
    const bad: [string, string][] = [
      ['an-before-consonant', 'Bit of an dull request, I know.'],
      ['subject-verb', 'So my partner keep asking me whether the trip is booked.'],
      ['article-plural', 'Not that it changes anything, but it has been a busy days.'],
      ['article-plural', 'Admittedly, it has been one of those day lol.'],
      ['unfinished-phrase', 'Apologies, the smoke alarm needs a new battery and keeps telling me right now.'],
      ['unfinished-phrase', "Basically I'm only starting managing this myself."],
      ['stacked-hedge', "To be honest, I'm normally better organised than this, honestly, to be honest."],
    ];
    for (const [rule, text] of bad) expect(noiseGrammarSlips(text).map((f) => f.rule)).toContain(rule);
    const good = ['Bit of a dull request, I know.', 'Bit of an odd ask, perhaps.', 'An hour ago the printer died.', 'My partner keeps asking me whether the trip is booked.', 'My friends keep asking.', 'It has been a busy day.', 'It has been one of those weeks lol.', 'The smoke alarm needs a new battery and keeps chirping about it.', "I'm only starting to manage this myself.", "To be honest, I'm normally better organised than this.", 'Honestly, it is a long day. To be fair, I asked late.', 'It is a useful tool, a unique one.'];
    for (const text of good) expect(noiseGrammarSlips(text)).toEqual([]);
    const q = 'Find the movie Dune and show its details.';
    expect(noiseGrammarSlip.check(noisy('g1', q, 'Bit of an dull one, maybe. Find the movie Dune and show its details.'), NONE)).toMatch(/an-before-consonant/);
    expect(noiseGrammarSlip.check(noisy('g2', q, 'Bit of a dull one, maybe. Find the movie Dune and show its details.'), NONE)).toBeNull();
  });

  it('the offline noisy-query rules make no grammar slip (3,000 seeds, topics that carry the slipping lines)', () => {
    const queries = ['Please book a flight for my trip to the coast and check the hotel booking.', 'Add NVDA to my watchlist and show my portfolio of stocks.', 'Find the movie Dune and show its details.', 'Check the tire pressure of the car before the drive.', "I'm not sure what to cook; find a recipe for dinner."];
    let flagged = 0;
    const seen: string[] = [];
    for (const query of queries)
      for (let seed = 0; seed < 600; seed++) {
        const out = noisyRules({ query, protected: ['NVDA'].filter((v) => query.includes(v)) }, new Rng(seed, 'noise', 'slip')).query;
        const slips = noiseGrammarSlips(out.replace(query, ' . ')).filter((f) => !noiseGrammarSlips(query).length || f.rule !== 'stacked-hedge');
        if (slips.length) { flagged++; seen.push(`${slips[0].rule}: ${out}`); }
      }
    expect(seen.slice(0, 3)).toEqual([]);
    expect(flagged).toBe(0);
  });

  it('flags truncated answers, changed parameter docs, wrapped descriptions and one-sided contexts', () => {
    expect(answerTruncated.check(mk({ groundTruth: { name: 'FinishAction', args: 'search returned title "Dune", rating 8.1, …' } }), NONE)).not.toBeNull();
    expect(answerTruncated.check(mk({ groundTruth: { name: 'FinishAction', args: 'The search found Dune (rated 8.1).' } }), NONE)).toBeNull();
    // An ellipsis quoted from a response is the response's, not a cut.
    const snippet = mk({ messages: msgs('Find Dune.', [[search, '{"snippet": "… a desert planet …"}']]), groundTruth: { name: 'FinishAction', args: 'The search says "… a desert planet …".' } });
    expect(answerTruncated.check(snippet, NONE)).toBeNull();

    const base = mk({ id: 'b' });
    const evo = (tools: ToolDoc[]) => mk({ id: 'b~harder_tools', tools, evolution: { strategy: 'harder_tools', baseCaseId: 'b', applied: ['harder_tools'], details: { harderTools: { changed: [] } } } });
    const descOnly = TOOLS.map((t) => ({ ...t, description: `Looks things up (${t.name.length}).` }));
    expect(harderToolsFidelity.check(evo(descOnly), ctxWith(undefined, base))).toBeNull();
    const paramChanged = descOnly.map((t, i) => (i === 0 ? { ...t, required_parameters: [{ ...t.required_parameters[0], description: 'vaguer' }] } : t));
    expect(harderToolsFidelity.check(evo(paramChanged), ctxWith(undefined, base))).toMatch(/Movies\.search/);
    const longDesc = TOOLS.map((t) => ({ ...t, description: `Returns the details of ${t.name} for the given input values.` }));
    const wrappedBase = mk({ id: 'b', tools: longDesc });
    const wrapped = longDesc.map((t) => ({ ...t, description: `In the context of this service, ${t.description} Subject to the usual conditions.` }));
    expect(harderToolsWrapped.check(evo(wrapped), ctxWith(undefined, wrappedBase))).not.toBeNull();

    const withContext = (roles: ChatMessage['role'][]) => {
      const m = msgs('Find Dune.', []);
      const inserted = roles.map((role, i): ChatMessage => ({ role, content: `turn ${i}` }));
      return mk({ messages: [m[0], ...inserted, ...m.slice(1)], evolution: { strategy: 'long_context', baseCaseId: 'b', applied: ['long_context'], details: { longContext: { insertedAt: 1, messages: roles.length } } } });
    };
    expect(oneSidedContext.check(withContext(['user', 'user', 'user']), NONE)).toMatch(/roles: user/);
    expect(oneSidedContext.check(withContext(['user', 'assistant', 'user', 'assistant']), NONE)).toBeNull();
    // A question nobody answers: inside the insertion, or at its seam with the task's own request.
    expect(brokenContext.check(withContext(['user', 'assistant', 'user', 'assistant']), NONE)).toBeNull();
    expect(brokenContext.check(withContext(['user', 'user', 'assistant']), NONE)).toMatch(/two user turns in a row: "turn 0" then "turn 1"/);
    expect(brokenContext.check(withContext(['user', 'assistant', 'user']), NONE)).toMatch(/"turn 2" then "Find/);
    expect(brokenContext.check(mk({}), NONE)).toBeUndefined();
  });

  it('flags a harder doc that lost a constraint or reads broken, and an extra tool doing a listed tool\'s job', () => {
    const coordinate = { ...tool('GaodeMap.get_coordinate', ['address']), description: 'Get the coordinate of a location. Param must be in Chinese' };
    const rmdir = { ...tool('GorillaFileSystem.rmdir', ['dir_name']), description: 'This tool belongs to the Gorilla file system. Tool description: Remove a directory at current directory.' };
    const si = { ...tool('MathAPI.si_unit_conversion', ['value']), description: 'Convert a value from one SI unit to another.' };
    const imperial = { ...tool('MathAPI.imperial_si_conversion', ['value']), description: 'Convert a value between imperial and SI units.' };
    const base = mk({ id: 'b', tools: [coordinate, rmdir, si, imperial] });
    const ctx = ctxWith(undefined, base);
    const evo = (docs: string[]) => mk({ id: 'b~harder_tools', tools: base.tools.map((t, i) => ({ ...t, description: docs[i] })), evolution: { strategy: 'harder_tools', baseCaseId: 'b', applied: ['harder_tools'], details: { harderTools: { changed: [] } } } });
    const good = ['Fetch coordinate of location. Param must be in Chinese', 'Remove a directory at current directory. Part of the Gorilla file system.', '[Math API] Converts a value from one SI unit to another', '[Math API] Convert a value between imperial and SI units.'];
    expect(harderToolsConstraintDropped.check(evo(good), ctx)).toBeNull();
    expect(harderToolsBroken.check(evo(good), ctx)).toBeNull();
    expect(harderToolsConstraintDropped.check(evo(['Fetch coordinate of location.', ...good.slice(1)]), ctx)).toMatch(/Param must be in Chinese/);
    expect(harderToolsBroken.check(evo([good[0], 'Remove a dir at dir. Part of Gorilla file system.', ...good.slice(2)]), ctx)).toMatch(/repeats "dir"/);
    expect(harderToolsBroken.check(evo([good[0], good[1], 'Convert a value.', good[3]]), ctx)).toMatch(/MathAPI\.si_unit_conversion.*drops "si", "unit"/);
    expect(harderToolsConstraintDropped.check(mk({ id: 'x' }), ctx)).toBeUndefined();

    const distance = { ...tool('VehicleControlAPI.estimate_distance', ['cityA', 'cityB']), description: 'Estimates the distance between two cities.' };
    const extra = (added: ToolDoc) => mk({ id: 'e~extra_tools', tools: [distance, added], evolution: { strategy: 'extra_tools', baseCaseId: 'e', applied: ['extra_tools'], details: { extraTools: { added: [added.name], candidates: 1 } } } });
    const extraCtx = ctxWith(undefined, mk({ id: 'e', tools: [distance] }));
    expect(extraToolsSameFunction.check(extra({ ...tool('BINGMap.get_distance', ['start', 'end']), description: 'Get the distance between two locations in km.' }), extraCtx)).toMatch(/BINGMap\.get_distance: looks up the same thing/);
    expect(extraToolsSameFunction.check(extra({ ...tool('BINGMap.get_coordinates', ['location']), description: 'Get the coordinates of a location.' }), extraCtx)).toBeNull();

    // The same job under words that share nothing: cat beside read_file (bfcl_multi_turn_base_26-tool_select_error-k3~extra_tools).
    const cat = { ...tool('GorillaFileSystem.cat', ['file_name']), description: 'This tool belongs to the Gorilla file system. Tool description: Display the contents of a file of any extension from currrent directory.' };
    const fileCase = (added: ToolDoc) => mk({ id: 'f~extra_tools', tools: [cat, added], evolution: { strategy: 'extra_tools', baseCaseId: 'f', applied: ['extra_tools'], details: { extraTools: { added: [added.name], candidates: 1 } } } });
    const fileCtx = ctxWith(undefined, mk({ id: 'f', tools: [cat], messages: msgs('Show me what is in file3.txt.', []) }));
    expect(extraToolsSameFunction.check(fileCase({ ...tool('FileOperation.read_file', ['file_path']), description: 'read file from disk' }), fileCtx)).toMatch(/FileOperation\.read_file: does the same job as GorillaFileSystem\.cat \(read file\)/);
    expect(extraToolsSameFunction.check(fileCase({ ...tool('PPT.save_file', []), description: 'When all steps done, YOU MUST use save_file() to save PPT' }), fileCtx)).toBeNull();

    // A tool of another job that serves the step's request: today's weather beside a one-day forecast (teval_query_114_2-...~mixed).
    const forecast = { ...tool('Weather.forecast_weather', ['location', 'days']), description: 'forecast weather in the N upcoming days' };
    const weatherBase = mk({ id: 'w', tools: [forecast], messages: msgs('What is the weather forecast for today in San Francisco?', []), groundTruth: { name: 'Weather.forecast_weather', args: { location: 'San Francisco', days: 1 } } });
    const weatherCase = (added: ToolDoc) => mk({ id: 'w~extra_tools', tools: [forecast, added], evolution: { strategy: 'extra_tools', baseCaseId: 'w', applied: ['extra_tools'], details: { extraTools: { added: [added.name], candidates: 1 } } } });
    const weatherCtx = ctxWith(undefined, weatherBase);
    expect(extraToolsSameFunction.check(weatherCase({ ...tool('Weather.get_weather_today', ['location']), description: "Get weather today: get today's weather." }), weatherCtx)).toMatch(/Weather\.get_weather_today: serves the request Weather\.forecast_weather serves/);
    expect(extraToolsSameFunction.check(weatherCase({ ...tool('BINGMap.get_coordinates', ['location']), description: 'Get the coordinates of a location.' }), weatherCtx)).toBeNull();

    // Related distractors: of the case's domain (a word of its request or listed tools), not an unrelated system.
    expect(extraToolsUnrelated.check(fileCase({ ...tool('FileOperation.write_file', ['file_path', 'text']), description: 'write file to disk' }), fileCtx)).toBeNull();
    expect(extraToolsUnrelated.check(fileCase({ ...tool('TradingBot.cancel_order', ['order_id']), description: 'Cancel an order.' }), fileCtx)).toMatch(/none of 1 added tools \(TradingBot\.cancel_order\)/);
    expect(extraToolsUnrelated.check(mk({ id: 'x' }), fileCtx)).toBeUndefined();
  });

  it('flags a harder doc opening in lower case, a list mixing tag styles, and rewrites that change only wording', () => {
    const abs = { ...tool('MathAPI.absolute_value', ['number']), description: 'This tool belongs to the Math API. Tool description: Calculate the absolute value of a number.' };
    const auth = { ...tool('TwitterAPI.authenticate_twitter', ['username', 'password']), description: 'Authenticate a user with username and password.' };
    auth.required_parameters = [{ name: 'username', type: 'string', description: 'Username of the user.' }, { name: 'password', type: 'string', description: 'Password of the user.' }];
    const base = mk({ id: 'h', tools: [abs, auth] });
    const ctx = ctxWith(undefined, base);
    const evo = (docs: string[]) => mk({ id: 'h~harder_tools', tools: base.tools.map((t, i) => ({ ...t, description: docs[i] })), evolution: { strategy: 'harder_tools', baseCaseId: 'h', applied: ['harder_tools'], details: { harderTools: { changed: [] } } } });
    // The harder-tools-6 rewrites (bfcl_multi_turn_base_* ~harder_tools).
    expect(harderToolsLowercase.check(evo(['compute the absolute value of a number.', 'Authenticate a user.']), ctx)).toMatch(/MathAPI\.absolute_value/);
    expect(harderToolsLowercase.check(evo(['[Math API] compute the absolute value of a number.', 'Authenticate a user.']), ctx)).toMatch(/MathAPI\.absolute_value/);
    expect(harderToolsMixedTags.check(evo(['[Math API] Compute the absolute value of a number.', 'Authenticate user with username and password. Part of the TwitterAPI.']), ctx)).toMatch(/bracket.*part/);
    expect(harderToolsWordingOnly.check(evo(['Compute the absolute value of a number.', 'Authenticate user with username and password.']), ctx)).toMatch(/none leaves a fact/);
    const good = evo(['Compute the absolute value of a number.', 'Authenticate a user.']);
    expect(harderToolsLowercase.check(good, ctx)).toBeNull();
    expect(harderToolsMixedTags.check(good, ctx)).toBeNull();
    expect(harderToolsWordingOnly.check(good, ctx)).toBeNull();
    expect(harderToolsLowercase.check(mk({ id: 'x' }), ctx)).toBeUndefined();
  });

  it('counts a fact left to the parameter or return docs as harder, and rewording, filler or a swapped word as wording only', () => {
    const prop = { ...tool('AirbnbSearch.get_property_details', ['propertyId']), description: 'This function retrieves the details of a property given its ID.' };
    prop.required_parameters = [{ name: 'propertyId', type: 'string', description: '[Required] The ID of the property.' }];
    const time = { ...tool('Weather.get_weather_today', []), description: "Get weather today: get today's weather. It returns the overall and avg temperature.", return_data: [{ name: 'overall', description: '' }, { name: 'avg temperature', description: '' }] };
    const coords = { ...tool('BINGMap.get_coordinates', ['location']), description: 'Get the coordinates of a location.' };
    coords.required_parameters = [{ name: 'location', type: 'string', description: '[Required] the place name to get coordinates of.' }];
    const base = mk({ id: 'w', tools: [prop, time, coords] });
    const ctx = ctxWith(undefined, base);
    const evo = (docs: string[]) => mk({ id: 'w~harder_tools', tools: base.tools.map((t, i) => ({ ...t, description: docs[i] })), evolution: { strategy: 'harder_tools', baseCaseId: 'w', applied: ['harder_tools'], details: { harderTools: { changed: [] } } } });
    // "given its ID" left to propertyId (a two-letter word harder-tools-8's measure did not see).
    expect(harderToolsWordingOnly.check(evo(['This function retrieves the details of a property.', time.description, coords.description]), ctx)).toBeNull();
    // "It returns the overall and avg temperature." left to the return fields.
    expect(harderToolsWordingOnly.check(evo([prop.description, "Get weather today: get today's weather.", coords.description]), ctx)).toBeNull();
    // Rewording and filler move nothing; nor does a word swapped for one the parameter doc uses ("location" -> "place").
    expect(harderToolsWordingOnly.check(evo(['This function fetches the details of a property given its ID.', "Get weather today: basically, it gets today's weather, as you would expect. It returns the overall and avg temperature.", 'Get the coordinates of a place.']), ctx)).toMatch(/none leaves a fact/);
  });

  it('counts a list written relative to a parallel sibling as harder, and flags unsound sibling references (harder-tools-10)', () => {
    const top = { ...tool('FilmTMDB.get_top_rated_movies', []), description: 'Get a list of movies ordered by rating' };
    const pop = { ...tool('FilmTMDB.get_popular_movies', []), description: 'Get a list of movies ordered by popularity' };
    const stocks = { ...tool('TradingBot.get_available_stocks', ['sector']), description: 'Get a list of stock symbols in the given sector.' };
    const base = mk({ id: 'm', tools: [top, pop, stocks] });
    const ctx = ctxWith(undefined, base);
    const evo = (docs: string[]) => mk({ id: 'm~harder_tools', tools: base.tools.map((t, i) => ({ ...t, description: docs[i] })), evolution: { strategy: 'harder_tools', baseCaseId: 'm', applied: ['harder_tools'], details: { harderTools: { changed: [] } } } });
    // harder-tools-9's list (teval_query_67_0-*~mixed): every doc only reworded.
    const old = evo(['Gets a list of movies ordered by rating.', 'Fetch a list of movies ordered by popularity.', 'Gets a list of stock symbols in the given sector.']);
    expect(harderToolsWordingOnly.check(old, ctx)).toMatch(/none leaves a fact/);
    expect(harderToolsSiblingUnsound.check(old, ctx)).toBeNull();
    // "a list of movies" left to the sibling's doc, the difference kept.
    const good = evo(['Like `FilmTMDB.get_popular_movies`, but ordered by rating.', 'Fetch a list of movies ordered by popularity.', 'Gets a list of stock symbols in the given sector.']);
    expect(harderToolsWordingOnly.check(good, ctx)).toBeNull();
    expect(harderToolsSiblingUnsound.check(good, ctx)).toBeNull();
    // Filler naming a sibling moves nothing.
    expect(harderToolsWordingOnly.check(evo(['Gets a list of movies ordered by rating, much like `FilmTMDB.get_popular_movies`.', pop.description + '.', stocks.description]), ctx)).toMatch(/none leaves a fact/);
    // Two docs leaning on each other, a sibling of another job, a sibling the list lacks, the difference lost.
    expect(harderToolsSiblingUnsound.check(evo(['Like `FilmTMDB.get_popular_movies`, but ordered by rating.', 'Same as `FilmTMDB.get_top_rated_movies`, but ordered by popularity.', stocks.description]), ctx)).toMatch(/name each other/);
    expect(harderToolsSiblingUnsound.check(evo(['Like `TradingBot.get_available_stocks`, but of movies ordered by rating.', pop.description + '.', stocks.description]), ctx)).toMatch(/shares nothing/);
    expect(harderToolsSiblingUnsound.check(evo(['Like `FilmTMDB.get_now_playing`, but ordered by rating.', pop.description + '.', stocks.description]), ctx)).toMatch(/list lacks/);
    expect(harderToolsSiblingUnsound.check(evo(['Like `FilmTMDB.get_popular_movies`.', pop.description + '.', stocks.description]), ctx)).toMatch(/tells them apart/);
  });

  it('finds broken grammar in thoughts, per 100 distinct thoughts', () => {
    const cot = (id: string, thought: string) => mk({ id, cot: true, groundTruth: { ...search, thought } });
    const score = thoughtGrammar.score([cot('a', 'I need to gets the zipcode.'), cot('b', 'Next I look the film up by its title.'), cot('c', 'I need to gets the zipcode.')], NONE)!;
    expect(score).toMatchObject({ n: 2, value: 50 });
    expect(score.examples![0].id).toBe('a');
    expect(grammarProblems('I need to gets the zipcode.')).not.toEqual([]);
    expect(grammarProblems('I need to a google search API.')).not.toEqual([]);
    expect(grammarProblems('I need to get the zip code of Boston first.')).toEqual([]);
  });
});

describe('the report', () => {
  it('rates each measure over its population, per source and family, and gates on thresholds', () => {
    const bad = mk({ id: 'a', k: 2, messages: msgs('Find Dune.', [[search, '{"results":[{"id":93919}]}']]), groundTruth: details(299534) });
    const good = mk({ id: 'b', k: 2, source: 'bfcl', messages: msgs('Find Dune.', [[search, '{"results":[{"id":299534}]}']]), groundTruth: details(299534) });
    const report = qualityReport({ cases: [bad, good], ctx: NONE, rejections: [] }, { gt_value_unshown: 0.01 });
    const m = report.measures.find((x) => x.id === 'gt_value_unshown')!;
    expect(m.overall).toEqual({ n: 2, defects: 1, value: 0.5 });
    expect(m.bySource.teval).toEqual({ n: 1, defects: 1, value: 1 });
    expect(m.bySource.bfcl).toEqual({ n: 1, defects: 0, value: 0 });
    expect(m.examples[0].id).toBe('a');
    expect(m.breached).toBe(true);
    expect(qualityMarkdown(report)).toMatch(/\| gt_value_unshown \| .* \| 50\.0% \(1\/2\) \|/);
    expect(() => qualityReport({ cases: [], ctx: NONE, rejections: [] }, { no_such_measure: 0 })).toThrow(/unknown measure no_such_measure/);
  });

  it('gates a higher-is-better score from below and ignores scores over too few items', () => {
    expect(breaches({ n: 500, value: 0.4 }, 0.5, 'higher')).toBe(true);
    expect(breaches({ n: 500, value: 0.6 }, 0.5, 'higher')).toBe(false);
    expect(breaches({ n: 20, value: 0.5 }, 0.01, 'lower', 100)).toBe(false);
    expect(breaches({ n: 200, value: 0.5 }, 0.01, 'lower', 100)).toBe(true);
  });

  it('counts rejections of one rule together', () => {
    expect(ruleOf('parameters_value_error cannot apply at step k=3 of teval_query_142_0: the call passes nothing')).toBe(ruleOf('parameters_value_error cannot apply at step k=7 of teval_query_9_1: other detail'));
  });
});

describe('a rate over a handful of cases is reported, not gated', () => {
  it('a case measure with minGateN breaches only over a population that large', async () => {
    const { breaches } = await import('../../pipeline/quality/report.js');
    expect(breaches({ n: 8, defects: 4, value: 0.5 }, 0.01, 'lower', 100)).toBe(false);
    expect(breaches({ n: 1000, defects: 20, value: 0.02 }, 0.01, 'lower', 100)).toBe(true);
    const { TEXT_MEASURES } = await import('../../pipeline/quality/measures/text.js');
    expect(TEXT_MEASURES.find((m) => m.id === 'extra_tools_unrelated')?.minGateN).toBe(100);
    // A same-job twin is a second right answer at any size: gated on every build.
    expect(TEXT_MEASURES.find((m) => m.id === 'extra_tools_same_function')?.minGateN).toBeUndefined();
  });
});
