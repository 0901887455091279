/**
 * Closing answers tell what the user asked of a list (answer-writer-36): as many items as the count the
 * user named ("the five movies", "the top 5 places"), each list named by what its call asked for when two
 * lists of one kind come back ("Two films are playing now: …"; "Two films are coming soon: …"), and a source's field names said as a
 * person would ("light rain, averaging 29.4 °C", "a house for 2 guests"). Each measure flags the old answer
 * (from the answer-writer-35 build) and passes the new; the writer no longer makes the old one.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../pipeline/rng.js';
import { offlineAnswer, type AnswerInput } from '../../stages/resolve/answerWriter.js';
import { askedCountCut, askedFieldMissing, listsUntold } from '../../pipeline/quality/measures/answers.js';
import { unphrasedField } from '../../pipeline/quality/measures/text.js';
import { askedCount } from '../../pipeline/answerFacts.js';
import { recordDump } from '../../pipeline/quality/measures/answerCraft.js';

const answers = (input: AnswerInput, seeds = 12) => Array.from({ length: seeds }, (_, i) => offlineAnswer(input, new Rng(i, 'answer')));
const turn = (input: AnswerInput, answer: string) => ({ request: input.request, calls: input.steps.map((s) => ({ name: s.name, args: s.args, response: s.error ?? s.response })), answer });
const TITLES = ['红猪', '涉过愤怒的海', '惊奇队长2', '河边的错误', '金手指', '年会不能停！', '照明商店'];
const films = (n: number) => JSON.stringify({ film: TITLES.slice(0, n).map((title, i) => ({ date: `11月${i + 10}日`, title, cate: '剧情 / 犯罪', region: '中国大陆', wantWatchPeopleNum: 50000 + i, link: `https://movie.douban.com/subject/${3000 + i}/` })) });

describe('a count the user names is the count told', () => {
  it('reads the count a request names, not a quantity in a unit', () => {
    expect(askedCount('Provide information about the five movies that will be released soon in China')).toBe(5);
    expect(askedCount('Could you find places within 1 km of the tower and give me a list of up to five places?')).toBe(5);
    expect(askedCount('the top 5 places along with their names and addresses')).toBe(5);
    expect(askedCount('Book a room for 2 adults for 3 nights.')).toBeUndefined();
    expect(askedCount('What is the weather like?')).toBeUndefined();
  });

  it('names all five films asked for, each with the fields asked (teval_query_450_0-control-k3)', () => {
    const input: AnswerInput = { request: 'Provide information about the five movies that will be released soon in China, including their titles, categories, regions, release dates, and the number of people interested in them.', steps: [{ name: 'FilmDouban.coming_out_filter', args: {}, response: films(7) }] };
    const old = 'I found that there are 7 films, among them "红猪" (release date "11月10日", category "剧情 / 犯罪", region "中国大陆", 50000 people interested), "涉过愤怒的海" (release date "11月11日", category "剧情 / 犯罪", region "中国大陆", 50001 people interested) and "惊奇队长2" (release date "11月12日", category "剧情 / 犯罪", region "中国大陆", 50002 people interested).';
    expect(askedCountCut(turn(input, old))).toMatch(/asked for 5, told 3 of 7/);
    for (const a of answers(input)) {
      expect(askedCountCut(turn(input, a)), a).toBeUndefined();
      expect(askedFieldMissing(turn(input, a)), a).toBeUndefined();
      for (const t of TITLES.slice(0, 5)) expect(a).toContain(`"${t}"`);
      expect(a).toContain('50004 people interested');
      expect(a).not.toContain(TITLES[5]);
    }
  });

  it('leaves a list alone when no count is named', () => {
    const input: AnswerInput = { request: 'What movies are coming out soon?', steps: [{ name: 'FilmDouban.coming_out_filter', args: {}, response: films(7) }] };
    for (const a of answers(input, 4)) expect(a).toMatch(/Douban lists seven films coming out in China soon, among them "红猪", "涉过愤怒的海" and "惊奇队长2"/);
  });
});

describe('two lists of one kind are told apart', () => {
  const input: AnswerInput = {
    request: 'Please provide me with the details of the movies currently playing in China, including the title and region. Additionally, I would like to know the upcoming movies in China, including the title and region.',
    steps: [
      { name: 'FilmDouban.now_playing_out_filter', args: {}, response: JSON.stringify({ film: [{ title: '珍·古道尔的传奇一生', region: '美国' }, { title: '贝肯熊：火星任务', region: '中国大陆' }] }) },
      { name: 'FilmDouban.coming_out_filter', args: {}, response: films(2) },
    ],
  };
  it('names each by what its call asked for (teval_query_281_1-env-k3)', () => {
    const old = 'There are 2 films: "珍·古道尔的传奇一生" (region "美国") and "贝肯熊：火星任务" (region "中国大陆"). There are 2 films: "红猪" (region "中国大陆") and "涉过愤怒的海" (region "中国大陆").';
    expect(listsUntold(turn(input, old))).toMatch(/now_playing_out_filter/);
    for (const a of answers(input)) {
      // Said as sentences, not "Now playing: 2 films: …" (answer_record_dump).
      expect(a).toMatch(/Douban lists two films playing in China now: "珍·古道尔的传奇一生", a film from the US; and "贝肯熊：火星任务", a film from mainland China/);
      expect(a).toMatch(/Douban lists two films coming out in China soon: "红猪"/);
      expect(recordDump({ request: input.request, answer: a }), a).toBeUndefined();
      expect(listsUntold(turn(input, a)), a).toBeUndefined();
    }
  });
});

describe("a source's field names are said as a person would", () => {
  it('says a day\'s weather and a rental\'s kind in words (teval_query_450_0, teval_query_110_1)', () => {
    const weather: AnswerInput = { request: 'What is the weather forecast in Beijing for today?', steps: [{ name: 'Weather.get_weather_today', args: { location: 'Beijing' }, response: JSON.stringify({ overall: 'Light rain', 'avg temperature': 29.4 }) }] };
    const property: AnswerInput = { request: 'Can we get some details about this property?', steps: [{ name: 'AirbnbSearch.get_property_details', args: { propertyId: 77957 }, response: JSON.stringify({ title: 'Charming house in Los Angeles', propertyType: 'House', personCapacity: 2, rating: 4.61, latitude: 34.034432, longitude: -118.25872 }) }] };
    expect(unphrasedField('As for the location "Beijing", the overall is "Light rain" and the avg temperature is 29.4.')).toBe('the overall is');
    expect(unphrasedField('Property details: title "Charming house in Los Angeles", property type House, person capacity 2, rating 4.61.')).toBe('property type H');
    for (const a of answers(weather)) {
      expect(a).toContain('light rain, averaging 29.4 °C');
      expect(unphrasedField(a), a).toBeUndefined();
    }
    const text: AnswerInput = { request: 'And the weather in San Francisco?', steps: [{ name: 'Weather.get_weather_today', args: { location: 'San Francisco, CA' }, response: "{'overall': 'Partly cloudy', 'temperature': '16.1°C'}" }] };
    expect(unphrasedField('For the location "San Francisco, CA", the overall is "Partly cloudy" and the temperature is "16.1°C".')).toBe('the overall is');
    for (const a of answers(text)) {
      expect(a).toContain('partly cloudy, at 16.1 °C');
      expect(unphrasedField(a), a).toBeUndefined();
    }
    for (const a of answers(property)) {
      expect(a).toContain('a house for 2 guests');
      expect(a).toContain('rated 4.61 and located at 34.034432, -118.25872'); // answer-writer-47: said, not labelled (answer_label_run)
      expect(unphrasedField(a), a).toBeUndefined();
    }
  });

  it('gives no "On the nearby" frame to a search for places nearby (teval_query_185_2-control-k3)', () => {
    const input: AnswerInput = { request: 'Find attractions near the Eiffel Tower.', steps: [{ name: 'BINGMap.search_nearby', args: {}, response: JSON.stringify({ places: [{ name: 'Hartley Museum of Art', address: '116 Rue Montorgueil' }, { name: 'Anchor Gardens', address: '165 Rue de Rivoli' }] }) }] };
    for (const a of answers(input)) expect(a).not.toMatch(/\bOn the nearby\b/);
  });

  it('answers "are there any rooms free" with the room, not "the only room is" (bfcl_multi_turn ReserveMeeting)', () => {
    const input: AnswerInput = { request: 'Could you check if there are any meeting rooms free between 10:00 AM and 12:00 PM?', steps: [{ name: 'ReserveMeeting.get_empty_room_list', args: { start_time: '10:00', end_time: '12:00' }, response: JSON.stringify({ rooms: [102] }) }] };
    // answer-writer-94 (h-text29): an empty-room search is said of the hours it searched (freeRoomsSentence), so the
    // yes names the room and when it is free; was "Yes, there is one: room 102.".
    for (const a of answers(input)) expect(a).toMatch(/^Yes, room 102 is the only one free from 10:00 to 12:00\./);
  });
});
