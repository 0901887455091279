// Douban's film fields and descriptions said in English (answer-writer-111): answer_field_untranslated.
import { describe, expect, it } from 'vitest';
import { dayInEnglish, describedFilm, doubanFilmPhrase, genresInEnglish, regionInEnglish } from '../../pipeline/doubanWords.js';
import { offlineAnswer } from '../../stages/resolve/answerWriter.js';
import { Rng } from '../../pipeline/rng.js';
import { grammarIssues } from '../../pipeline/quality/grammar.js';
import { fieldUntranslated } from '../../pipeline/quality/measures/answerCraft.js';

describe("Douban's film fields in English", () => {
  it('says genres, regions and release days, and says nothing it cannot', () => {
    expect(genresInEnglish('喜剧 / 动画 / 冒险')).toBe('comedy, animation and adventure');
    expect(regionInEnglish('美国 加拿大')).toBe('the US and Canada');
    expect(regionInEnglish('中国大陆 / 中国香港')).toBe('mainland China and Hong Kong');
    expect(dayInEnglish('11月17日')).toBe('17 November');
    expect(dayInEnglish('13月1日')).toBeUndefined();
    // A word the table does not hold: the record keeps Douban's words, never half a translation.
    expect(genresInEnglish('剧情 / 同性')).toBeUndefined();
    expect(doubanFilmPhrase({ cate: '剧情 / 同性', region: '日本' })).toBeUndefined();
  });
  it('makes one phrase of what a film record gives', () => {
    expect(doubanFilmPhrase({ date: '11月17日', cate: '喜剧 / 动画 / 冒险', region: '日本' })).toEqual({ phrase: 'a comedy, animation and adventure film from Japan, out on 17 November', keys: ['cate', 'region', 'date'] });
    expect(doubanFilmPhrase({ cate: '动作 / 奇幻' })?.phrase).toBe('an action and fantasy film');
    expect(doubanFilmPhrase({ region: '美国' })?.phrase).toBe('a film from the US');
    expect(doubanFilmPhrase({ wantWatchPeopleNum: 5 })).toBeUndefined();
  });
  it('flags a Chinese value after an English label, never a quoted title or a name', () => {
    expect(fieldUntranslated('"红猪", with release date 11月17日, category 喜剧 / 动画 / 冒险 and region 日本.')).toBe('release date 11月17日');
    expect(fieldUntranslated('"小丑", with region 美国.')).toBe('region 美国');
    expect(fieldUntranslated('"红猪", a comedy film from Japan, out on 17 November.')).toBeUndefined();
    expect(fieldUntranslated('"珍·古道尔的传奇一生", with director 布莱特·摩根.')).toBeUndefined();
    expect(fieldUntranslated('The description of "疯狂元素城" is "疯狂元素城是一部美国的喜剧".')).toBeUndefined();
  });
});

describe("Douban's description said in English", () => {
  const quote = (t: string) => `: ${JSON.stringify(t)}`;
  it('translates the frame, keeps the names and quotes the synopsis', () => {
    expect(describedFilm('红猪是一部日本的喜剧、动画、冒险电影，由宫崎骏（Hayao Miyazaki）导演.\n剧情简介：二十世纪二十年代的意大利。', quote)).toBe('"红猪" is a comedy, animation and adventure film from Japan, directed by 宫崎骏 (Hayao Miyazaki). Douban\'s synopsis: "二十世纪二十年代的意大利。".');
    expect(describedFilm('大明风华是一部中国大陆的剧情、历史电视剧，2019年播出，由张挺导演，汤唯、朱亚文等人主演.\n剧情简介：以明朝为背景。', quote)).toBe('"大明风华" is a drama and history TV series from mainland China that aired in 2019, directed by 张挺 and starring 汤唯, 朱亚文 and others. Douban\'s synopsis: "以明朝为背景。".');
    expect(describedFilm('雪豹和她的朋友们是一部中国大陆的纪录片，由奚志农导演，朱亚文主演。\n\n剧情简介：暂无剧情简介。', quote)).toBe('"雪豹和她的朋友们" is a documentary from mainland China, directed by 奚志农 and starring 朱亚文. Douban has no synopsis for it yet.');
    expect(describedFilm('奥本海默是一部美国/英国的剧情、传记、历史电影.', quote)).toBe('"奥本海默" is a drama, biography and history film from the US and the UK.');
  });
  it('leaves alone what it cannot say', () => {
    expect(describedFilm('某片是一部冰岛的剧情电影.', quote)).toBeUndefined();
    expect(describedFilm('A film about a pig.', quote)).toBeUndefined();
  });
  it('the writer tells print_detail in English and the measure passes it', () => {
    const steps = [{ name: 'FilmDouban.print_detail', args: { film_name: '红猪' }, response: "{'description': '红猪是一部日本的喜剧、动画、冒险电影，由宫崎骏（Hayao Miyazaki）导演.\\n剧情简介：二十世纪二十年代的意大利，一位被诅咒变成猪的一战王牌飞行员，在亚得里亚海上空与空中海盗周旋。'}" }];
    for (let seed = 0; seed < 4; seed++) {
      const answer = offlineAnswer({ request: "Tell me about the film '红猪'.", steps } as never, new Rng(seed, 'answer-writer'));
      expect(answer).toMatch(/^"红猪" is a comedy, animation and adventure film from Japan, directed by 宫崎骏 \(Hayao Miyazaki\)\. Douban's synopsis: "二十世纪/);
      expect(fieldUntranslated(answer), answer).toBeUndefined();
      // The answer ends as a sentence: a Chinese full stop inside the quote ends no English one.
      expect(grammarIssues(answer), answer).toEqual([]);
    }
    expect(fieldUntranslated('The description of "红猪" is "红猪是一部日本的喜剧、动画、冒险电影，由宫崎骏导演."')).toBeDefined();
  });
});
