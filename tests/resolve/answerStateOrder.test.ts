import { describe, expect, it } from 'vitest';
import { offlineAnswer, type AnswerInput } from '../../stages/resolve/answerWriter.js';
import { nextStepQuestion } from '../../stages/resolve/failureSentences.js';
import { Rng } from '../../pipeline/rng.js';
import { lookupToldBetween, stateToldAfterChange } from '../../pipeline/quality/measures/answerCraft.js';
import { fieldsNotAsked } from '../../pipeline/quality/measures/text.js';

const seeds = Array.from({ length: 16 }, (_, i) => new Rng(i, 'answer-writer'));
const answers = (input: AnswerInput) => seeds.map((rng) => offlineAnswer(input, rng));

describe('a state read is never told as the present after the change it preceded (answer_state_told_after_change)', () => {
  const lsThenCd: AnswerInput = { request: 'Go into the documents folder and make a file called summary.txt.', steps: [
    { name: 'GorillaFileSystem.ls', args: {}, response: '{"current_directory_content": ["documents"]}' },
    { name: 'GorillaFileSystem.cd', args: { folder: 'documents' }, response: '{"current_working_directory": "documents"}' },
    { name: 'GorillaFileSystem.touch', args: { file_name: 'summary.txt' }, response: 'None' },
  ] };
  const lsCdLs: AnswerInput = { request: 'Move into tmp and show me what is there.', steps: [
    { name: 'GorillaFileSystem.ls', args: {}, response: '{"current_directory_content": ["tmp"]}' },
    { name: 'GorillaFileSystem.cd', args: { folder: 'tmp' }, response: '{"current_working_directory": "tmp"}' },
    { name: 'GorillaFileSystem.ls', args: {}, response: '{"current_directory_content": ["file1.txt", "file2.txt"]}' },
  ] };

  it('flags the m11 build\'s answers and passes their rewrites', () => {
    const calls = lsThenCd.steps.map((s) => ({ name: s.name, args: s.args, response: s.response }));
    expect(stateToldAfterChange({ calls, answer: 'I have moved into "documents". I found that the current directory holds "documents". I created the file "summary.txt".' })).toBeDefined();
    const calls2 = lsCdLs.steps.map((s) => ({ name: s.name, args: s.args, response: s.response }));
    expect(stateToldAfterChange({ calls: calls2, answer: 'I moved into "tmp". The current directory holds "tmp". I found that the current directory holds "file1.txt" and "file2.txt".' })).toBeDefined();
    expect(stateToldAfterChange({ calls: calls2, answer: 'The directory I was in then held "tmp". I moved into "tmp". The current directory holds "file1.txt" and "file2.txt".' })).toBeUndefined();
  });

  it('tells a listing before the move it preceded, in the past', () => {
    for (const input of [lsThenCd, lsCdLs]) {
      const calls = input.steps.map((s) => ({ name: s.name, args: s.args, response: s.response }));
      for (const a of answers(input)) {
        expect(stateToldAfterChange({ calls, answer: a })).toBeUndefined();
        expect(a).toMatch(/the directory I started in held "(?:documents|tmp)"/i);
        expect(a).not.toMatch(/I was in then/);
        // Told in the order the calls ran: the old listing before the move.
        expect(a.toLowerCase().indexOf('started in held')).toBeLessThan(a.search(/moved into|now in|went into|changed to (?:the|that) folder|is now the current (?:folder|one)/));
      }
    }
  });
});

describe('device deeds said as their outcome, private fields never (answer_field_dump)', () => {
  const brake: AnswerInput = { request: 'Engage the parking brake, please.', steps: [
    { name: 'VehicleControlAPI.activateParkingBrake', args: { mode: 'engage' }, response: '{"parkingBrakeStatus": "engaged", "_parkingBrakeForce": 500.0, "_slopeAngle": 10.0}' },
  ] };
  const engine: AnswerInput = { request: 'Start the engine.', steps: [
    { name: 'VehicleControlAPI.startEngine', args: { ignitionMode: 'START' }, response: '{"engineState": "running", "fuelLevel": 10.5, "batteryVoltage": 12.6}' },
  ] };

  it('flags the m11 build\'s field reads and passes the plain outcome', () => {
    const calls = brake.steps.map((s) => ({ name: s.name, args: s.args, response: s.response }));
    expect(fieldsNotAsked({ request: brake.request, calls, answer: 'I activated the parking brake: parking brake status engaged, parking brake force 500 and slope angle 10.' })).toBeDefined();
    expect(fieldsNotAsked({ request: brake.request, calls, answer: 'I activated the parking brake; the slope angle is 10.' })).toBeDefined();
    const calls2 = engine.steps.map((s) => ({ name: s.name, args: s.args, response: s.response }));
    expect(fieldsNotAsked({ request: engine.request, calls: calls2, answer: 'I started the engine: engine state running, fuel level 10.5 gallons and battery voltage 12.6 volts.' })).toBeDefined();
    expect(fieldsNotAsked({ request: brake.request, calls, answer: 'I activated the parking brake, and the parking brake is now engaged.' })).toBeUndefined();
  });

  it('says the device\'s state, its readings only when asked', () => {
    for (const input of [brake, engine]) {
      const calls = input.steps.map((s) => ({ name: s.name, args: s.args, response: s.response }));
      for (const a of answers(input)) {
        expect(fieldsNotAsked({ request: input.request, calls, answer: a })).toBeUndefined();
        expect(a).not.toMatch(/force|slope|fuel|battery/i);
        expect(a).toMatch(/(?:the (?:parking brake|engine)|it) is (?:now )?(?:engaged|running)/i);
      }
    }
    const pedal: AnswerInput = { request: 'Press the brake pedal fully.', steps: [{ name: 'VehicleControlAPI.pressBrakePedal', args: { pedalPosition: 1 }, response: '{"brakePedalStatus": "pressed", "brakePedalForce": 1000.0}' }] };
    for (const a of answers(pedal)) expect(a).toMatch(/^(?:I pressed the brake pedal|I have pressed the brake pedal|The brake pedal is (?:now pressed|pressed now))\.$/);
    const asked = { ...engine, request: 'Start the engine and tell me the fuel level.' };
    for (const a of answers(asked)) expect(a).toMatch(/fuel level is 10\.5/);
    // bfcl_multi_turn_base_52: "start the engine so I can monitor the fuel level and battery status" was answered with the fuel level alone.
    const status = { ...engine, request: 'Would it be possible to start the engine so I can monitor the fuel level and battery status?' };
    for (const a of answers(status)) expect(a).toMatch(/fuel level is 10\.5 and the battery voltage is 12\.6/);
    const other = { ...engine, request: 'Start the engine; the battery was replaced last week.' };
    for (const a of answers(other)) expect(a).not.toMatch(/battery voltage/);
  });
});

describe('a retry question names what failed', () => {
  it('no case-less retry question', () => {
    const step = { name: 'VehicleControlAPI.startEngine', args: {}, response: '', error: 'Engine failure.' };
    for (let i = 0; i < 40; i++) {
      const q = nextStepQuestion(step, new Rng(i, 'q'), '`startEngine`');
      expect(q).not.toBe('Would you like me to try once more, or shall we skip it?');
      expect(q).not.toBe('Would you like me to try again, or leave it for now?');
    }
  });
});

describe('a record\'s asked fields said after its name, not as labels in brackets (answer_record_dump)', () => {
  it('flags the m11 build\'s bracket form and passes the rewrite', async () => {
    const { recordDump } = await import('../../pipeline/quality/measures/answerCraft.js');
    const request = '请告诉我正在上映的电影的上映日期、类型和地区。';
    expect(recordDump({ request, answer: '我找到 2 部电影："迷失之城" (release date "11月9日", category "动作 / 冒险", region "美国") 和 "红猪".' })).toBeDefined();
    expect(recordDump({ request, answer: 'There are 2 films: "迷失之城", with release date 11月9日 and region 美国; and "红猪", with release date 11月17日.' })).toBeUndefined();
  });

  it('writes the asked fields after the name', () => {
    const input: AnswerInput = { request: 'Which films are coming soon? Give me the release date and region of each.', steps: [
      { name: 'FilmDouban.coming_out_filter', args: {}, response: JSON.stringify({ film: [{ title: '迷失之城', release_date: '11月9日', region: '美国' }, { title: '红猪', release_date: '11月17日', region: '日本' }] }) },
    ] };
    for (const a of answers(input)) expect(a).not.toMatch(/" \((?:release date|region) "/);
  });
});

describe('an exchange and a failed check said as a person would (answer_field_dump)', () => {
  it('flags the field names and says the sum and the reason', () => {
    const ex: AnswerInput = { request: 'How much is 400 USD in EUR?', steps: [{ name: 'TravelAPI.compute_exchange_rate', args: { base_currency: 'USD', target_currency: 'EUR', value: 400 }, response: '{"exchanged_value": 320.0}' }] };
    const ver: AnswerInput = { request: 'Verify my passport details.', steps: [{ name: 'TravelAPI.verify_traveler_information', args: { first_name: 'Carlos' }, response: '{"verification_status": false, "verification_failure": "Passport must be issued by the United States."}' }] };
    const calls = (i: AnswerInput) => i.steps.map((s) => ({ name: s.name, args: s.args, response: s.response }));
    expect(fieldsNotAsked({ request: ex.request, calls: calls(ex), answer: 'The exchanged value is 320 EUR.' })).toBeDefined();
    expect(fieldsNotAsked({ request: ver.request, calls: calls(ver), answer: 'The verification was not successful and the verification failure is "Passport must be issued by the United States."' })).toBeDefined();
    for (const a of answers(ex)) {
      expect(fieldsNotAsked({ request: ex.request, calls: calls(ex), answer: a })).toBeUndefined();
      expect(a).toMatch(/400 USD (?:comes to|is|makes) 320 EUR\./);
    }
    for (const a of answers(ver)) {
      expect(fieldsNotAsked({ request: ver.request, calls: calls(ver), answer: a })).toBeUndefined();
      expect(a).toMatch(/^The verification (?:did not pass|turned up a problem): "Passport must be issued by the United States\."$/);
    }
    // Asked whether it passed (bfcl_multi_turn_base_154): the verdict carries the reason, and no field is read out after it.
    const asked: AnswerInput = { ...ver, request: 'Could you verify my passport details and tell me whether the verification was successful?' };
    for (const a of answers(asked)) {
      expect(fieldsNotAsked({ request: asked.request, calls: calls(asked), answer: a })).toBeUndefined();
      expect(a).toBe('No, the verification was not successful: "Passport must be issued by the United States."');
    }
  });
});

describe("a Scholar profile in the recordings' shape said as a sentence about the person", () => {
  it('reads "affiliations" and {title, authors} articles, with the authors when asked (teval_query_305_1)', () => {
    const response = "{'name': 'John Smith', 'affiliations': 'Unknown affiliation', 'articles': [{'title': 'A short history of machine learning', 'authors': 'J Smith, F Lopez'}, {'title': 'Machine learning in practice', 'authors': 'B Okafor, J Smith'}], 'website': 'https://sites.google.com/view/john-smith'}";
    const step = { name: 'GoogleScholar.get_author_information', args: { author_id: '0juNTSgAAAAJ' }, response };
    for (const a of answers({ request: "Provide the author's name, affiliation, articles with their authors, and homepage.", steps: [step] })) {
      expect(a).toContain('No affiliation is listed for John Smith');
      expect(a).toContain('"A short history of machine learning" (J Smith, F Lopez)');
      expect(a).not.toMatch(/the articles are|the name is/);
    }
    for (const a of answers({ request: "Tell me John Smith's affiliation, a list of articles and homepage.", steps: [step] })) expect(a).not.toContain('(J Smith, F Lopez)');
  });
});

describe('a look-up several later calls took is told before them, never between them', () => {
  // teval_query_285_1-env-k4 on f56: "A search for "school" found 4 places … For "500 Ocean Avenue",
  // the latitude is 40.703573 … A search for "supermarket" found 3 places …".
  const input: AnswerInput = {
    request: 'I need to know the exact location of a property situated at 500 Ocean Avenue. Once I have the location, I would like to know about the schools and supermarkets around that area.',
    steps: [
      { name: 'BINGMap.get_coordinates', args: { location: '500 Ocean Avenue' }, response: "{'latitude': 40.703573, 'longitude': -74.080326}" },
      { name: 'BINGMap.search_nearby', args: { latitude: 40.703573, longitude: -74.080326, radius: 1000, search_term: 'school' }, response: "{'places': [{'name': 'Sparrow High School', 'address': 'Bayonne'}, {'name': 'Lindqvist Academy', 'address': 'Bayonne'}]}" },
      { name: 'BINGMap.search_nearby', args: { latitude: 40.703573, longitude: -74.080326, radius: 1000, search_term: 'supermarket' }, response: "{'places': [{'name': 'Olive Fresh Market', 'address': 'Bayonne'}, {'name': 'Ember Foods', 'address': 'Bayonne'}]}" },
    ],
  };

  const calls = input.steps.map((s) => ({ name: s.name, args: s.args, response: s.response }));

  it('flags the f56 build\'s answer and passes the coordinates told first or last (answer_lookup_told_between)', () => {
    expect(lookupToldBetween({ calls, answer: 'A search for "school" found 2 places: "Sparrow High School" and "Lindqvist Academy". For "500 Ocean Avenue", the latitude is 40.703573 and the longitude is -74.080326. A search for "supermarket" found 2 places: "Olive Fresh Market" and "Ember Foods".' })).toBeDefined();
    expect(lookupToldBetween({ calls, answer: 'For "500 Ocean Avenue", the latitude is 40.703573 and the longitude is -74.080326. A search for "school" found 2 places. A search for "supermarket" found 2 places.' })).toBeUndefined();
    expect(lookupToldBetween({ calls, answer: 'A search for "school" found 2 places. A search for "supermarket" found 2 places. Both searched around 40.703573, -74.080326.' })).toBeUndefined();
  });

  it('tells the coordinates first, then each search', () => {
    for (const a of answers(input)) {
      expect(lookupToldBetween({ calls, answer: a }), a).toBeUndefined();
      const at = a.indexOf('40.703573');
      expect(at, a).toBeGreaterThanOrEqual(0);
      expect(at, a).toBeLessThan(a.indexOf('"school"'));
      expect(a.indexOf('"school"'), a).toBeLessThan(a.indexOf('"supermarket"'));
    }
  });

  it('says a place whose address is only a town is "in" it, any other address "at" it', () => {
    for (const a of answers(input)) expect(a, a).toMatch(/"Sparrow High School" in Bayonne\b/);
    const campus: AnswerInput = { request: 'Find cafes near the campus, with their addresses.', steps: [
      { name: 'BINGMap.search_nearby', args: { search_term: 'cafe' }, response: "{'places': [{'name': 'Blue Cup', 'address': 'Shanghai Jiao Tong University'}, {'name': 'Corner Cafe', 'address': 'Monterey Park, CA, United States'}]}" },
    ] };
    for (const a of answers(campus)) {
      expect(a, a).toContain('"Blue Cup" at Shanghai Jiao Tong University');
      expect(a, a).toContain('"Corner Cafe" in Monterey Park, CA, United States');
    }
  });

  it('still tells a look-up one call took after what it was for (the zip codes after the distance)', () => {
    const zip: AnswerInput = { request: 'How far is Rivermist from Greenway?', steps: [
      { name: 'VehicleControlAPI.get_zipcode_based_on_city', args: { city: 'Rivermist' }, response: '{"zipcode": "83214"}' },
      { name: 'VehicleControlAPI.estimate_distance', args: { cityA: '83214', cityB: '74532' }, response: '{"distance": 750.0}' },
    ] };
    for (const a of answers(zip)) if (a.includes('83214')) expect(a.indexOf('750'), a).toBeLessThan(a.indexOf('83214'));
  });
});
