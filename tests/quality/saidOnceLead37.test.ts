// Lead37: a name said once where "it" would do (answer-writer-123), a listing entry said by its place (thought-writer-52), a Chinese title said as the film the user named (thought-writer-53).
import { describe, expect, it } from 'vitest';
import { namesOnce } from '../../stages/resolve/namesOnce.js';
import { didPhrase, offlineAnswer } from '../../stages/resolve/answerWriter.js';
import { nameSaidAgain } from '../../pipeline/answerFacts.js';
import { Rng } from '../../pipeline/rng.js';

/** Each answer as lead37 g0 closed it, and as the writer now says it. */
const SAID_AGAIN: [string, string][] = [
  // bfcl_multi_turn_base_23-control-k2
  ['I created the file "Project_Guide_1.md" and then wrote the text to "Project_Guide_1.md".', 'I created the file "Project_Guide_1.md" and then wrote the text to it.'],
  // bfcl_multi_turn_base_0-parameters_key_error-k8
  ['I moved into "document", created the directory "temp", then moved "final_report.pdf" to "temp".', 'I moved into "document", created the directory "temp", then moved "final_report.pdf" into it.'],
  // bfcl_multi_turn_base_24-control-k7, its rename said as one
  ['I moved "temp_notes.txt" to "archives", went into "archives", then renamed "temp_notes.txt" to "notes_2024.txt".', 'I moved "temp_notes.txt" to "archives", went into it, then renamed the file to "notes_2024.txt".'],
  // bfcl_multi_turn_base_16-parameters_value_error-k6
  ['I copied "research_notes.txt" to "archives", changed to the folder "archives" and then renamed "research_notes.txt" to "2024_research_backup.txt".', 'I copied "research_notes.txt" to "archives", changed to that folder and then renamed the file to "2024_research_backup.txt".'],
  // teval_query_350_0-control-k6: a title stands between, so "the file", not "it"
  ['I created the file "outputs/marketing.pptx" with the "marketing" theme, added a text page titled "Movie Recommendation" and then saved "outputs/marketing.pptx".', 'I created the file "outputs/marketing.pptx" with the "marketing" theme, added a text page titled "Movie Recommendation" and then saved the file.'],
  // teval_query_464_0-env-k4
  ['Searching for the movie "Inception" and getting the popular movies came through, but I wasn\'t able to get the reviews of "Inception", because the proxy\'s tunnel connection failed (502 Bad Gateway).', 'Searching for the movie "Inception" and getting the popular movies came through, but I wasn\'t able to get the reviews of the movie, because the proxy\'s tunnel connection failed (502 Bad Gateway).'],
  // bfcl_multi_turn_base_32-parameters_key_error-k3: the count of the file just read
  ['The text of "Spring2023Draft" is "These are the notes for Spring 2023." There are 36 characters in "Spring2023Draft".', 'The text of "Spring2023Draft" is "These are the notes for Spring 2023." It has 36 characters.'],
  // after a last line, "it" would be that line
  ['The last line of "log.txt" reads "All done." There are 3 lines in "log.txt".', 'The last line of "log.txt" reads "All done." The file has 3 lines.'],
  // bfcl_multi_turn_base_26-control-k5, 44-env-k3
  ['The directory I started in held "tmp". I went into "tmp". The current directory holds "file1.txt".', 'The directory I started in held "tmp". I went into it. The current directory holds "file1.txt".'],
  ['The directory I started in held "documents". I\'m now in "documents".', 'The directory I started in held "documents". I\'m now in that folder.'],
  // teval_query_69_1-control-k3
  ['"Paris" has id 8279. "Paris" is a drama and documentary film, released 28 November 2020.', '"Paris" has id 8279. It is a drama and documentary film, released 28 November 2020.'],
  // teval_query_88_2-control-k6 (answer-writer-132): saved by its name after a sentence before named it
  ['I created the file "outputs/WW2.pptx" with the "default" theme, then added two text pages titled "Causes" and "Events". Next, I added a page titled "Image" with text and an image and then saved "outputs/WW2.pptx".', 'I created the file "outputs/WW2.pptx" with the "default" theme, then added two text pages titled "Causes" and "Events". Next, I added a page titled "Image" with text and an image and then saved the file.'],
];

describe('a name said once where "it" would do (answer_name_said_again)', () => {
  it.each(SAID_AGAIN)('flags %j and says it once', (before, after) => {
    expect(nameSaidAgain(before)).toBeDefined();
    expect(namesOnce(before)).toBe(after);
    expect(nameSaidAgain(after)).toBeUndefined();
  });

  it('keeps names a comparison, a question or another thing needs', () => {
    const kept = [
      // bfcl_multi_turn_base_24-control-k7: each file named at its part of the diff
      '"report_draft.txt" and "report_final.txt" differ by one line: "report_draft.txt" has "Initial draft." where "report_final.txt" has "Final."',
      // The closing question names its task.
      'I couldn\'t read "a.txt". Would you like me to try reading "a.txt" again?',
      // Two files: "the file" would not say which.
      'I created the file "a.txt", wrote the text to "b.txt" and then saved "a.txt".',
      // A waiting task names what it waits for.
      'I couldn\'t create the folder "Archived": the operation timed out. Copying the files to "Archived" waits on it.',
      // Another file before the save (teval_query_420_0): "the file" would not say which.
      'I wrote the text to "outputs/journal.txt", created the file "outputs/Daily.ppt". Next, I saved "outputs/Daily.ppt".',
    ];
    for (const answer of kept) expect(namesOnce(answer)).toBe(answer);
    expect(nameSaidAgain(kept[0])).toBeUndefined();
    expect(nameSaidAgain(kept[1])).toBeUndefined();
    expect(nameSaidAgain(kept[3])).toBeUndefined();
  });

  it('says a move BFCL answers as a rename as one, and a move into a folder as a move', () => {
    const rename = { name: 'GorillaFileSystem.mv', args: { source: 'temp_notes.txt', destination: 'notes_2024.txt' }, response: '{"result": "\'temp_notes.txt\' moved to \'notes_2024.txt\'"}' };
    const into = { name: 'GorillaFileSystem.mv', args: { source: 'temp_notes.txt', destination: 'archives' }, response: '{"result": "\'temp_notes.txt\' moved to \'archives/temp_notes.txt\'"}' };
    expect(didPhrase(rename)).toBe('renamed "temp_notes.txt" to "notes_2024.txt"');
    expect(didPhrase(into)).toBe('moved "temp_notes.txt" to "archives"');
    const cd = { name: 'GorillaFileSystem.cd', args: { folder: 'archives' }, response: '{"current_working_directory": "archives"}' };
    for (let seed = 0; seed < 8; seed++) {
      const a = offlineAnswer({ request: "Transfer 'temp_notes.txt' into the 'archives' directory and then rename it to 'notes_2024.txt'.", steps: [into, cd, rename] } as never, new Rng(seed, 'answer-writer'));
      expect(nameSaidAgain(a), a).toBeUndefined();
      expect(a).toMatch(/renamed/);
      // The rename's reply restates the deed: never quoted back.
      expect(a).not.toMatch(/reply reads/);
    }
  });
});

describe('a listing entry among its first ten said by its place (thought-writer-52, thought_list_place_unsaid)', () => {
  const AIRPORTS = ['RMS', 'SBK', 'MPC', 'SVP', 'SHD', 'CDG', 'LHR', 'SSV', 'OKD', 'WLB', 'PEK', 'HND', 'HKG', 'CIA', 'CRH', 'ATV', 'PHV', 'GFD', 'SFO', 'LAX', 'JFK', 'ORD', 'BOS'];
  const listed = `[${AIRPORTS.map((a) => `'${a}'`).join(', ')}]`;
  it('flags "one of the entries" for the first of 23 airports and passes it past the tenth', async () => {
    const { listPlaceUnsaid } = await import('../../pipeline/quality/measures/thoughtWording.js');
    // bfcl_multi_turn_base_159-parameters_key_error-k3-cot on lead37 g0.
    expect(listPlaceUnsaid('`list_all_airports` says "RMS" is one of the entries. The last answer gives me what I need.', [AIRPORTS])).toBe('"RMS" is one of the entries');
    expect(listPlaceUnsaid('`list_all_airports` says "JFK" is one of the entries.', [AIRPORTS])).toBeUndefined();
    expect(listPlaceUnsaid('`list_all_airports` says the first entry is "RMS" and the second entry is "SBK".', [AIRPORTS])).toBeUndefined();
  });
  it('the writer says both airports a request picks by place by their places', async () => {
    const { offlineThoughts } = await import('../../stages/standardize/thoughtWriter.js');
    const { listPlaceUnsaid } = await import('../../pipeline/quality/measures/thoughtWording.js');
    const input = {
      query: "Opt to fly from the first airport to the second one in the system's list. Could you provide the expected fare for an economy class ticket on the date 2026-11-15?",
      steps: [
        { name: 'TravelAPI.list_all_airports', description: 'List all available airports.', args: {} },
        { name: 'TravelAPI.get_flight_cost', description: 'Get the cost of a flight.', args: { travel_class: 'economy', travel_date: '2026-11-15', travel_from: 'RMS', travel_to: 'SBK' }, previousResponse: listed },
      ],
    };
    let both = 0;
    for (let seed = 0; seed < 20; seed++) {
      const thought = offlineThoughts(input, new Rng(seed, 'airports'))[1];
      expect(listPlaceUnsaid(thought, [AIRPORTS]), thought).toBeUndefined();
      if (thought.includes('the first entry is "RMS" and the second entry is "SBK"')) both++;
    }
    expect(both).toBeGreaterThan(0);
  });
});

describe('a Chinese title the request named in English said as that film (thought-writer-53, thought_title_link_unsaid)', () => {
  const NOW_PLAYING = "{'film': [{'title': '小丑', 'region': '美国'}, {'title': '珍·古道尔的传奇一生', 'region': '美国'}, {'title': '贝肯熊：火星任务', 'region': '中国大陆'}]}";
  it('flags the tie that names only the first film, and passes one that says what it is', async () => {
    const { titleLinkUnsaid } = await import('../../pipeline/quality/measures/thoughtWording.js');
    const request = "Also, can you provide a brief description of the movie 'Joker'?";
    // teval_query_56_2-parameters_value_error-k3-recorded-teval-review_102-cot on lead37 g0.
    expect(titleLinkUnsaid('`now_playing_out_filter` says there are five films, and the first has title "小丑". Next, I need to get the details of the movie.', request)).toBe('"小丑" for "Joker"');
    expect(titleLinkUnsaid('`now_playing_out_filter` says there are five films, and the first has title "小丑" (Chinese for "Joker").', request)).toBeUndefined();
    // A Chinese title the user never named in English needs no link.
    expect(titleLinkUnsaid('The first has title "小丑".', 'Give me the details of the first film now playing.')).toBeUndefined();
    // The gloss quotes the user's title, not the call's: thought_claims_given_value reads it so (8 on m5 before).
    const { misattributedValue } = await import('../../pipeline/quality/measures/thoughts.js');
    const listing = "{'film': [{'title': '小丑'}]}";
    expect(misattributedValue('`now_playing_out_filter` says there are five films, and the first has title "小丑" (Chinese for "Joker").', request, listing)).toBeUndefined();
    expect(misattributedValue('`now_playing_out_filter` says there are five films, and the first has title "小丑" (Chinese for "Joker").', 'Tell me about a film.', listing)).toMatch(/Joker/);
  });
  it('the writer says the link wherever it ties the title to the listing', async () => {
    const { offlineThoughts } = await import('../../stages/standardize/thoughtWriter.js');
    const { titleLinkUnsaid } = await import('../../pipeline/quality/measures/thoughtWording.js');
    const input = {
      query: "Can you provide me with the films now playing in China? Also, can you provide a brief description of the movie 'Joker'?",
      steps: [
        { name: 'FilmDouban.now_playing_out_filter', description: 'Get the films now playing in China.', args: {} },
        { name: 'FilmDouban.print_detail', description: 'Print the details of a film.', args: { film_name: '小丑' }, previousResponse: NOW_PLAYING },
      ],
    };
    for (let seed = 0; seed < 20; seed++) {
      const thought = offlineThoughts(input, new Rng(seed, 'titles'))[1];
      expect(titleLinkUnsaid(thought, input.query), thought).toBeUndefined();
      expect(thought).toContain('"小丑" (Chinese for "Joker")');
    }
  });
});

describe('a yes taken from a listed record told with the rest of its list (answer-writer-124, answer_verdict_rest_apart)', () => {
  it('flags the rest told after another finding, and the writer tells it right after the yes', async () => {
    const { verdictRestApart } = await import('../../pipeline/quality/measures/answers.js');
    // teval_query_417_2-env-k5 on lead37 m5.
    expect(verdictRestApart('Yes, the second room listed, 109, is empty from 16:00 to 18:00. "hotel.txt" reads "Notes: hotel". The other rooms listed as empty from 16:00 to 18:00 are 101 and 102.')).toMatch(/sentence 3/);
    expect(verdictRestApart('Yes, the second room listed, 109, is empty from 16:00 to 18:00. The other rooms listed as empty from 16:00 to 18:00 are 101 and 102. "hotel.txt" reads "Notes: hotel".')).toBeUndefined();
    const steps = [
      { name: 'FileOperation.read_file', args: { file_path: 'data_v2/template_data/hotel.txt' }, response: "{'text': 'Notes: hotel'}" },
      { name: 'ReserveMeeting.get_empty_room_with_time', args: { end_time: '18:00', start_time: '16:00' }, response: "{'rooms': [101, 109, 102]}" },
    ];
    for (let seed = 0; seed < 8; seed++) {
      const a = offlineAnswer({ request: 'Read the content of the file at path `data_v2/template_data/hotel.txt`. Then, check if the second available meeting room is empty from 16:00 to 18:00.', steps } as never, new Rng(seed, 'answer-writer'));
      expect(verdictRestApart(a), a).toBeUndefined();
      expect(a).toMatch(/^Yes, the second room listed, 109, /);
    }
  });
});

describe('a room number passed as text said bare (answer-writer-125, answer_code_quoted widened)', () => {
  it('counts a reserve call\'s room id among the codes said bare, and the writer unquotes it', async () => {
    const { codesOf, codesBare } = await import('../../pipeline/answerFacts.js');
    const reserve = { name: 'ReserveMeeting.reserve', args: { room_id: '102', start_time: '14:00', end_time: '16:00' }, response: 'ok' };
    expect(codesOf([reserve])).toEqual(new Set(['102']));
    // teval_query_393_2-env-k2 on lead37 m6.
    expect(codesBare('When I tried to reserve the meeting room "102", the access token expired.', codesOf([reserve]))).toBe('When I tried to reserve the meeting room 102, the access token expired.');
    // A number under another key is no room: a quoted "102" in a text stays.
    expect(codesOf([{ name: 'FileOperation.write_file', args: { file_path: 'a.txt', text: '102' }, response: 'ok' }])).toEqual(new Set());
  });
});

describe('the parent folder said as such (answer-writer-127, answer_parent_as_dots)', () => {
  it('flags "moved into ".."" and the writer says it went up', async () => {
    const { parentAsDots } = await import('../../pipeline/quality/measures/answerPhrasing.js');
    // bfcl_multi_turn_base_46-control-k5 on lead37 m8.
    expect(parentAsDots('I removed "DylanProject.txt", moved into ".." and then removed the directory "Drafts".')).toBe(', moved into ".."');
    expect(didPhrase({ name: 'GorillaFileSystem.cd', args: { folder: '..' }, response: '{"current_working_directory": "workspace"}' })).toBe('went up to the parent folder');
    const steps = [
      { name: 'GorillaFileSystem.rm', args: { file_name: 'DylanProject.txt' }, response: '{"result": "\'DylanProject.txt\' removed"}' },
      { name: 'GorillaFileSystem.cd', args: { folder: '..' }, response: '{"current_working_directory": "workspace"}' },
      { name: 'GorillaFileSystem.rmdir', args: { dir_name: 'Drafts' }, response: '{"result": "\'Drafts\' removed"}' },
    ];
    for (let seed = 0; seed < 6; seed++) {
      const a = offlineAnswer({ request: 'Remove DylanProject.txt, then go up a folder and delete the Drafts directory.', steps } as never, new Rng(seed, 'answer-writer'));
      expect(parentAsDots(a), a).toBeUndefined();
      expect(a).toMatch(/parent folder/);
    }
  });
});

describe('a coordinate that cannot be its point in its doc\'s lon,lat order (filter 11, coordinate_against_doc)', () => {
  const params = [{ name: 'location', description: "[Required] The coordinate of the location, format with 'lon,lat'" }, { name: 'keywords', description: 'The search type' }];
  it('turns down New York given latitude first to GaodeMap, and keeps a point in China', async () => {
    const { coordinateAgainstDoc } = await import('../../pipeline/resolution/coordinateOrder.js');
    // teval_query_224_1: its env cases retried this call as their ground truth.
    expect(coordinateAgainstDoc('GaodeMap.search_nearby', { keywords: 'theater', location: '40.7128, -74.0060' }, params)?.why).toMatch(/outside China/);
    expect(coordinateAgainstDoc('GaodeMap.search_nearby', { keywords: 'restaurant', location: '116.407417,39.904172' }, params)).toBeUndefined();
    // Any toolkit: a latitude beyond ±90 is the other order.
    expect(coordinateAgainstDoc('OtherMap.search', { location: '-74.0060, 140.7128' }, params)?.why).toMatch(/±90/);
    expect(coordinateAgainstDoc('OtherMap.search', { location: '-74.0060, 40.7128' }, params)).toBeUndefined();
    // A parameter whose doc does not ask 'lon,lat' is not read.
    expect(coordinateAgainstDoc('GaodeMap.search_nearby', { keywords: '40.7128, -74.0060' }, params)).toBeUndefined();
  });
  it('the filter drops such a plan', async () => {
    const { checkTrajectory } = await import('../../stages/filter/rules.js');
    const doc = { name: 'GaodeMap.search_nearby', description: 'Search for places nearby a location.', params: [{ name: 'location', type: 'STRING', description: "The coordinate of the location, format with 'lon,lat'", required: true, extra: {} }, { name: 'keywords', type: 'STRING', description: 'The search type', required: true, extra: {} }], returns: [] };
    const step = (location: string) => ({ action: { name: 'GaodeMap.search_nearby', args: { keywords: 'theater', location } }, response: { content: "{'places': []}" } });
    const trajectory = (location: string) => ({ id: 't', source: 'teval', tools: [doc], turns: [{ user: 'Find theaters near 40.7128, -74.0060.', steps: [step(location), step(location)] }] }) as never;
    expect(checkTrajectory(trajectory('40.7128, -74.0060'), { minSteps: 1 })?.code).toBe('coordinate_against_doc');
    expect(checkTrajectory(trajectory('116.407417,39.904172'), { minSteps: 1 })?.code).not.toBe('coordinate_against_doc');
  });
});

describe('GaodeMap\'s lon,lat text said as where its place is (answer-writer-129, answer_coordinates_as_text)', () => {
  it('flags the pair quoted as text, and the writer names the places', async () => {
    const { coordinatesAsText } = await import('../../pipeline/quality/measures/answerPhrasing.js');
    // teval_query_464_1-control-k5 on lead37 m11.
    expect(coordinatesAsText('The coordinate of "北京市政府" is "116.407417,39.904172".')).toBe('is "116.407417,39.904172"');
    const tools = [
      { name: 'GaodeMap.get_coordinate', return_data: [{ name: 'coordinate', description: 'coordinate of the location, format with (lon, lat)' }] },
      { name: 'GaodeMap.get_distance', return_data: [{ name: 'distance', description: 'the distance in KM' }, { name: 'duration', description: 'expected time in minutes' }] },
    ];
    const steps = [
      { name: 'GaodeMap.get_coordinate', args: { address: '北京市政府' }, response: "{'coordinate': '116.407417,39.904172'}" },
      { name: 'GaodeMap.get_coordinate', args: { address: '上海市政府' }, response: "{'coordinate': '121.473657,31.230378'}" },
      { name: 'GaodeMap.get_distance', args: { origins: '116.407417,39.904172', destination: '121.473657,31.230378' }, response: "{'distance': 1334.1, 'duration': 962}" },
      { name: 'GaodeMap.search_nearby', args: { keywords: 'restaurant', location: '116.407417,39.904172' }, response: "{'places': [{'name': '望庭饭店', 'address': '北京鼓楼东大街526号'}, {'name': '望源酒家', 'address': '北京鼓楼东大街1095号'}]}" },
    ];
    for (let seed = 0; seed < 6; seed++) {
      const a = offlineAnswer({ request: 'Get the coordinates of Beijing City Hall. Next, calculate the distance and expected duration between Beijing City Hall and Shanghai City Hall. Finally, search for nearby restaurants around Beijing City Hall.', steps, tools } as never, new Rng(seed, 'answer-writer'));
      expect(coordinatesAsText(a), a).toBeUndefined();
      // Both city halls in one sentence since answer-writer-165 (pairsJoined): never one frame filled twice in a row.
      expect(a).toContain('"北京市政府" is at longitude 116.407417, latitude 39.904172, and "上海市政府" at longitude 121.473657, latitude 31.230378.');
      expect(a).toContain('"上海市政府" is 1334.1 km from "北京市政府", a drive of about 962 minutes.');
      expect(a).toMatch(/"restaurant" near "北京市政府"/);
    }
  });
});

describe('a tie to an earlier answer names no file bare (thought-writer-54, thought_file_named_bare)', () => {
  it('flags "for report.txt" and the writer leaves the file out of the tie', async () => {
    const { fileNamedBare } = await import('../../pipeline/quality/measures/thoughtWording.js');
    // bfcl_multi_turn_base_4-control-k3-cot on lead37 m13.
    expect(fileNamedBare('`sort` told me last time that the sorted content is "Initial report content" for report.txt. I need to post a tweet.')).toBe('the sorted content is "" for report.txt');
    expect(fileNamedBare('`sort` with file name "report.txt" will sort it.')).toBeUndefined();
    const { tieThoughtsToAnswers } = await import('../../stages/standardize/thoughtWriter.js');
    const content = 'Initial report content Unsorted data More unsorted data';
    let tiedOnce = false;
    for (let seed = 0; seed < 12; seed++) {
      const turns = [
        { user: 'There is a report in my current directory; it could benefit from having its lines sorted.', steps: [{ action: { name: 'GorillaFileSystem.sort', args: { file_name: 'report.txt' }, thought: 'I need to sort the file.' }, response: { content: `{"sorted_content": "${content}"}` } }] },
        { user: "Share the sorted result as the message body on social media, tagging 'currenttechtrend' and mentioning Julia.", steps: [{ action: { name: 'TwitterAPI.post_tweet', args: { content, mentions: ['@Julia'], tags: ['#currenttechtrend'] }, thought: 'I need to post a tweet, which is what `post_tweet` is for.' } }] },
      ];
      tieThoughtsToAnswers(turns as never, new Map(), new Rng(seed, 'files'));
      const thought = turns[1].steps[0].action.thought;
      tiedOnce ||= thought.includes('`sort` told me last time');
      expect(fileNamedBare(thought), thought).toBeUndefined();
    }
    expect(tiedOnce).toBe(true);
  });
});

describe('measures read what the redrawn cases of filter 11 showed them (lead37 m11)', () => {
  it('answer_asked_text_withheld reads Douban\'s description as told by its quoted synopsis', async () => {
    const { askedTextWithheld } = await import('../../pipeline/quality/measures/answerNouns.js');
    const description = '珍·古道尔的传奇一生是一部美国的纪录片、传记电影，由布莱特·摩根导演，简·古道尔等人主演.\n剧情简介：影片主角是在世界上拥有极高声誉的动物学家珍·古道尔，她二十多岁时前往非洲的原始森林，为了观察黑猩猩，在那里度过了三十八年的野外生涯，后来常年奔走于世界各地，呼吁人们保护野生动物、保护地球环境。导演布莱特·摩根尤其擅长人物刻画，他从100多个小时从未公布过的珍·古道尔在野外考察和访谈的影像资料中选材剪辑。';
    const calls = [{ name: 'FilmDouban.print_detail', args: { film_name: '珍·古道尔的传奇一生' }, response: JSON.stringify({ description }) }];
    const request = 'Could you show me the details of the top 3 movies that are now in theaters in China?';
    // teval_query_60_0-control-k6: told in English, its synopsis quoted.
    const told = '"珍·古道尔的传奇一生" is a documentary and biography film from the US, directed by 布莱特·摩根. Douban\'s synopsis: "影片主角是在世界上拥有极高声誉的动物学家珍·古道尔，她二十多岁时前往非洲的原始森林…".';
    expect(askedTextWithheld({ request, calls, answer: told } as never)).toBeUndefined();
    expect(askedTextWithheld({ request, calls, answer: 'I looked up the film.' } as never)).toMatch(/told by nothing/);
  });
  it('noise_reason_beside_own reads a mixed rewrite\'s lead-in as no sentence of its own', async () => {
    const { reasonBesideOwn } = await import('../../pipeline/quality/measures/noisyReason.js');
    const original = "I am researching the movie titled 'Inception'. Please search for this movie and provide me with its ID.";
    // teval_query_468_2-tool_select_error-k1-cot~mixed.
    expect(reasonBesideOwn(original, `Changing the subject completely: ${original} Thx for the help, you rock:D`)).toBeUndefined();
    expect(reasonBesideOwn(original, `Honestly, I'm planning a trip. ${original}`)).toBeDefined();
  });
  it('the writer tells a search the opener named as "The search turned up …" (answer-writer-130, answer_subject_repeated)', async () => {
    const { subjectRepeated } = await import('../../pipeline/quality/measures/answerCraft.js');
    // teval_query_185_2-env-k3 on lead37 m11.
    const before = 'Searching for "attractions" near "Eiffel Tower" and getting the route worked, but getting the popular movies didn\'t go through because the proxy\'s tunnel connection failed (500 Internal Server Error). Searching for "attractions" near "Eiffel Tower" turned up 5 places: "Champ de Mars" at 2 Allée Adrienne Lecouvreur, 75007 Paris.';
    expect(subjectRepeated(before)).toBeDefined();
    const after = namesOnce(before);
    expect(after).toContain('. The search turned up 5 places: "Champ de Mars"');
    expect(subjectRepeated(after)).toBeUndefined();
  });
});

describe('a unit conversion said with both units (answer-writer-131, answer_unit_fronted)', () => {
  it('flags "In gallons, 30 liters are 7.92516." and the writer never says it', async () => {
    const { unitFronted } = await import('../../pipeline/quality/measures/answerPhrasing.js');
    // bfcl_multi_turn_base_83-control-k2-cot~long_context on lead37 m15.
    expect(unitFronted('In gallons, 30 liters are 7.92516. I have added 7.93 gallons to the fuel tank.')).toBe('In gallons, 30 liters are 7.92516.');
    expect(unitFronted('30 liters convert to 7.92516 gallons.')).toBeUndefined();
    const step = { name: 'VehicleControlAPI.liter_to_gallon', args: { liter: 30 }, response: '{"gallon": 7.92516}' };
    const said = new Set<string>();
    for (let seed = 0; seed < 24; seed++) {
      const a = offlineAnswer({ request: 'Convert 30 liters of gasoline into gallons.', steps: [step] } as never, new Rng(seed, 'answer-writer'));
      expect(unitFronted(a), a).toBeUndefined();
      expect(a).toMatch(/30 liters .*7\.92516 gallons/);
      said.add(a);
    }
    expect(said.size).toBeGreaterThan(1);
  });
});

describe('a call opening another part of the request said four ways (thought-writer-55)', () => {
  it('draws "Another part of the request is to …" among the others, claiming no value the user gave', async () => {
    const { misattributedValue } = await import('../../pipeline/quality/measures/thoughts.js');
    const { offlineThoughts } = await import('../../stages/standardize/thoughtWriter.js');
    const input = {
      query: 'Find the weather in Paris today, and tell me the current time.',
      steps: [
        { name: 'Weather.get_weather_today', description: 'Get the weather today.', args: { location: 'Paris' } },
        { name: 'TimeTool.get_curr_time', description: 'Fetch current time.', args: {}, previousResponse: "{'overall': 'Sunny', 'temperature': 11}" },
        { name: 'Weather.get_weather_today', description: 'Get the weather today.', args: { location: 'London' }, previousResponse: "{'time': '2023-10-19 16:15'}" },
      ],
    };
    const openers = new Set<string>();
    for (let seed = 0; seed < 60; seed++) {
      const second = offlineThoughts(input, new Rng(seed, 'parts'))[1];
      openers.add(second.split(/[;:,]/)[0]);
      // teval_query_169_2-control-k5-cot on lead37 m21: "Another thing the user asked for is to create a ppt file; `create_file` with … theme "default"".
      expect(misattributedValue(second.replace('`get_curr_time`', '`create_file` with theme "default"'), input.query, ''), second).toBeUndefined();
    }
    expect([...openers].some((o) => o.startsWith('Another part of the request is to fetch the current time'))).toBe(true);
    expect([...openers].some((o) => o.startsWith('That part is done'))).toBe(true);
  });
});

describe('a device\'s readings after ", and" follow a semicolon (answer-writer-133, answer_and_run_on)', () => {
  it('flags ", and" twice and the writer never says it', async () => {
    const { andRunOn } = await import('../../pipeline/quality/measures/answerPhrasing.js');
    // bfcl_multi_turn_base_65-tool_hallucination_error-k9 on lead37 m20.
    expect(andRunOn('After that, I started the engine, and it is running now, and the fuel level is 13.96 gallons and the battery voltage is 12.6 volts.')).toBeDefined();
    expect(andRunOn('I started the engine, and it is running now; the fuel level is 13.96 gallons and the battery voltage is 12.6 volts.')).toBeUndefined();
    // Quoted text holds its own commas.
    expect(andRunOn('It reads "red, and blue, and green".')).toBeUndefined();
    const start = { name: 'VehicleControlAPI.startEngine', args: { ignitionMode: 'START' }, response: '{"engineState": "running", "fuelLevel": 13.96, "batteryVoltage": 12.6}' };
    for (let seed = 0; seed < 16; seed++) {
      const a = offlineAnswer({ request: 'Start up the engine and let me know the battery voltage and fuel level.', steps: [start] } as never, new Rng(seed, 'answer-writer'));
      expect(andRunOn(a), a).toBeUndefined();
      expect(a).toMatch(/battery voltage is 12\.6/);
    }
  });
});

describe('a step in the folder a waiting cd was to enter waits too (diversify-external 52, answer_fs_step_after_unrun_cd)', () => {
  it('flags the later listing told as still to do, and passes it told as waiting', async () => {
    const { fsStepAfterUnrunCd } = await import('../../pipeline/quality/measures/failureAnswers.js');
    // bfcl_multi_turn_base_26-env-k1 and 19-env-k2 on lead37 m21.
    expect(fsStepAfterUnrunCd('I was unable to list the files in the folder. Moving into the temporary directory needs it first. Listing the files in the folder again is still to do. Shall I try again?')).toMatch(/^Listing/);
    expect(fsStepAfterUnrunCd('Copying "a.txt" to "archives" didn\'t go through. Without it I can\'t go on to move into the folder "archives". Moving "a.txt" to "b.txt" is still to do.')).toMatch(/^Moving/);
    expect(fsStepAfterUnrunCd('I was unable to list the files in the folder. Moving into the temporary directory and listing the files in the folder again need it first.')).toBeUndefined();
    // No folder change waiting: a later step may well be still to do.
    expect(fsStepAfterUnrunCd('I couldn\'t create the file. Listing the files in the folder is still to do.')).toBeUndefined();
  });
  it('stepsWaitingOn takes the listing after the waiting cd as waiting', async () => {
    const { stepsWaitingOn } = await import('../../pipeline/afterFailure.js');
    const step = (name: string, args: Record<string, unknown>, content: string) => ({ action: { name, args }, response: { content } });
    const t = {
      id: 't', source: 'bfcl', tools: [],
      turns: [{ user: 'Move into the temporary directory in the current folder and list what it holds.', steps: [
        step('GorillaFileSystem.ls', {}, '{"current_directory_content": ["tmp"]}'),
        step('GorillaFileSystem.cd', { folder: 'tmp' }, '{"current_working_directory": "tmp"}'),
        step('GorillaFileSystem.ls', {}, '{"current_directory_content": ["a.txt"]}'),
      ] }],
    };
    expect([...stepsWaitingOn(t as never, 1)].sort()).toEqual([2, 3]);
  });
});

describe('a 403 whose message says the key was rotated mid-flight told so (answer-writer-135, answer_failure_cause_generic widened)', () => {
  it('flags "access was refused" for it and the writer tells the rotation', async () => {
    const { causeGeneric } = await import('../../pipeline/quality/measures/failureAnswers.js');
    const error = 'HTTP 403 Forbidden\n{"error": {"code": 403, "status": "PERMISSION_DENIED", "message": "The request to book_flight was signed with a key that was rotated while it was in flight; the new key is in place, so retry the request."}}';
    // bfcl_multi_turn_base_193-env-k2 on lead37 f1.
    expect(causeGeneric('Since access was refused (HTTP 403 Forbidden), I could not book the flight.', [{ name: 'TravelAPI.book_flight', error } as never])).toMatch(/^"access was refused" for "The request to book_flight was signed/);
    const steps = [{ name: 'TravelAPI.book_flight', args: { access_token: '251675', travel_from: 'JFK', travel_to: 'MPC' }, response: '', error }];
    for (let seed = 0; seed < 8; seed++) {
      const a = offlineAnswer({ request: 'Book my journey from JFK to MPC.', steps } as never, new Rng(seed, 'answer-writer'));
      expect(causeGeneric(a, [{ name: 'TravelAPI.book_flight', error } as never]), a).toBeUndefined();
      expect(a).toMatch(/the key the request was signed with was rotated while it was in flight \(HTTP 403 Forbidden\)/);
    }
  });
});

describe('a retry thought says why a refusal\'s retry goes through (diversify-external 53, thought_retry_reason_unsaid)', () => {
  it('tells a rotated key and a renewed token, and keeps the general reason for a bare refusal', async () => {
    const { retryThought } = await import('../../stages/diversify-external/afterFailure.js');
    const action = { name: 'TravelAPI.book_flight', args: { travel_from: 'JFK', travel_to: 'MPC' } };
    const rotated = 'HTTP 403 Forbidden\n{"error": {"code": 403, "status": "PERMISSION_DENIED", "message": "The request to book_flight was signed with a key that was rotated while it was in flight; the new key is in place, so retry the request."}}';
    const renewed = '{"error": {"code": 401, "status": "UNAUTHENTICATED", "message": "The access token for book_flight expired while the request was in flight and has been renewed; send the request again."}}';
    for (let seed = 0; seed < 6; seed++) {
      // bfcl_multi_turn_base_193-env-k2-cot on lead37 f2: "A refusal like that may not last, so I'll send it again".
      const t1 = retryThought(action as never, rotated, [], new Rng(seed, 'retry'));
      expect(t1).toMatch(/The key the request was signed with was rotated while it was in flight, and the new one is in place/);
      expect(t1).not.toMatch(/may not last/);
      expect(retryThought(action as never, renewed, [], new Rng(seed, 'retry'))).toMatch(/The access token expired while the request was in flight and has been renewed/);
      expect(retryThought(action as never, 'HTTP 403 Forbidden', [], new Rng(seed, 'retry'))).toMatch(/A refusal like that may not last/);
    }
  });
});
