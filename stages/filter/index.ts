/**
 * filter: keep what can be a clean ground truth; drop the rest as `rejected` with a named reason
 * (`pnpm report filter` lists them). T-Eval's recorded responses are read by later stages straight
 * from collect.
 */
import type { ItemStage, StageItem } from '../../pipeline/stage.js';
import { RejectItem } from '../../pipeline/stage.js';
import { RawTrajectory, type CollectRecord } from '../../pipeline/schemas.js';
import { checkTrajectory, signature } from './rules.js';
import { readRef, refTo, type ArtifactRef } from '../../pipeline/artifactRef.js';

interface FilterInput {
  /** collect's trajectory, by reference (pipeline/artifactRef.ts): the item's only parent. */
  trajectory: ArtifactRef;
  duplicateOf?: string;
}

export const filterStage: ItemStage<FilterInput, RawTrajectory> = {
  kind: 'items',
  name: 'filter',
  version: '12', // 12 (lead39): a plan booking with a tool whose doc books today (ReserveMeeting.reserve, "Book the meeting room today") for a request booking another day ("a meeting room for tomorrow", "for the 18th of October") is turned down (other_day_than_asked: 59_1, 200_1, 251_0, 406_2, 419_1, 455_1, 470_2; gt_other_day_than_asked 76/226 on lead39 m10). 11 (lead37): a plan passing a coordinate that cannot be its point in its doc's 'lon,lat' order is turned down (coordinate_against_doc: 224_1 passes GaodeMap.search_nearby New York's "40.7128, -74.0060", latitude first and outside China, the one region GaodeMap maps; its env cases retried it as their ground truth, 4/4,926 on m9). 10 (h-solv28): a plan measuring a distance its request never asks for is turned down (unrequested_distance: 31_1 calls get_distance for "the shortest route" from Seattle to Portland, the locations and the traffic; 312_1 for how to reach the Empire State Building (312_2's "how much ground I'll have to cover" asks for one); gt_unrequested_distance 7/346 on g0, 0/375 on b3). 9 (h-plans24): a plan taking a ticker for a company its request does not name is turned down (ticker_not_named: 289_0 searches "tech company that manufactures smartphones and computers" and reads TECH, Bio-Techne; 249_1 searches "company name"; 270_0 takes REAL, The RealReal, for "ABC Real Estate"; 289_1 TSLA for "a prominent electric car manufacturer"; 479_2 AAPL for "a stock symbol"). 8: a plan that writes a file empty where the request asks to record something in it, and never writes it again, is turned down (content_never_written: 54_1 writes "" to event_weather.txt for "record the predicted weather", then reads the file back). 7 (h-plans23): a plan that searches a film by the name of a place the request gives as a location is turned down (film_search_for_place: 292_0 searches a movie "Las Vegas" for whether a film "is being shown in Las Vegas", 28_0 and 148_1 a movie "New York City" for films "filmed in New York City"). 6 (h-plans23): a plan that searches a ticker by a film's title for the company behind the film is turned down (ticker_by_film_title: 479_1 search_stock_ticker("Expend4bles")); one that cites another paper than the one the request names by its title likewise (other_item_than_asked: 57_1 cites "Machine learning" for 'Deep Learning'). 5: a plan that searches a company's ticker and goes on with another security named for it is turned down (ticker_of_other_security: 178_2 reads TSLZ, the T-Rex 2X Inverse Tesla Daily Target ETF, as Tesla's). 4: T-Eval plans that leave undone or answer otherwise what the user asked are turned down (pipeline/quality/planAsks.ts): a booking no step makes (act_never_performed: 21_1, 348_1, 355_2), today's weather or weekday for another day asked (other_day_than_asked: 288_2, 45_2, 430_1), a shortest path answered by a distance alone (route_never_fetched: 300_0), an author's name replaced by the topic searched, a quoted title or a role (author_replaced: 241_2, 240_1, 165_1, 7_2, 97_2), news read for a request asking none (unrequested_news: 231_1, 365_2); 3: T-Eval plans that ask for another film or file than the one the request names (other_item_than_asked: 185_1 details movie 272, "Batman Begins", for 'Inception'), drop the genre the request sets from a list that takes one (dropped_genre: 218_1), or act on a record no answer shows (acts_on_unshown_record: 375_0 replies to a 'Marketing Campaign Proposal' the inbox does not hold) are turned down; 2: a plan with a step asking for a trip from a place to itself is turned down (trip_to_itself: teval_query_307_2's get_distance from a point to the same point)
  upstream: ['collect'],
  description: 'drop trajectories that cannot be a clean ground truth, each with a named reason',
  output: RawTrajectory,
  configSlice: (c) => ({ filter: c.filter }),

  enumerate(ctx) {
    const firstBySignature = new Map<string, string>();
    const items: StageItem<FilterInput>[] = [];
    // Trajectories one at a time; T-Eval's response records are listed, never read.
    for (const listed of ctx.store.stageListing('collect', ['ok'], { kind: '$.kind' })) {
      if (listed.fields.kind !== 'trajectory') continue;
      const a = ctx.store.getArtifact<CollectRecord>(listed.key)!;
      if (a.content.kind !== 'trajectory') continue;
      const t = a.content;
      let duplicateOf: string | undefined;
      if (ctx.config.filter.dropDuplicates) {
        const sig = signature(t);
        duplicateOf = firstBySignature.get(sig);
        if (!duplicateOf) firstBySignature.set(sig, t.id);
      }
      const trajectory = refTo(a, 0);
      items.push({ id: t.id, input: duplicateOf ? { trajectory, duplicateOf } : { trajectory }, parents: [a.key] });
    }
    return items;
  },

  async run(item, ctx) {
    const trajectory = readRef<RawTrajectory>(ctx.store, item.parents, item.input.trajectory);
    const drop = checkTrajectory(trajectory, { minSteps: ctx.config.filter.minSteps, duplicateOf: item.input.duplicateOf });
    if (drop) throw new RejectItem(`${drop.code}: ${drop.detail}`);
    return { status: 'ok', content: trajectory, method: 'rules:filter-4' };
  },
};
