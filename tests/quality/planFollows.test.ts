import { describe, expect, it } from 'vitest';
import { cityForNamedEndpoint, inventedSpecifics, readBeforeWrite, stopsMidPattern, undecidedCondition } from '../../pipeline/quality/planFollows.js';
import { gtBranchContradicted, gtClosesMidPattern, gtEndpointNotRequested, gtTextInventsSpecific } from '../../pipeline/quality/measures/plans.js';
import { pathProblem } from '../../pipeline/errors/pathKinds.js';
import type { TestCase, ToolDoc, Trajectory } from '../../pipeline/schemas.js';

type S = { name: string; args: unknown; response?: string };

function trajectory(user: string, steps: S[]): Trajectory {
  return { id: 't', source: 'teval', tools: [], final: '', meta: {}, turns: [{ user, final: '', steps: steps.map((s) => ({ action: { name: s.name, args: s.args }, ...(s.response ? { response: { content: s.response, tier: 'recorded' } } : {}) })) }] } as unknown as Trajectory;
}

function caseOf(user: string, steps: S[], groundTruth: unknown): TestCase {
  const messages = [{ role: 'system', content: 'tools' }, { role: 'user', content: user }];
  for (const s of steps) messages.push({ role: 'assistant', content: JSON.stringify({ name: s.name, args: s.args }) }, { role: 'function', content: s.response ?? '{}' });
  return { id: 'c', kind: 'internal', errorType: '', cot: false, k: steps.length + 1, tools: [], trajectoryId: 't', source: 'teval', provenance: {}, messages, groundTruth } as unknown as TestCase;
}

const doc = (name: string, params: [string, string][]): ToolDoc => ({ name, description: name, required_parameters: params.map(([n, d]) => ({ name: n, type: 'string', description: d })), optional_parameters: [], return_data: [] }) as unknown as ToolDoc;
const TOOLS = [
  doc('FileOperation.read_file', [['file_path', 'The path of the file to read.']]),
  doc('PPT.create_file', [['abs_location', 'The absolute path of the file to create.'], ['theme', 'The theme.']]),
  doc('Email.send', [['address', 'address'], ['title', 'title'], ['body', 'body'], ['attachment', 'The path of the file to attach.']]),
];

// T-Eval 369_2: the email carries a flight number and a booking the user never gave.
const TRIP = "Write an email to Jane Smith at janesmith@example.com with the subject 'Travel Itinerary'. In the email, include the details about a particular planned trip, including flight number and hotel booking details. Also, find out the weather today in Paris.";
const INVENTED = { address: 'janesmith@example.com', title: 'Travel Itinerary', body: 'Dear Jane,\n\nFlight Details:\nFlight Number: XYZ123\n\nHotel Booking Details:\nHotel Name: ABC Hotel\nBooking Reference: 123456' };

describe('a T-Eval step follows from what the case shows (planFollows.ts)', () => {
  it('finds the specifics 369_2 invents and none in a body the request and answers give', () => {
    expect(inventedSpecifics(INVENTED, TRIP).map((x) => x.value)).toEqual(expect.arrayContaining(['XYZ123', 'ABC Hotel', '123456']));
    const given = { body: 'Your flight is AF1234, booking reference 9QX7Z2 at Hotel Lutetia.' };
    expect(inventedSpecifics(given, 'Booked: flight AF1234, reference 9QX7Z2.')).toEqual([]);
    // An address's house number and a highway's name from the route answer are shown.
    expect(inventedSpecifics({ body: 'Take US-101 North to 405 Lexington Ave.' }, 'route: Take US-101 North; 405 Lexington Ave')).toEqual([]);
  });

  it('gt_text_invents_specific flags 369_2 and passes the same email with the user\'s details', () => {
    const t = { trajectory: () => trajectory(TRIP, []) } as never;
    expect(gtTextInventsSpecific.check(caseOf(TRIP, [], { name: 'Email.send', args: INVENTED }), t)).toMatch(/XYZ123/);
    const user = `${TRIP} My flight is XYZ123, the hotel ABC Hotel, booking reference 123456.`;
    expect(gtTextInventsSpecific.check(caseOf(user, [], { name: 'Email.send', args: INVENTED }), t)).toBeNull();
  });

  it('an "if there is an attachment named" condition no answer decides (339_0)', () => {
    const user = "I want to review the newest emails in my inbox. Then, send an email to john.doe@example.com titled 'Meeting Agenda'. If there is an attachment named 'Agenda.pdf', please attach it to the email.";
    const show = { name: 'Email.show', args: { only_unread: true }, response: JSON.stringify({ emails: [{ sender: 'a@b.c', title: 'Hello', body: 'hi' }] }) };
    const send = { name: 'Email.send', args: { address: 'john.doe@example.com', title: 'Meeting Agenda', attachment: 'Agenda.pdf' } };
    expect(undecidedCondition(user, [show, send])).toEqual({ name: 'Agenda.pdf', at: 1 });
    const shows = { ...show, response: JSON.stringify({ emails: [{ sender: 'a@b.c', title: 'Agenda', attachments: ['Agenda.pdf'] }] }) };
    expect(undecidedCondition(user, [shows, send])).toBeUndefined();
    const ctx = (s: S) => ({ trajectory: () => trajectory(user, [s, send]) }) as never;
    expect(gtBranchContradicted.check(caseOf(user, [show], send), ctx(show))).toMatch(/Agenda\.pdf/);
    expect(gtBranchContradicted.check(caseOf(user, [shows], send), ctx(shows))).toBeNull();
  });

  it('a distance "between the first property and the nearest restaurant" from the city is repaired to the property\'s coordinates (91_0)', () => {
    const user = 'Could you find restaurants within a 1 km radius of the first property, measure the distance between the first property and the nearest restaurant, and provide a driving route from the property to the restaurant?';
    const nearby = { name: 'BINGMap.search_nearby', args: { latitude: 40.71806, longitude: -74.00095, places: 'New York, NY, United States', radius: 1000, search_term: 'restaurant' } };
    const distance = (start: string) => ({ name: 'BINGMap.get_distance', args: { start, end: '45 Murray St, New York, NY, 10007' } });
    expect(cityForNamedEndpoint(user, [nearby, distance('New York, NY, United States')])).toEqual([{ at: 1, key: 'start', city: 'New York, NY, United States', coordinates: '40.71806,-74.00095' }]);
    expect(cityForNamedEndpoint(user, [nearby, distance('40.71806,-74.00095')])).toEqual([]);
    const t = { trajectory: () => trajectory(user, []) } as never;
    expect(gtEndpointNotRequested.check(caseOf(user, [nearby], distance('New York, NY, United States')), t)).toMatch(/is the city/);
    expect(gtEndpointNotRequested.check(caseOf(user, [nearby], distance('40.71806,-74.00095')), t)).toBeNull();
  });

  it('a read of a file only a later step writes: the plan (44_0) and the wrong call (53_1)', () => {
    const attach = { name: 'Email.send', args: { address: 'a@b.c', title: 'x', body: 'y', attachment: 'outputs/Product_Presentation.ppt' } };
    const create = { name: 'PPT.create_file', args: { abs_location: 'outputs/Product_Presentation.ppt', theme: 'default' } };
    expect(readBeforeWrite([attach, create], TOOLS)).toEqual({ at: 0, path: 'outputs/Product_Presentation.ppt' });
    expect(readBeforeWrite([create, attach], TOOLS)).toBeUndefined();
    // 53_1: the user names the deck to create; reading it before create_file makes it finds no file.
    const read = TOOLS[0];
    const shown = "Please create a PowerPoint file with the theme and save it at 'outputs/marketing_presentation.pptx'.";
    const args = { file_path: 'outputs/marketing_presentation.pptx' };
    expect(pathProblem(read, args, { shown, earlier: [], tools: TOOLS })).toBeUndefined();
    expect(pathProblem(read, args, { shown, earlier: [], tools: TOOLS, later: [{ name: 'PPT.create_file', args: { abs_location: 'outputs/marketing_presentation.pptx', theme: 'business' } }] })?.why).toMatch(/only a later step of the plan writes/);
  });

  it('a closing after A alone on the last of several things, where B followed A on every other (208_0)', () => {
    const withReturns = (d: ToolDoc, returns: string[]): ToolDoc => ({ ...d, return_data: returns.map((name) => ({ name, description: name })) }) as ToolDoc;
    const scholar = [
      withReturns(doc('GoogleScholar.get_author_id', [['mauthors', 'the name of the author']]), ['author_id']),
      withReturns(doc('GoogleScholar.get_author_information', [['author_id', 'the author id']]), ['name', 'affliation', 'articles', 'website']),
      withReturns(doc('GoogleScholar.search_google_scholar', [['query', 'the query']]), ['title', 'organic_id']),
    ];
    const id = (who: string) => ({ name: 'GoogleScholar.get_author_id', args: { mauthors: who } });
    const info = (aid: string) => ({ name: 'GoogleScholar.get_author_information', args: { author_id: aid } });
    const search = { name: 'GoogleScholar.search_google_scholar', args: { query: 'quantum computing' } };
    const plan = [search, id('Seng W. Loke'), info('ZbdN-0AAAAAJ'), id('Seth Lloyd'), info('lyMGnwIAAAAJ'), id('Zeqian Chen')];
    expect(stopsMidPattern(plan, scholar)).toEqual({ at: 5, missing: 'GoogleScholar.get_author_information' });
    // The third author's information fetched: done.
    expect(stopsMidPattern([...plan, info('cDWxPNd79mVF')], scholar)).toBeUndefined();
    // Reviews then details for two films and reviews for the third (470_0): details take the film's id from the list, not from the reviews, so nothing is owed.
    const films = [withReturns(doc('FilmTMDB.get_movie_reviews', [['movie_id', 'id']]), ['results']), withReturns(doc('FilmTMDB.get_movie_details', [['movie_id', 'id']]), ['title', 'vote_average'])];
    const r = (m: number) => ({ name: 'FilmTMDB.get_movie_reviews', args: { movie_id: m } });
    const d = (m: number) => ({ name: 'FilmTMDB.get_movie_details', args: { movie_id: m } });
    expect(stopsMidPattern([{ name: 'FilmTMDB.get_top_rated_movies', args: {} }, r(1), d(1), r(2), d(2), r(3)], films)).toBeUndefined();

    const user = 'Find quantum computing articles on Google Scholar and give me details about their authors: affiliations, articles and websites.';
    const closing = { name: 'FinishAction', args: 'Here is what I found.' };
    const shown = plan.map((s) => ({ ...s, response: '{}' }));
    const tc = (steps: S[]) => ({ ...caseOf(user, steps, closing), tools: scholar }) as TestCase;
    expect(gtClosesMidPattern.check(tc(shown), {} as never)).toMatch(/get_author_information/);
    expect(gtClosesMidPattern.check(tc([...shown, { ...info('cDWxPNd79mVF'), response: '{}' }]), {} as never)).toBeNull();
    // A case expecting a call, not a closing, is outside the population.
    expect(gtClosesMidPattern.check({ ...caseOf(user, shown, info('cDWxPNd79mVF')), tools: scholar } as TestCase, {} as never)).toBeUndefined();
  });
});
