import { describe, expect, it } from 'vitest';
import { offlineAnswer, pastListing, type AnswerInput } from '../../stages/resolve/answerWriter.js';
import { causeOf, failedSentence } from '../../stages/resolve/failureSentences.js';
import { Rng } from '../../pipeline/rng.js';
import { emptyTextRead, idNamedTwice, labelledLine, oneLineAsLines, tenseSlip, textThenField, thenListing } from '../../pipeline/quality/measures/answerPhrasing.js';

const seeds = Array.from({ length: 16 }, (_, i) => new Rng(i, 'answer-writer'));
const answers = (input: AnswerInput) => seeds.map((rng) => offlineAnswer(input, rng));

describe('closing answers say what a text with nothing in it means (answer_empty_text_read)', () => {
  it('flags the f31 build\'s answers and passes their rewrites', () => {
    expect(emptyTextRead('I found that the diff lines read an empty text.')).toBeDefined();
    expect(emptyTextRead('For ticket 987654, the status is open and the resolution is an empty text.')).toBeDefined();
    expect(emptyTextRead('"ideas.txt" and "TeamNotes.txt" do not differ: every line is the same in both.')).toBeUndefined();
  });

  const diff = (lines: string): AnswerInput => ({ request: 'Compare ideas.txt and TeamNotes.txt line by line.', steps: [
    { name: 'GorillaFileSystem.diff', args: { file_name1: 'ideas.txt', file_name2: 'TeamNotes.txt' }, response: JSON.stringify({ diff_lines: lines }) },
  ] });

  it('tells a diff of identical files as files that do not differ', () => {
    for (const a of answers(diff(''))) {
      expect(emptyTextRead(a)).toBeUndefined();
      expect(a).toMatch(/"ideas\.txt" and "TeamNotes\.txt" (?:do not differ|are the same, line for line)/);
    }
  });

  it('tells a diff by the lines each file has', () => {
    for (const a of answers(diff('- Collaboration leads to success. \n+ Innovation ignites growth.'))) {
      expect(a).toContain('"ideas.txt" and "TeamNotes.txt" differ by one line: "ideas.txt" has "Collaboration leads to success." where "TeamNotes.txt" has "Innovation ignites growth."');
      expect(a).not.toMatch(/diff lines/);
    }
    for (const a of answers(diff('- a line\n- another line\n+ a third line'))) expect(a).toContain('only "ideas.txt" has "a line" and "another line"; only "TeamNotes.txt" has "a third line"');
  });

  it('says an empty field is not recorded', () => {
    const ticket: AnswerInput = { request: 'Retrieve the details of ticket 987654.', steps: [
      { name: 'TicketAPI.get_ticket', args: { ticket_id: 987654 }, response: '{"id": 987654, "status": "open", "description": "Issue with workstation not booting properly.", "resolution": ""}' },
    ] };
    for (const a of answers(ticket)) {
      expect(emptyTextRead(a)).toBeUndefined();
      expect(a).toMatch(/no resolution is recorded/);
    }
  });
});

describe('a listing before a move is said of the directory it was (answer_then_listing)', () => {
  it('flags the f31 build\'s answers and passes their rewrites', () => {
    expect(thenListing('The directory I was in then held "documents". I\'m now in "documents".')).toBeDefined();
    expect(thenListing('The directory I started in held "documents". I\'m now in "documents".')).toBeUndefined();
  });

  it('names the folder a move before the listing went into', () => {
    const steps = [
      { name: 'GorillaFileSystem.cd', args: { folder: 'Drafts' } },
      { name: 'GorillaFileSystem.ls', args: {} },
      { name: 'GorillaFileSystem.cd', args: { folder: '..' } },
    ];
    expect(pastListing('I found that the current directory holds "DylanProject.txt".', steps, 1)).toBe('I found that "Drafts" held "DylanProject.txt".');
    expect(pastListing('The current directory holds "tmp".', [steps[1], { name: 'GorillaFileSystem.cd', args: { folder: 'tmp' } }], 0)).toBe('The directory I started in held "tmp".');
    expect(pastListing('The current directory is empty.', [{ name: 'GorillaFileSystem.cd', args: { folder: '..' } }, steps[1], { name: 'GorillaFileSystem.cd', args: { folder: 'tmp' } }], 1)).toBe('Before I moved into "tmp", the directory had nothing in it.');
  });
});

describe('a record\'s author goes with its name, its quoted summary last (answer_text_then_field)', () => {
  const news: AnswerInput = {
    request: 'Could you find recent news articles related to Tesla, including the title, summary, and author?',
    steps: [{ name: 'PolygonFinance.get_ticker_news', args: { ticker: 'TSLA' }, response: "{'results': [{'title': 'Tesla named a new head of operations', 'summary': 'Tesla named a new head of operations, effective next month.', 'author': 'Noah Evans'}]}" }],
  };

  it('flags the f31 build\'s answer and passes its rewrite', () => {
    expect(textThenField('I found 1 result: "Tesla named a new head of operations", summed up as "Tesla named a new head of operations, effective next month." and by Noah Evans.')).toBeDefined();
    expect(textThenField('I found 1 result: "Tesla named a new head of operations" by Noah Evans, summed up as "Tesla named a new head of operations, effective next month."')).toBeUndefined();
  });

  it('writes the author after the title', () => {
    for (const a of answers(news)) {
      expect(textThenField(a)).toBeUndefined();
      expect(a).toContain('"Tesla named a new head of operations" by Noah Evans, summed up as "Tesla named a new head of operations, effective next month."');
    }
  });
});

describe('a failure is told in one tense (answer_tense_slip)', () => {
  it('flags the f31 build\'s answers and passes their rewrites', () => {
    expect(tenseSlip('When I tried to book the flight, the service is temporarily unavailable (HTTP 503 Service Unavailable).')).toBeDefined();
    expect(tenseSlip('My attempt to press the brake pedal failed, as the device is not connected.')).toBeDefined();
    expect(tenseSlip('I tried to start the engine, but it is overloaded, with 4 calls already running.')).toBeDefined();
    expect(tenseSlip('When I tried to book the flight, the service was temporarily unavailable (HTTP 503 Service Unavailable).')).toBeUndefined();
    expect(tenseSlip('When I tried to write the text to "a.txt", it reported "the disk is full".')).toBeUndefined();
  });

  const errors = [
    'HTTP 503 Service Unavailable\nRetry-After: 30\n{"error": {"code": 503, "message": "book_flight is temporarily unavailable. Please try again later."}}',
    'pressBrakePedal failed: the device is not connected (ENOTCONN)',
    'startEngine failed: resource temporarily unavailable (EAGAIN); 4 calls are already running, over the limit of 2 at once',
    'ConnectionRefusedError: [Errno 111] Connection refused: the local service behind mean is not running',
    'PermissionError: [Errno 13] Permission denied: another process (pid 4242) holds it open',
    'OSError: the disk is full',
  ];

  it('says every cause in the past, in every frame', () => {
    expect(causeOf(errors[0])).toMatch(/^the service was temporarily unavailable/);
    expect(causeOf(errors[5])).toBe('the disk was full');
    for (const error of errors) {
      for (const rng of seeds) {
        const s = failedSentence({ name: 'TravelAPI.book_flight', args: { travel_from: 'JFK', travel_to: 'LAX' }, response: '', error }, rng, 'book_flight');
        expect(tenseSlip(s)).toBeUndefined();
      }
    }
  });
});

describe('one last line is one line, an account is said of itself (answer_one_line_as_lines, answer_labelled_line)', () => {
  it('flags the f31 build\'s answers and passes their rewrites', () => {
    const calls = [{ name: 'GorillaFileSystem.tail', args: { file_name: 'file1.txt', lines: 1 }, response: '{"last_lines": "The quick brown fox jumps over the lazy dog."}' }];
    expect(oneLineAsLines({ answer: 'The last lines of "file1.txt" read "The quick brown fox jumps over the lazy dog."', calls })).toBeDefined();
    expect(oneLineAsLines({ answer: 'The last line of "file1.txt" reads "The quick brown fox jumps over the lazy dog."', calls })).toBeUndefined();
    const two = [{ ...calls[0], response: '{"last_lines": "a\\nb"}' }];
    expect(oneLineAsLines({ answer: 'The last lines of "file1.txt" read "a b".', calls: two })).toBeUndefined();
    expect(labelledLine('Account details: account id 12345, balance 40000 and binding card 1974202140965533.')).toBeDefined();
    expect(labelledLine('Your account 12345 has a balance of 40000; the card number linked to it is 1974202140965533.')).toBeUndefined();
    expect(labelledLine('Just to check: a latte with 2% milk?')).toBeUndefined();
    expect(labelledLine('Still to do: moving into the folder "Archives".')).toBeUndefined();
  });

  it('says the one line tail gave as one line', () => {
    const input: AnswerInput = { request: 'What does the last line of file1.txt look like?', steps: [{ name: 'GorillaFileSystem.tail', args: { file_name: 'file1.txt', lines: 1 }, response: '{"last_lines": "The quick brown fox jumps over the lazy dog."}' }] };
    for (const a of answers(input)) {
      expect(oneLineAsLines({ answer: a, calls: input.steps })).toBeUndefined();
      expect(a).toMatch(/^(?:The last line of "file1\.txt" reads|"file1\.txt" ends with the line) "The quick brown fox jumps over the lazy dog\."/);
    }
  });

  it('says a trading account of itself, its balance without a currency the docs never state', () => {
    const input: AnswerInput = { request: 'Check the balance of my account and which card I use.', steps: [{ name: 'TradingBot.get_account_info', args: {}, response: '{"account_id": 12345, "balance": 40000.0, "binding_card": 1974202140965533}' }] };
    for (const a of answers(input)) {
      expect(labelledLine(a)).toBeUndefined();
      expect(a).toBe('Your account 12345 has a balance of 40000; the card number linked to it is 1974202140965533.');
    }
  });
});

describe("a new thing's id is not named by the thing just named (answer_id_named_twice)", () => {
  it('flags the f34 build\'s answers and passes the writer\'s', () => {
    expect(idNamedTwice('I purchased the insurance; its insurance id is "255316027".')).toBeDefined();
    expect(idNamedTwice('I registered the credit card, which has card id "262919693687".')).toBeDefined();
    expect(idNamedTwice('I posted the tweet; its id is 10.')).toBeUndefined();
    expect(idNamedTwice('I booked the flight, which has booking id "3426812".')).toBeUndefined();
    const insurance: AnswerInput = { request: 'Buy travel insurance worth $2000 for booking insurance_12345.', steps: [
      { name: 'TravelAPI.purchase_insurance', args: { access_token: 'abc123xyz456', booking_id: 'insurance_12345', card_id: '262919693687', insurance_cost: 2000, insurance_type: 'comprehensive' }, response: JSON.stringify({ insurance_id: '498276044', insurance_status: true }) },
    ] };
    const said = answers(insurance);
    for (const a of said) {
      expect(idNamedTwice(a), a).toBeUndefined();
      expect(a).toContain('498276044');
    }
    expect(said.some((a) => /its id is "498276044"|whose id is "498276044"/.test(a))).toBe(true);
  });
});
