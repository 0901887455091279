import { describe, expect, it } from 'vitest';
import { offlineAnswer, type AnswerInput } from '../../stages/resolve/answerWriter.js';
import { partialOpener } from '../../stages/resolve/failureSentences.js';
import { Rng } from '../../pipeline/rng.js';
import { addressRunOn, fieldNameFrame, grepLinesUnsaid, linkRepeated, openerUntried } from '../../pipeline/quality/measures/answerFlow.js';

const seeds = Array.from({ length: 16 }, (_, i) => new Rng(i, 'answer-writer'));
const answers = (input: AnswerInput) => seeds.map((rng) => offlineAnswer(input, rng));

describe('one linking word per answer (answer_link_repeated)', () => {
  it('flags the f36 build\'s answers, passes different links and quoted ones', () => {
    expect(linkRepeated('I signed in to Twitter. Next, I posted the tweet, which has id 10. Next, I retweeted the tweet.')).toBeDefined();
    expect(linkRepeated('I have added 43.85 gallons to the fuel tank. Then I activated the parking brake. Then I locked the doors.')).toBeDefined();
    expect(linkRepeated('I signed in. Next, I posted the tweet. Then I retweeted it.')).toBeUndefined();
    expect(linkRepeated('The file reads "Next, mix. Next, bake."')).toBeUndefined();
  });

  it('tells a run of deeds with each link once (bfcl_multi_turn_base_70)', () => {
    const car: AnswerInput = { request: 'Fill up, set the brake, lock the doors, press the brake pedal and start the engine.', steps: [
      { name: 'VehicleControlAPI.fillFuelTank', args: { fuelAmount: 10 }, response: '{"fuelLevel": 20}' },
      { name: 'VehicleControlAPI.activateParkingBrake', args: { mode: 'engage' }, response: '{"parkingBrakeStatus": "engaged"}' },
      { name: 'VehicleControlAPI.lockDoors', args: { unlock: false, door: ['driver', 'passenger'] }, response: '{"lockStatus": "locked", "remainingUnlockedDoors": 0}' },
      { name: 'VehicleControlAPI.pressBrakePedal', args: { pedalPosition: 1 }, response: '{"brakePedalStatus": "pressed"}' },
      { name: 'VehicleControlAPI.startEngine', args: { ignitionMode: 'START' }, response: '{"engineState": "running"}' },
      { name: 'TwitterAPI.post_tweet', args: { content: 'Off we go' }, response: '{"id": 10}' },
      { name: 'TwitterAPI.retweet', args: { tweet_id: 10 }, response: '{"retweet_status": "Successfully retweeted"}' },
    ] };
    for (const a of answers(car)) expect(linkRepeated(a), a).toBeUndefined();
  });
});

describe('a partial-failure opener names only what was tried (answer_opener_untried)', () => {
  const input: AnswerInput = {
    request: 'Find 3 finance papers on arXiv, get the daily open and close of AAPL for 2023-10-15, then find the ticker of a company by its name.',
    steps: [
      { name: 'ArxivSearch.get_arxiv_article_information', args: { query: 'finance economics' }, response: "{'content': 'Published: 2020-06-21\\nTitle: A short history\\nAuthors: Maya Anderson\\nSummary: We give a short history.'}" },
      { name: 'PolygonFinance.get_daliy_open_close', args: { ticker: 'AAPL', date: '2023-10-15' }, response: 'ConnectionResetError(104, \'Connection reset by peer\')', error: 'ConnectionResetError(104, \'Connection reset by peer\')' },
    ],
    waiting: [{ name: 'PolygonFinance.search_stock_ticker', args: { query: 'Apple' } }],
  };

  it('flags teval_query_249_1\'s opener on f36, passes it with the failed step alone', () => {
    expect(openerUntried('Searching arXiv got done, but not getting the daily open and close and searching the stock ticker. A search found 3 papers. Searching the stock ticker is still to do. Do you want me to retry?')).toBeDefined();
    expect(openerUntried('Searching arXiv got done, but not getting the daily open and close. A search found 3 papers. Searching the stock ticker is still to do. Do you want me to retry?')).toBeUndefined();
  });

  it('names the failed step in the opener and the untried one as still to do', () => {
    const openers = Array.from({ length: 40 }, (_, i) => partialOpener(input.steps, new Rng(i, 'opener'), input.waiting, input.request)).filter(Boolean);
    expect(openers.length).toBeGreaterThan(0);
    for (const o of openers) expect(o, o).not.toMatch(/ticker/);
    for (const a of answers(input)) {
      expect(openerUntried(a), a).toBeUndefined();
      expect(a, a).toMatch(/still to do/i);
    }
  });

  it('says a later step of the failed one\'s kind is another one (teval_query_61_2)', () => {
    const ppt: AnswerInput = {
      request: 'Make a deck about current releases with a page per film and save it.',
      steps: [
        { name: 'PPT.create_file', args: { abs_location: 'outputs/a.pptx', theme: 'default' }, response: "{'status': 'created a ppt file.'}" },
        { name: 'PPT.add_text_page', args: { title: 'Releases', bullet_items: '1. A' }, response: 'add_text_page failed: timed out', error: 'add_text_page failed: timed out' },
      ],
      waiting: [{ name: 'PPT.add_text_page', args: { title: 'Film A', bullet_items: 'x' } }, { name: 'PPT.save_file', args: {} }],
    };
    for (const a of answers(ppt)) {
      expect(openerUntried(a), a).toBeUndefined();
      expect(a, a).toMatch(/another text page/);
    }
  });
});

describe('a text is said of what it is, not by its field\'s name (answer_field_name_frame)', () => {
  it('flags the f36 build\'s frames', () => {
    const calls = (response: string) => [{ name: 'X.y', args: {}, response }];
    expect(fieldNameFrame({ answer: 'I contacted customer support, and the customer support message reads "Thanks."', calls: calls('{"customer_support_message": "Thanks."}') })).toBeDefined();
    expect(fieldNameFrame({ answer: 'The file content of "a.txt" reads "Hi."', calls: calls('{"file_content": "Hi."}') })).toBeDefined();
    expect(fieldNameFrame({ answer: '"a.txt" reads "Hi."', calls: calls('{"file_content": "Hi."}') })).toBeUndefined();
  });

  it('says a file\'s text and its sorted text of the file', () => {
    const input: AnswerInput = { request: 'Show MonthlySummary.docx and sort it.', steps: [
      { name: 'GorillaFileSystem.cat', args: { file_name: 'MonthlySummary.docx' }, response: '{"file_content": "Summary of monthly activities."}' },
      { name: 'GorillaFileSystem.sort', args: { file_name: 'MonthlySummary.docx' }, response: '{"sorted_content": "Summary of monthly activities."}' },
    ] };
    for (const a of answers(input)) {
      expect(fieldNameFrame({ answer: a, calls: input.steps }), a).toBeUndefined();
      expect(a, a).toMatch(/"MonthlySummary\.docx" reads "Summary of monthly activities\."|The text of "MonthlySummary\.docx" is/);
      // Named once: the sorted text is said of "it".
      expect(a, a).toMatch(/(?:Sorted line by line|With its lines sorted), it reads/);
      expect(a.split('"MonthlySummary.docx"').length - 1, a).toBe(1);
    }
  });

  it('says customer support\'s message as the reply (bfcl_multi_turn_base_187)', () => {
    const input: AnswerInput = { request: 'Contact customer support about the booking.', steps: [
      { name: 'TravelAPI.contact_customer_support', args: { booking_id: '3426812', message: 'Need help' }, response: '{"customer_support_message": "Thank you for contacting customer support. We will get back to you shortly."}' },
    ] };
    for (const a of answers(input)) {
      expect(fieldNameFrame({ answer: a, calls: input.steps }), a).toBeUndefined();
      // Since answer-writer-99 the message is said as what happened, not quoted back (answer_reply_quoted): its thanks
      // left out, its "we" turned to "they".
      expect(a, a).toContain('they will get back to you shortly');
      expect(a, a).not.toContain('the reply reads');
    }
  });
});

describe('a grep\'s matches are quoted (answer_grep_lines_unsaid)', () => {
  const line = 'This is a summary of the development process. No server error occurred during the initial phase. However, a server error was detected in the final testing phase. The team is working on resolving the server error. The server error is expected to be fixed by next week. Additional testing will be conducted to ensure no further server errors. The project is on track for completion.';
  const steps = [{ name: 'GorillaFileSystem.grep', args: { file_name: 'dev_summary.txt', pattern: 'server error' }, response: JSON.stringify({ matching_lines: [line] }) }];
  it('flags the f36 build\'s answer', () => {
    expect(grepLinesUnsaid({ answer: 'I found that the only matching line is a longer text opening "This is a summary of the development process."', calls: steps })).toBeDefined();
  });
  it('tells a long matching line by its sentences that hold the pattern (bfcl_multi_turn_base_37)', () => {
    for (const a of answers({ request: "Hunt for any mentions of 'server error' in dev_summary.txt.", steps })) {
      expect(grepLinesUnsaid({ answer: a, calls: steps }), a).toBeUndefined();
      expect(a, a).toContain('"No server error occurred during the initial phase."');
      expect(a, a).toMatch(/and 2 more\.$/);
      expect(a, a).not.toMatch(/\bmores\b/);
    }
  });
});

describe('an address is said before the record\'s other fields (answer_address_run_on)', () => {
  it('flags the f36 build\'s answer', () => {
    expect(addressRunOn('For "Tesla, Inc.", the address is 1 Tesla Road, Austin, TX 78725, online at https://www.tesla.com and listed on 29 June 2010.')).toBeDefined();
    expect(addressRunOn('"Tesla, Inc." is at 1 Tesla Road, Austin, TX 78725; it is online at https://www.tesla.com and listed on 29 June 2010.')).toBeUndefined();
  });
  it('says a company\'s address first, the rest after a semicolon (teval_query_315_1)', () => {
    const input: AnswerInput = { request: "Provide details about Tesla's stock, including the company address, homepage URL, description, and the date it was listed.", steps: [
      { name: 'PolygonFinance.get_ticker_detail', args: { ticker: 'TSLA' }, response: JSON.stringify({ address: '1 Tesla Road, Austin, TX 78725', homepage_url: 'https://www.tesla.com', description: 'Tesla designs and makes electric cars (Model S, 3, X and Y), battery storage systems and solar products, and runs a network of Supercharger stations.', list_date: '2010-06-29', name: 'Tesla, Inc.' }) },
    ] };
    for (const a of answers(input)) {
      expect(addressRunOn(a), a).toBeUndefined();
      expect(a, a).toMatch(/"Tesla, Inc\."(?: \(TSLA\))? is at 1 Tesla Road, Austin, TX 78725; it is online at https:\/\/www\.tesla\.com and listed on 29 June 2010\./);
    }
  });
});
