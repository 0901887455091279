/**
 * Cases solvable from what they show (issue 13, items 1, 3, 4, 6): simulated responses carry the
 * values later ground-truth steps take from them; controls show their own trajectory's responses;
 * an external case's skip makes sense when a_k never succeeds; environment errors fit the tool.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../pipeline/rng.js';
import { Store } from '../../pipeline/store/store.js';
import { parseConfig } from '../../pipeline/config.js';
import { OfflineGateway } from '../../pipeline/llm/offline.js';
import { ChainResolver } from '../../pipeline/resolution/index.js';
import { carriesFor } from '../../pipeline/resolution/grounded.js';
import { LOCAL_KINDS, environmentMessage, simulateOffline } from '../../pipeline/resolution/simulatorRules.js';
import { renderApiSimulatorPrompt } from '../../pipeline/resolution/apiSimulator.js';
import { classifyEnvironmentMessage, localityOf } from '../../pipeline/errors/environment.js';
import { httpStyleError, ungroundedValues } from '../../pipeline/quality/grounding.js';
import { ENVIRONMENT_ERROR_KINDS, type ToolDoc, type Trajectory } from '../../pipeline/schemas.js';
import { toolSteps } from '../../pipeline/steps.js';
import { buildCase } from '../../stages/assemble/build.js';
import { skipProblem } from '../../stages/diversify-external/afterFailure.js';
import { bfclTrajectories } from './fixtures/vendored.js';

const param = (name: string, type: ToolDoc['required_parameters'][number]['type']) => ({ name, type, description: `[Required] the ${name}` });
const TMDB: ToolDoc[] = [
  {
    name: 'FilmTMDB.search_movie',
    description: 'Search for movies by their original, translated and alternative titles',
    required_parameters: [param('query', 'string')],
    optional_parameters: [],
    return_data: [
      { name: 'id', description: 'movie ID of the searched movie' },
      { name: 'title', description: '' },
    ],
  },
  {
    name: 'FilmTMDB.get_movie_details',
    description: 'Get the details of a movie by its id',
    required_parameters: [param('movie_id', 'integer')],
    optional_parameters: [],
    return_data: [{ name: 'overview', description: '' }],
  },
];

/** teval_query_228_2's shape: the search must show the id the details call asks for. */
function movieTrajectory(): Trajectory {
  return {
    id: 'teval_query_228_2',
    source: 'teval',
    tools: TMDB,
    turns: [
      {
        user: 'Find the movie Avengers: Endgame and tell me about it.',
        steps: [
          { action: { name: 'FilmTMDB.search_movie', args: { query: 'Avengers: Endgame' } } },
          { action: { name: 'FilmTMDB.get_movie_details', args: { movie_id: 299534 } } },
        ],
      },
    ],
    final: '',
    meta: { recordId: 'query_228_2' },
  };
}

describe('grounded simulated responses', () => {
  it('the search a later step takes its id from carries that id, on the rules path', () => {
    const t = movieTrajectory();
    const carry = carriesFor(t, 0, { known: () => undefined, simulated: () => true });
    expect(carry).toEqual([{ key: 'movie_id', value: 299534, field: 'id' }]);
    const answer = simulateOffline({ name: 'FilmTMDB.search_movie', args: { query: 'Avengers: Endgame' }, tools: TMDB, carry }, new Rng(1, 'x'));
    expect(JSON.parse(answer.response).id).toBe(299534);
    // Without a carried value a film the world-facts table does not know gets an invented id, and a
    // ground truth taking another id would be unreachable; a film it knows gets its real TMDB id.
    const plain = simulateOffline({ name: 'FilmTMDB.search_movie', args: { query: 'The Quiet Harbor' }, tools: TMDB }, new Rng(1, 'x'));
    expect(plain.response).not.toContain('299534');
    const known = simulateOffline({ name: 'FilmTMDB.search_movie', args: { query: 'Avengers: Endgame' }, tools: TMDB }, new Rng(1, 'x'));
    expect(JSON.parse(known.response).id).toBe(299534);
  });

  it('through the resolver: the simulated answer shows the value, so the case is grounded', async () => {
    const t = movieTrajectory();
    const resolver = new ChainResolver({ store: Store.open(':memory:'), config: parseConfig({ llm: { mode: 'offline' } }), llm: new OfflineGateway() });
    const carry = carriesFor(t, 0, { known: () => undefined, simulated: () => true });
    const r = await resolver.resolve({ source: 'teval', trajectoryId: t.id, tools: TMDB, name: 'FilmTMDB.search_movie', args: { query: 'Avengers: Endgame' }, history: [], meta: {}, carry }, { rng: new Rng(1, 'y') });
    t.turns[0].steps[0].response = r;
    t.turns[0].steps[1].response = { content: '{"overview": "x"}', tier: 'simulated' };
    t.turns[0].final = 'done';
    const built = buildCase({ part: 'control', trajectory: t, trajectoryId: t.id, k: 1, thoughtsMethod: 'x' }, false);
    expect(built.ok).toBe(true);
  });

  it('the api-simulator prompt tells the model which values it must return', () => {
    const prompt = renderApiSimulatorPrompt({ name: 'FilmTMDB.search_movie', args: { query: 'x' }, tools: TMDB, examples: [], carry: [{ key: 'movie_id', value: 299534, field: 'id' }] });
    expect(prompt[1].content).toContain('"id": 299534');
  });

  it('a recorded response keeps precedence: a step the recording answers carries nothing, and the case is rejected', () => {
    const t = movieTrajectory();
    expect(carriesFor(t, 0, { known: () => undefined, simulated: (i) => i !== 0 })).toEqual([]);
    t.turns[0].steps[0].response = { content: '{"id": 93919, "title": "Avengers"}', tier: 'cache', origin: 'teval-review:query_228_2_0' };
    t.turns[0].steps[1].response = { content: '{"overview": "x"}', tier: 'simulated' };
    t.turns[0].final = 'done';
    const built = buildCase({ part: 'control', trajectory: t, trajectoryId: t.id, k: 1, thoughtsMethod: 'x' }, false);
    expect(built.ok).toBe(false);
    expect(!built.ok && built.reason).toContain('ungrounded ground truth: FilmTMDB.get_movie_details movie_id=299534');
  });
});

describe('error-free controls', () => {
  it("a control showing another task's recording of a call with no arguments is rejected", () => {
    const tools: ToolDoc[] = [
      { name: 'PPT.create_file', description: 'Create a pptx file', required_parameters: [param('theme', 'string')], optional_parameters: [], return_data: [{ name: 'status', description: '' }] },
      { name: 'PPT.save_file', description: 'save the pptx file', required_parameters: [], optional_parameters: [], return_data: [{ name: 'status', description: '' }] },
    ];
    const t: Trajectory = {
      id: 'teval_query_247_2',
      source: 'teval',
      tools,
      turns: [
        {
          user: 'Make a deck on maths and save it.',
          steps: [
            { action: { name: 'PPT.create_file', args: { theme: 'maths' } }, response: { content: '{"status": "ok"}', tier: 'simulated' } },
            { action: { name: 'PPT.save_file', args: {} }, response: { content: "{'status': 'submitted. view ppt at outputs/Daily_Journal.pptx'}", tier: 'cache', origin: 'teval-review:query_420_0_4' } },
          ],
          final: 'Saved.',
        },
      ],
      final: 'Saved.',
      meta: { recordId: 'query_247_2' },
    };
    const foreign = buildCase({ part: 'control', trajectory: t, trajectoryId: t.id, k: 2, thoughtsMethod: 'x' }, false);
    expect(!foreign.ok && foreign.reason).toContain("another task's state");
    t.turns[0].steps[1].response!.origin = 'teval-review:query_247_2_1';
    expect(buildCase({ part: 'control', trajectory: t, trajectoryId: t.id, k: 2, thoughtsMethod: 'x' }, false).ok).toBe(true);
  });
});

describe('feasible skips after an environment failure', () => {
  const [t] = bfclTrajectories([35]);
  const resolver = new ChainResolver({ store: Store.open(':memory:'), config: parseConfig({ llm: { mode: 'offline' } }), llm: new OfflineGateway() });
  const execute = (call: Parameters<ChainResolver['resolve']>[0]) => resolver.resolve(call, { rng: new Rng(1, 'skip') });
  const failure = { content: 'PermissionError: [Errno 13] Permission denied', tier: 'simulated' as const, error: { source: 'environment' as const, message: 'x' } };

  it('BFCL, by execution: `cd deep_folder` cannot follow a `cd projects` that never ran', async () => {
    expect(toolSteps(t)[1].step.action.args).toEqual({ folder: 'deep_folder' });
    const problem = await skipProblem(t, 1, failure, execute);
    // Either by execution, or before it: the folder is one only the failed cd would have shown (grounding.ts pathNeeds).
    expect(problem).toMatch(/without GorillaFileSystem.cd the next step GorillaFileSystem.cd fails|folder="deep_folder", which only the failed cd would have shown/);
  });

  it('T-Eval, by data flow: a next step that takes a value only the failed call would show', async () => {
    const m = movieTrajectory();
    expect(await skipProblem(m, 1, failure, undefined)).toContain('movie_id=299534');
    m.turns[0].user += ' Its id is 299534.';
    expect(await skipProblem(m, 1, failure, undefined)).toBeUndefined();
  });
});

describe('environment errors that fit the tool', () => {
  const fileTools: ToolDoc[] = bfclTrajectories([35])[0].tools;

  it('classifies toolkits from their docs: a file system is local, a movie database remote', () => {
    expect(localityOf('GorillaFileSystem.cd', fileTools)).toBe('local');
    expect(localityOf('FilmTMDB.search_movie', TMDB)).toBe('remote');
  });

  it('a file system never fails with an HTTP status, a host, a quota or an API key; each message reads as its kind', () => {
    for (const kind of LOCAL_KINDS) {
      for (let seed = 0; seed < 8; seed++) {
        const { error } = simulateOffline({ name: 'GorillaFileSystem.cd', args: { folder: 'x' }, tools: fileTools, environmentError: kind }, new Rng(seed, kind));
        expect(httpStyleError(error), error).toBe(false);
        expect(classifyEnvironmentMessage(error)?.kind, error).toBe(kind);
      }
    }
    expect(httpStyleError('504 Gateway Timeout: api.file-operation.com did not answer read_file in time')).toBe(true);
  });

  it('a remote API fails as HTTP APIs do, naming no invented host', () => {
    for (const kind of ENVIRONMENT_ERROR_KINDS) {
      for (let seed = 0; seed < 8; seed++) {
        const message = environmentMessage(kind, 'FilmTMDB.search_movie', new Rng(seed, kind), 'remote');
        expect(message).not.toMatch(/api\.[a-z-]+\.com|host=/);
        expect(classifyEnvironmentMessage(message)?.kind, message).toBe(kind);
      }
    }
  });

  it('the api-simulator prompt asks a local tool for a local failure and a remote API for an HTTP one, with no invented host', () => {
    const local = renderApiSimulatorPrompt({ name: 'GorillaFileSystem.cd', args: { folder: 'x' }, tools: fileTools, examples: [], environmentError: 'timeout' })[1].content;
    expect(local).toContain('is local software');
    expect(local).not.toContain('504');
    const remote = renderApiSimulatorPrompt({ name: 'FilmTMDB.search_movie', args: { query: 'x' }, tools: TMDB, examples: [], environmentError: 'timeout' })[1].content;
    expect(remote).toContain('never invent a host name');
  });

  it('ungroundedValues names what the prompt does not show', () => {
    const missing = ungroundedValues({ messages: [{ role: 'system', content: 'tools' }, { role: 'user', content: 'find id 5' }], groundTruth: { name: 'A.b', args: { movie_id: 299534, n: 5 } } });
    expect(missing).toEqual([{ key: 'movie_id', value: 299534, action: 'A.b' }]);
  });
});
