/**
 * h-plans24: T-Eval plans that take a ticker for a company the request does not name (289_0's
 * description searched, 270_0's unlisted name answered by another company, 289_1's and 479_2's
 * tickers nothing names) are turned down.
 */
import { describe, expect, it } from 'vitest';
import { tickerNotNamed, unrequestedReviews } from '../../pipeline/quality/planAsks.js';
import { ownContentNotGiven, readBeforeText, textBeforeRead } from '../../pipeline/standIns.js';
import { checkTrajectory } from '../../stages/filter/rules.js';

const step = (name: string, args: Record<string, unknown> = {}, response?: string) => ({ name, args, response });

describe('a ticker for a company the request does not name', () => {
  const described = 'Lastly, could you provide more information and recent news about a tech company that manufactures smartphones and computers?';
  it('finds a description searched (289_0) and a placeholder (249_1), not a company named', () => {
    expect(tickerNotNamed(described, [step('PolygonFinance.search_stock_ticker', { search: 'tech company that manufactures smartphones and computers' }), step('PolygonFinance.get_ticker_detail', { ticker: 'TECH' })])).toMatchObject({ at: 0, given: 'tech company that manufactures smartphones and computers' });
    expect(tickerNotNamed('Finally, find the stock ticker symbol of a company using its name.', [step('PolygonFinance.search_stock_ticker', { search: 'company name' })])).toMatchObject({ at: 0, given: 'company name' });
    expect(tickerNotNamed('Search for the Airbnb stock ticker and get its details.', [step('PolygonFinance.search_stock_ticker', { search: 'Airbnb' }), step('PolygonFinance.get_ticker_detail', { ticker: 'ABNB' })])).toBeUndefined();
    expect(tickerNotNamed('Get the ticker of Empire State Realty Trust and some details.', [step('PolygonFinance.search_stock_ticker', { search: 'Empire State Realty Trust' }), step('PolygonFinance.get_ticker_detail', { ticker: 'ESRT' })])).toBeUndefined();
  });
  it("finds another listed company's ticker taken for an unlisted name (270_0), and a ticker nothing names (289_1, 479_2)", () => {
    expect(tickerNotNamed('Include details about the stock ticker of ABC Real Estate.', [step('PolygonFinance.search_stock_ticker', { search: 'ABC Real Estate' }), step('PolygonFinance.get_ticker_detail', { ticker: 'REAL' })])).toMatchObject({ at: 1, given: 'REAL', why: expect.stringContaining('The RealReal') });
    expect(tickerNotNamed("I'm looking into the stock performance of a prominent electric car manufacturer.", [step('PolygonFinance.get_ticker_detail', { ticker: 'TSLA' })])).toMatchObject({ at: 0, given: 'TSLA' });
    expect(tickerNotNamed('Finally, get the open and close prices of a stock symbol on October 20, 2023.', [step('PolygonFinance.get_daliy_open_close', { ticker: 'AAPL', date: '2023-10-20' })])).toMatchObject({ given: 'AAPL' });
    // Named by the request ('AAPL', "Tesla's") or shown by an earlier answer: the plan's to take.
    expect(tickerNotNamed("Retrieve the details of 'AAPL'.", [step('PolygonFinance.get_ticker_detail', { ticker: 'AAPL' })])).toBeUndefined();
    expect(tickerNotNamed("Get Tesla's open and close prices.", [step('PolygonFinance.get_daliy_open_close', { ticker: 'TSLA' })])).toBeUndefined();
    expect(tickerNotNamed('Read the market news, then the details of the first company.', [step('PolygonFinance.get_ticker_news', {}, "{'results': [{'tickers': ['NVDA']}]}"), step('PolygonFinance.get_ticker_detail', { ticker: 'NVDA' })])).toBeUndefined();
  });
  it('filter turns the plan down, saying why', () => {
    const tools = [
      { name: 'PolygonFinance.search_stock_ticker', params: [{ name: 'search', type: 'STRING', required: true }] },
      { name: 'PolygonFinance.get_ticker_detail', params: [{ name: 'ticker', type: 'STRING', required: true }] },
    ];
    const t = { id: 't', source: 'teval', tools, turns: [{ user: described, steps: [{ action: { name: 'PolygonFinance.search_stock_ticker', args: { search: 'tech company that manufactures smartphones and computers' } } }, { action: { name: 'PolygonFinance.get_ticker_detail', args: { ticker: 'TECH' } } }] }] } as never;
    expect(checkTrajectory(t, { minSteps: 1 })).toMatchObject({ code: 'ticker_not_named', detail: expect.stringContaining('is a description, not a company\'s name') });
  });
});

describe('reviews the request never asks for', () => {
  const request = "Lastly, I would like to know the plot summary and details of the movie 'Inception'.";
  const steps = [step('FilmTMDB.search_movie', { query: 'Inception' }, "{'id': 27205}"), step('FilmTMDB.get_movie_details', { movie_id: 27205 }), step('FilmTMDB.get_movie_reviews', { movie_id: 27205 }, "{'reviews': [{'user': 'ohlalipop', 'content': 'A must see.'}]}")];
  it('finds get_movie_reviews for "the plot summary and details" (272_0), not for a request asking reviews or ratings', () => {
    expect(unrequestedReviews(request, steps)).toEqual({ at: 2, name: 'FilmTMDB.get_movie_reviews', reads: 'reviews' });
    expect(unrequestedReviews("Get the details and the user reviews of 'Inception'.", steps)).toBeUndefined();
    expect(unrequestedReviews("What do critics think of 'Inception'? Check the ratings.", steps)).toBeUndefined();
  });
  it('names a later step taking what only the reviews showed', () => {
    expect(unrequestedReviews(request, [...steps, step('Email.send', { address: 'a@b.c', body: 'ohlalipop' })])).toMatchObject({ at: 2, usedBy: 3 });
  });
});

describe('a text describing a file the plan reads only later', () => {
  const path = 'data_v2/template_data/paper_readme.txt';
  const raw = [
    { action: { name: 'Email.show', args: { only_unread: false } }, prev: [] },
    { action: { name: 'Email.send', args: { address: 'jane@example.com', title: 'Property Inquiry', body: `Content of the file located at \`${path}\`` } }, prev: [0] },
    { action: { name: 'FileOperation.read_file', args: { file_path: path } }, response: { content: "{'text': 'To make a sample Conference paper, copy the contents of this directory'}" }, prev: [1] },
  ];
  it('finds the send (116_1), and moves the read before it with the text as body', () => {
    const found = textBeforeRead(raw)!;
    expect(found).toEqual({ at: 1, key: 'body', readAt: 2, path });
    const fixed = readBeforeText(raw, found)!;
    expect(fixed.map((s) => s.action.name)).toEqual(['Email.show', 'FileOperation.read_file', 'Email.send']);
    expect((fixed[2].action.args as Record<string, unknown>).body).toBe('To make a sample Conference paper, copy the contents of this directory');
    expect(fixed.map((s) => s.prev)).toEqual([[], [0], [1]]);
    expect(textBeforeRead(fixed)).toBeUndefined();
  });
  it('leaves a read before the send, and a body that is the text, alone; no recorded text gives nothing to put in', () => {
    expect(textBeforeRead([raw[2], raw[1]])).toBeUndefined();
    expect(textBeforeRead([{ action: { name: 'Email.send', args: { body: 'Hello Jane, the readme is attached.' } } }, raw[2]])).toBeUndefined();
    expect(readBeforeText([raw[0], raw[1], { ...raw[2], response: undefined }], { at: 1, key: 'body', readAt: 2, path })).toBeUndefined();
  });
});

describe("the user's own content restated, never given", () => {
  const said = "Then, could you add a title page with the title 'Introduction' and a bullet list containing the main points of my presentation. Lastly, I'd like to add an image related to 'technology' to a new slide.";
  it('finds "Main points of the presentation" for "the main points of my presentation" (466_2)', () => {
    expect(ownContentNotGiven('bullet_items', 'Main points of the presentation', said)).toBe('the main points of my presentation');
  });
  it('leaves a caption of what the request asks ("Image related to technology"), a quoted value and a text an answer shows alone', () => {
    expect(ownContentNotGiven('bullet_items', 'Image related to technology', said)).toBeUndefined();
    expect(ownContentNotGiven('bullet_items', 'Main points of the presentation', "Add a bullet 'Main points of the presentation' to my presentation.")).toBeUndefined();
    expect(ownContentNotGiven('bullet_items', 'Main points of the presentation', said, ["{'text': 'Main points of the presentation: cost, speed'}"])).toBeUndefined();
    expect(ownContentNotGiven('title', 'Main points of the presentation', said)).toBeUndefined();
  });
});
