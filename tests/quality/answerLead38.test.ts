// Lead38: a folder never said to be "now" where a later cd of the answer leaves it (answer-writer-136,
// answer_now_in_left), and a listing right after the move into its folder joined to it (answer_name_said_again widened).
import { describe, expect, it } from 'vitest';
import { namesOnce } from '../../stages/resolve/namesOnce.js';
import { offlineAnswer } from '../../stages/resolve/answerWriter.js';
import { nameSaidAgain } from '../../pipeline/answerFacts.js';
import { nowInLeft } from '../../pipeline/quality/measures/answerPhrasing.js';
import { Rng } from '../../pipeline/rng.js';

const cd = (folder: string, to = folder) => ({ name: 'GorillaFileSystem.cd', args: { folder }, response: `{"current_working_directory": "${to}"}` });
const ls = (...items: string[]) => ({ name: 'GorillaFileSystem.ls', args: {}, response: JSON.stringify({ current_directory_content: items }) });

describe('a folder a later cd leaves is never where the turn is "now" (answer_now_in_left)', () => {
  it('flags "I\'m now in" and "is now the current folder" before a later move, and passes them at the end', () => {
    // bfcl_multi_turn_base_46-control-k5 on lead38 g0.
    expect(nowInLeft('I\'m now in "Drafts". "Drafts" held "DylanProject.txt". I removed "DylanProject.txt", went up to the parent folder and then removed the directory "Drafts".')).toMatch(/went up to the parent folder/);
    // bfcl_multi_turn_base_16-tool_select_error-k6.
    expect(nowInLeft('I\'m now in "research". I copied "research_notes.txt" to "archives", changed to that folder and then renamed the file to "2024_research_backup.txt".')).toMatch(/changed to that folder/);
    expect(nowInLeft('"tmp" is now the current folder. I went into "logs".')).toMatch(/went into/);
    expect(nowInLeft('I copied "a.txt" to "archives". I\'m now in "archives".')).toBeUndefined();
  });
  it('the writer says a move the answer later leaves in the past, whatever the seed', () => {
    const steps = [
      cd('Drafts'),
      ls('DylanProject.txt'),
      { name: 'GorillaFileSystem.rm', args: { file_name: 'DylanProject.txt' }, response: '{"result": "\'DylanProject.txt\' removed"}' },
      cd('..', 'workspace'),
      { name: 'GorillaFileSystem.rmdir', args: { dir_name: 'Drafts' }, response: '{"result": "\'Drafts\' removed"}' },
    ];
    const seen = new Set<string>();
    for (let seed = 0; seed < 12; seed++) {
      const a = offlineAnswer({ request: 'Go into Drafts, list it, remove DylanProject.txt, then go up a folder and delete the Drafts directory.', steps } as never, new Rng(seed, 'answer-writer'));
      expect(nowInLeft(a), a).toBeUndefined();
      expect(nameSaidAgain(a), a).toBeUndefined();
      seen.add(a.split('.')[0]);
    }
    // Still more than one way to say the move.
    expect(seen.size).toBeGreaterThan(1);
  });
  it('keeps the "now" forms where the move is the answer\'s last', () => {
    const forms = new Set<string>();
    for (let seed = 0; seed < 40; seed++) forms.add(offlineAnswer({ request: 'Go into the documents folder.', steps: [cd('documents')] } as never, new Rng(seed, 'answer-writer')));
    expect([...forms].some((a) => /now/.test(a))).toBe(true);
  });
});

describe('a listing right after the move into its folder is joined to it (answer_name_said_again widened)', () => {
  it.each([
    // bfcl_multi_turn_base_35 on lead38 g0.
    // The move on into the one thing it held joined too: no two sentences in a row opening "I moved" (answer_deed_run).
    ['The directory I started in held "projects" and "temp". I moved into "projects". "projects" held "deep_folder". I moved into "deep_folder".', 'The directory I started in held "projects" and "temp". I moved into "projects", which held "deep_folder", and then went into it.'],
    ['I changed to the folder "Drafts". "Drafts" held "DylanProject.txt". I removed "DylanProject.txt".', 'I changed to the folder "Drafts", which held "DylanProject.txt". I removed "DylanProject.txt".'],
  ])('flags %j and joins it', (before, after) => {
    expect(nameSaidAgain(before)?.name).toMatch(/"(?:projects|Drafts)"/);
    expect(namesOnce(before)).toBe(after);
    expect(nameSaidAgain(after)).toBeUndefined();
  });
});

describe('after a failure, each later step of a kind planned twice is told (answer-writer-137, answer_failure_repeat_dropped)', () => {
  it('counts pages and citations planned several times', async () => {
    const { tasksCounted } = await import('../../stages/resolve/failureSentences.js');
    const cite = (q: string) => ({ name: 'GoogleScholar.get_citation_format', args: { q } });
    // teval_query_242_2-env-k2: three citations were "Getting the citation for that article".
    expect(tasksCounted([cite('a1'), cite('b2'), cite('c3')], (t) => t)).toEqual(['get the citations for the three articles']);
    expect(tasksCounted([cite('a1')], (t) => t)).toEqual(['get the citation for the article']);
    const page = (title: string) => ({ name: 'PPT.add_text_image_page', args: { title, bullet_items: title, image: 'x.jpg' } });
    expect(tasksCounted([page('Review 2'), page('Review 3')], (t) => t)).toEqual(['add two pages with text and an image']);
    const text = (title: string) => ({ name: 'PPT.add_text_page', args: { title, bullet_items: title } });
    expect(tasksCounted([text('A'), text('B'), text('C')], (t) => t)).toEqual(['add three text pages']);
  });
  it('says a later step of a waiting step\'s kind as another, never drops it', async () => {
    const { offlineAnswer } = await import('../../stages/resolve/answerWriter.js');
    const { answerFailureRepeatDropped } = await import('../../pipeline/quality/measures/failureAnswers.js');
    expect(answerFailureRepeatDropped.id).toBe('answer_failure_repeat_dropped');
    const steps = [
      { name: 'PPT.create_file', args: { theme: 'default', abs_location: 'outputs/inception.pptx' }, response: "{'status': 'created a ppt file.'}" },
      { name: 'PPT.get_image', args: { keywords: 'Inception movie review' }, response: 'ConnectionError: Max retries exceeded with url: /get_image (Caused by NewConnectionError(\'Failed to establish a new connection: [Errno 111] Connection refused\'))', error: 'connection_error' },
    ];
    // teval_query_431_2-env-k12: the failed get_image's page waits on it; the third review's image and page do not.
    const waiting = [
      { name: 'PPT.add_text_image_page', args: { title: 'User Review 2', bullet_items: 'x', image: 'outputs/1.jpg' }, needsFailed: true },
      { name: 'PPT.get_image', args: { keywords: 'Inception movie review' } },
      { name: 'PPT.add_text_image_page', args: { title: 'User Review 3', bullet_items: 'y', image: 'outputs/2.jpg' } },
      { name: 'PPT.save_file', args: { file_path: 'outputs/inception.pptx' } },
    ];
    for (let seed = 0; seed < 8; seed++) {
      const a = offlineAnswer({ request: 'Add a text page with an image for each review, then save the presentation.', steps, waiting } as never, new Rng(seed, 'answer-writer'));
      expect(a, a).toMatch(/another page with text and an image/);
      expect(a, a).toMatch(/saving the presentation file/);
    }
  });
});

describe('"Then" never opens a chain joined by "then", and a file copied is renamed as the copy (answer-writer-138)', () => {
  it('flags "Then I …, then …" and the rename by name after its copy', async () => {
    const { thenTwice } = await import('../../pipeline/quality/measures/answerPhrasing.js');
    // bfcl_multi_turn_base_16-parameters_value_error-k6 on lead38 m5.
    const before = 'I changed to the folder "research" and then copied "research_notes.txt" to "archives". Then I changed to the folder "archives", then renamed "research_notes.txt" to "2024_research_backup.txt".';
    expect(thenTwice(before)).toMatch(/^Then I changed/);
    expect(thenTwice('I copied "a.txt" to "b". Then I renamed "b/a.txt".')).toBeUndefined();
    expect(nameSaidAgain(before)?.name).toBe('"research_notes.txt"');
    expect(namesOnce(before)).toMatch(/renamed the copy to "2024_research_backup\.txt"\.$/);
    expect(namesOnce('I moved "a.txt" to "docs". After that, I went into "docs" and then renamed "a.txt" to "b.txt".')).toMatch(/renamed the file to "b\.txt"/);
  });
  it('the writer never opens with "Then" a chain it joined with "then", whatever the seed', async () => {
    const { thenTwice } = await import('../../pipeline/quality/measures/answerPhrasing.js');
    const steps = [
      cd('research'),
      { name: 'GorillaFileSystem.cp', args: { source: 'research_notes.txt', destination: 'archives' }, response: '{"result": "\'research_notes.txt\' copied to \'archives/research_notes.txt\'"}' },
      cd('archives'),
      { name: 'GorillaFileSystem.mv', args: { source: 'research_notes.txt', destination: '2024_research_backup.txt' }, response: '{"result": "\'research_notes.txt\' moved to \'2024_research_backup.txt\'"}' },
    ];
    for (let seed = 0; seed < 24; seed++) {
      const a = offlineAnswer({ request: 'Go to research, copy research_notes.txt to archives, then rename it there to 2024_research_backup.txt.', steps } as never, new Rng(seed, 'answer-writer'));
      expect(thenTwice(a), a).toBeUndefined();
      expect(nameSaidAgain(a), a).toBeUndefined();
      expect(nowInLeft(a), a).toBeUndefined();
    }
  });
});

describe('a citation by its article\'s title, a search by its service where two services were searched alike (answer-writer-139, 140)', () => {
  const scholar = { name: 'GoogleScholar.search_google_scholar', args: { query: 'artificial intelligence' }, response: "{'title': ['Primer on artificial intelligence and robotics', 'AI in medicine'], 'organic_id': ['ox1AbC', 'qq2XyZ'], 'cited_by': [10, 20]}" };
  it('says the failed citation by the title the listing gave its id', () => {
    const cite = { name: 'GoogleScholar.get_citation_format', args: { q: 'ox1AbC' }, response: 'HTTP 504 Gateway Timeout', error: 'gateway_timeout' };
    for (let seed = 0; seed < 6; seed++) {
      const a = offlineAnswer({ request: 'Search Google Scholar for artificial intelligence and give me the MLA citation of the first paper.', steps: [scholar, cite] } as never, new Rng(seed, 'answer-writer'));
      expect(a, a).toMatch(/citation for "Primer on artificial intelligence and robotics"/);
      expect(a, a).not.toMatch(/that article/);
    }
  });
  it('flags a finding told without its service beside another service\'s search for the same words, and the writer names it', async () => {
    const { searchServiceUnsaid } = await import('../../pipeline/quality/measures/answerPhrasing.js');
    // teval_query_242_2-env-k2 on lead38 g0.
    expect(searchServiceUnsaid('Searching arXiv got done, but the service was temporarily unavailable, so I couldn\'t search Google Scholar for "quantum mechanics". The search for "quantum mechanics" came back with 1 paper: "Unconventional Quantum Computing Devices" by Seth Lloyd.')).toMatch(/^The search for "quantum mechanics"/);
    expect(searchServiceUnsaid('The search for "quantum mechanics" came back with 1 paper: "A" by B.')).toBeUndefined();
    const arxiv = { name: 'ArxivSearch.get_arxiv_article_information', args: { query: 'quantum mechanics' }, response: "{'content': \"Published: 2000-03-31\\nTitle: Unconventional Quantum Computing Devices\\nAuthors: Seth Lloyd\\nSummary: This paper investigates a variety of unconventional quantum computation\\ndevices, including fermionic quantum computers.\"}" };
    // A Scholar listing found, an arXiv search for the same words failed.
    const found = { name: 'GoogleScholar.search_google_scholar', args: { query: 'quantum mechanics' }, response: "{'title': ['Quantum mechanics', 'Lectures on quantum mechanics', 'Quantum mechanics in a nutshell'], 'cited_by': [10, 20, 30], 'organic_id': ['a1', 'b2', 'c3']}" };
    const failed = { name: 'ArxivSearch.get_arxiv_article_information', args: { query: 'quantum mechanics' }, response: 'HTTP 503 Service Unavailable', error: 'service_unavailable' };
    for (let seed = 0; seed < 8; seed++) {
      const a = offlineAnswer({ request: 'Search Google Scholar for quantum mechanics, then find articles on it on arXiv too.', steps: [found, failed] } as never, new Rng(seed, 'answer-writer'));
      expect(searchServiceUnsaid(a), a).toBeUndefined();
      expect(a, a).toMatch(/"quantum mechanics" on Google Scholar/);
    }
    // One service searched: nothing added.
    const alone = offlineAnswer({ request: 'Search Google Scholar for quantum mechanics.', steps: [found] } as never, new Rng(1, 'answer-writer'));
    expect(alone).not.toMatch(/ on Google Scholar/);
  });
});

describe('a give-up thought says "on every retry" once (diversify-external 54, thought_again_every_retry)', () => {
  it('flags "again on every retry" and the skip thought never says it', async () => {
    const { againEveryRetry } = await import('../../pipeline/quality/measures/thoughtWording.js');
    const { skipThought } = await import('../../stages/diversify-external/afterFailure.js');
    expect(againEveryRetry('Since `get_property_details` met a server error again on every retry, I move on.')).toBe('again on every retry');
    expect(againEveryRetry('Since `get_property_details` met a server error on every retry, I move on.')).toBeUndefined();
    const tools = [{ name: 'AirbnbSearch.get_property_reviews', description: 'Retrieve the reviews of a property.', required_parameters: [{ name: 'propertyId', type: 'string', description: 'the id of the property' }], optional_parameters: [] }];
    const seen = new Set<string>();
    for (let seed = 0; seed < 40; seed++) {
      const t = skipThought('AirbnbSearch.get_property_details', { name: 'AirbnbSearch.get_property_reviews', args: { propertyId: 731584702487700952 } }, tools as never, new Rng(seed, 'skip'), 'HTTP 500 Internal Server Error');
      expect(againEveryRetry(t), t).toBeUndefined();
      seen.add(t.split(',')[0]);
    }
    expect([...seen].some((t) => /on every retry/.test(t))).toBe(true);
  });
});

describe('a closing thought says a file-system deed as done, never quoting its reply (assemble 71, thought_reply_quoted)', () => {
  it('flags the quoted reply and the fact says the deed', async () => {
    const { replyQuotedInThought } = await import('../../pipeline/quality/measures/thoughts.js');
    const { answerFact } = await import('../../pipeline/thoughtPhrases.js');
    // bfcl_multi_turn_base_0-parameters_value_error-k8-cot on lead38 g0.
    expect(replyQuotedInThought('`mv` came back and the result is "\'final_report.pdf\' moved to \'temp/final_report.pdf\'"; it was the last call I planned.')).toBeDefined();
    expect(answerFact(`{"result": "'final_report.pdf' moved to 'temp/final_report.pdf'"}`)).toBe('"final_report.pdf" was moved to "temp/final_report.pdf"');
    expect(answerFact(`{"result": "'Drafts' removed"}`)).toBe('"Drafts" was removed');
    expect(replyQuotedInThought(`According to \`rmdir\`, ${answerFact(`{"result": "'Drafts' removed"}`)}; nothing is left to call.`)).toBeUndefined();
    // Any other result keeps its words.
    expect(answerFact('{"result": "ok, done"}')).toBe('the result is "ok, done"');
  });
});

describe('a retry thought gives its reason, never "which may pass" (diversify-external 55, thought_retry_may_pass)', () => {
  it('flags the bare "may pass" and no seed of retryThought says it', async () => {
    const { retryMayPass } = await import('../../pipeline/quality/measures/thoughtWording.js');
    const { retryThought } = await import('../../stages/diversify-external/afterFailure.js');
    expect(retryMayPass('That attempt at `coming_out_filter` timed out, which may pass, so I retry it.')).toBe('which may pass');
    const tools = [{ name: 'TradingBot.get_watchlist', description: 'Get the watchlist.', required_parameters: [], optional_parameters: [] }];
    const frames = new Set<string>();
    for (let seed = 0; seed < 40; seed++) {
      const t = retryThought({ name: 'TradingBot.get_watchlist', args: {} }, 'ReadTimeout: the request to get_watchlist timed out (read timeout=30)', tools as never, new Rng(seed, 'retry'));
      expect(retryMayPass(t), t).toBeUndefined();
      frames.add(t.split(' ').slice(0, 3).join(' '));
    }
    // The frame that said "which may pass" is still drawn, now with its reason.
    expect([...frames].some((f) => f.startsWith('That attempt at'))).toBe(true);
  });
});
