/**
 * The offline API simulator: what the `api-simulator` role does with no model.
 *
 * 1. Validate the call against the tool's ToolDoc — unknown tool, arguments that are not an
 *    object, missing required keys, unknown keys, type mismatches — and answer an explicit error
 *    in the API's voice (every problem found, not just the first).
 * 2. Otherwise build a plausible answer from the doc's `return_data`: values shaped by each
 *    field's name and description (names, numbers, dates, ids, urls, lists of records...), reusing
 *    the call's own argument values where a field matches one.
 * 3. In error mode, an environment failure worded for the kind and the API.
 *
 * Deterministic per call: the caller seeds the Rng from the call itself (tool, canonical args,
 * kind), never from the order calls are made in.
 */
import { flagsAsDatedRecords, recordedDatedFlags } from './datedFlags.js';
import { recordedTitleRecords, titlesAsRecords } from './titleRecords.js';
import { keysAsRecorded, recordedKeys } from './recordedKeys.js';
import type { UsedItem } from './askedCount.js';
import { idsAsRecorded, recordedIds, worldId } from './recordedIds.js';
import { asRecordedSearch, recordedResultCount, recordedSearchShape } from './recordedSearch.js';
import { distanceKm, isPlaceholderAddress, placeNamed, placesAt, placesNamedIn, type Place } from './places.js';
import { realSightsListed, sightKindsAsked } from './realSights.js';
import { nearbyKindOf, recordedPlacesNear } from './recordedNearby.js';
import type { EnvironmentErrorKind, ReturnField, ToolDoc } from '../schemas.js';
import { Rng } from '../rng.js';
import { fitsType, isPlainObject, paramIndex, toolkitOf, apiOf } from '../errors/values.js';
import { createHash } from 'node:crypto';
import { PyFloat, toJson } from '../pyValues.js';
import { recordedFields, townLinesAsRecorded, valuesAsRecorded } from './valueForms.js';
import { isTownLine, searchedTownLine, townOfLine } from './townLines.js';
import { isOpaqueId, isPersonName } from '../quality/grounding.js';
import { knownField, knownGenre, namesAuthor, weekdayOfDate, type KnownFacts } from './knownFacts.js';
import { papersKeepShownRecords } from './scholarShown.js';
import { RENTAL_KINDS, rentalKindOf } from './rentalKinds.js';
import type { RecordFacts } from './recordedFacts.js';
import { isCityLocale, offshoreAt, streetsOf, nearbyLandmark, townReachKm } from './streets.js';
import { recordedAnswer } from './recordedAnswer.js';
import { labelFits } from '../quality/copiedFields.js';
import { driveMinutes, listedSpot, localKm, locate, pairPoint, searchTermOf, termLandmark, tripOf, type Trip } from './trips.js';
import { isComputation, localityOf, type ToolLocality } from '../errors/environment.js';
import { oneTypePerField } from './fieldTypes.js';
import { docListCap } from './askedCount.js';
import { monthMean, SNOWY } from './climate.js';
import { detailsTitleParts, drawDetailsTitle, recordedDetailsTitles, townFor } from './detailsTitles.js';
import { capacityFor, detailsContradiction, kindContradiction, kindForName, largestParty, nameNounForKind, placeNoun } from './stays.js';
import { addressIn, districtNamed, listingPlaceMismatch, unknownTownNamed } from './districts.js';
import { madeUpPlacesAtOwnDoors, venuesAtRealAddresses } from './realVenues.js';
import { addressNear, addressNearIn, addressWithin, kmFromAddress, nearestStreet, numberOnItsStreet, placeAddress, placeAddressIn, pointAt } from './streetGeo.js';
import { worldAnswer, answeredDoc } from './worldAnswer.js';
import { researcherAffiliation } from './worldFacts.js';
import { findsNothing, isPlaceholderId, nothingFoundAnswer, recordedStatus } from './idSearch.js';
import { itemPages } from './webItems.js';
import { ARXIV_NOTHING_FOUND, ARXIV_PAPERS, arxivContent, arxivPapersFor } from './arxivPapers.js';
import { SCHOLAR_AUTHORS, SCHOLAR_CITATIONS, SCHOLAR_NO_AUTHOR, SCHOLAR_PAPERS, scholarNothingFound, scholarPapersFor } from './scholarRecords.js';
import { cap, initials, chineseVenueName, hostName, reviewClauses, reviewRating, reviewText, type ReviewAbout, citation, filmTitleAbout, isFormattedTextField, isTopicQuery, isWords, paperTitles, passage, pickFresh, pubInfo, headlinesFollowSummaries, routeSteps, snippets, snippetsWithinPublication, summariesFollowTitles, topicFilmGenres, venueName, type TextCtx } from './simulatedText.js';

export const SIMULATOR_RULES_VERSION = 'api-simulator-162'; // 161–162 (lead41): a simulated price target raised for a reason that argues for a cut says the reason eased ("raised their price target on Tesla, citing easing margin pressure"; headline "Barclays lifts Tesla price target on easing margin pressure"), and a joint venture is formed "with an industry partner", never "for an undisclosed sum" (the same draws). 160 (lead41): a simulated review's bathroom clause never says "Strong bathroom." (strong is a shower's or its water pressure's word: "Strong shower.", the same draws; 3 in lead41 f1's export). 159 (lead39): a simulated review list carries the reviews a later step writes, with their ratings (grounded.ts reviewsLater: teval_query_169_2's testimonials slide wrote "Great place" beside reviews it never showed; call_review_unshown 5/15 on lead39 m3). 158 (lead36): a stay review's check-in said more ways (six ways in, six of how it went: "self check-in with the keypad was painless" stood in 3 of the 30 different review answers, simulated_review_clause_top_share 0.100 at its limit on g0). 157 (h-lead35): a made-up film released before 2022 no more popular than twice the recorded older films' peak ("The Iron Harbor", 2020, at 1285.989 among similar films: simulated_film_popularity_beyond_recorded; classicsAsRecorded). 156: h-lead32's 155 and h-geo32's 154 merged. 154 (h-geo32): a distance between two campuses is theirs (places.ts: the University of California, Berkeley and the Massachusetts Institute of Technology, 4,314 km apart, no longer a drawn drive across Berkeley of 9.944 km, teval_query_190_0), and one from a home in a made-up town to a place named with no town is a drive across that town (trips.ts: "123 Main Street, Anytown" to "John Doe University library", never a drawn 4155.349 km, 309_1) (simulated_distance_off_real_places, new: 6/203 on g0); the Marriott Marquis Washington and the Washington Convention Center are in the places table, so a geocoder answers the hotel at its door, not in Kalorama 3.5 km off (simulated_geocode_off_real_place, new: 7/73 on g0, teval_query_191_1); a gas or charging station found nearby is named by its brand, the region's (simulatedText.ts stationBrands: "Shell", "Exxon", "Chevron" and "Arco" in Seattle), never a brand and a drawn word ("Mobil Cedar", "BP Magnolia Fuel Stop") or a made-up "Pearl Gas & Go" (simulated_station_name_made_up, new: 14/29 on g0, teval_query_277_0, 322_0); a drive between two districts of a town whose drives take freeways names them (interstates.ts TOWN_DRIVES: Griffith Park to the Santa Monica Pier on US-101 S, I-110 S and I-10 W, never "Continue on the highway for 23.7 km", teval_query_314_1: simulated_route_road_unnamed widened to legs of 10 km, 2/48 on g0; Stanford to Google's headquarters on US-101 S after 4.5 km of streets, off at the end 1.5 km from it, never CA-82 left "the last 1 km" 3 km short of it, 188_0); Cupertino has streets of its own (streets.ts: De Anza and Stevens Creek Boulevards, never Mountain View's Castro Street from 1 Infinite Loop); a drive out of New York's City Hall bound south or west sets off west on Canal Street (streetGeo.ts; simulatedText.ts drawnDrive: a street within a right angle of the way first, before one within the wider first-leg bound), never north up Mulberry Street to Miami nor east on Canal to it (simulated_route_heads_away 2/46 on g0, 272_0 155: an API whose own recordings are all plain text or failures (Scholar's citations, Weather's "Expecting value …") refuses a call in its toolkit's recorded form, and so does an invented API with no earlier call of its toolkit (wrong_call_form_unlike_toolkit widened to every wrong call: 37/1,778 on l2, teval_query_78_1, 114_2). 154: a stay's reviews name the street its listing's name puts it by, else the town's street nearest its details' coordinates within a kilometre, else none; once per review; a bus stop, not a "train station on Divisadero Street" (simulated_review_street_off_stay 31/72 on g0: teval_query_174_1, 114_2). 153: a listing whose name puts it in a town of its own the address does not name (T-Eval's recorded "Home in Hawthorne" on a drawn "Los Angeles, CA, United States" line, teval_query_136_2, drawn anew when int31's turn-downs re-sampled the cases) takes the name's town line (townLines.ts; Hawthorne and Torrance in the tables): simulated_listing_place_mismatch 3/387 on int31's m2. 152: h-lead31's 151 and h-geo31's 151 merged. 151 (h-geo31): a drive out of town to a far destination keeps heading its way (streetGeo.ts pointToward: its streets to the highway within a right angle of the great-circle bearing, a street with nowhere given to go driven toward it, an undrawn town's first heading the bearing's compass word, two turns one each way): from 350 5th Ave to Cupertino no longer "turn left onto West 23rd Street" east then north up Madison, from Cupertino to Washington no longer "head northwest" (simulated_route_heads_away 30/72 on g0, teval_query_269_0, 272_0, 322_0); an address's abbreviated street is the map's ("120 W 44th St" on West 44th Street) and a real venue a route ends at is at its own address, so the drive to Hotel Mela Times Square arrives on West 44th Street, not Eighth Avenue (simulated_route_arrives_off_street 2/24 on g0, 266_0). 150 150 (h-geo31): a nearby search of a place and kind T-Eval recorded a search of, however spelt ("restaurant" near "Times Square, New York City", "accommodation" near "Times Square"), lists the recorded places within its reach (recordedNearby.ts), never drawn "Bistro Basile" at "388 West 44th Street" (teval_query_264_0) or "Walnut Suites" on Mulberry Street (35_0) (simulated_nearby_unlike_recorded 8/13 on g0). 149: 151: a place given as coordinates, a pair or a bounding box (Airbnb's search_property_by_place("37.7749,-122.4194,37.7833,-122.4081"), teval_query_174_1), is where the answer is: listings named for San Francisco's streets, never "near River Road" and "near Oak Avenue", a town nobody named's (placeCoordinates; 13 cases on g0). 150: a drive between two towns the interstate table knows (interstates.ts: New York, Los Angeles, San Francisco, the South Bay, Seattle, Miami, Washington) names each road a fastest route takes, its kilometres the trip's in their shares ("Continue on I-70 W for 3193.6 km"), never "Continue on the highway for 4480.5 km" (simulated_route_road_unnamed, new: 62/72 on g0, teval_query_26_2, 269_0, 322_0). 149: Queens reaches 17 km from its centre (Long Island City, the Rockaways) and Huntington Beach 10 km, where T-Eval records listings (teval_query_10_1, 8_1): h-fields30's town lines put 36 such records off their recorded coordinates (simulated_address_off_coordinates 56/242 on int30's m2). 148: int30's 147 and h-fields30's 147 merged. 147 (h-fields30): review lists keep their drawn length (143's page size made every listing's reviews three: simulated_review_clause_top_share 0.111 over 0.1 on b5; simulated_list_shorter_than_recorded leaves review lists out: 373/1,130 on g0 -> 0/1,140 on b6). 146 (h-fields30): a review of a listing whose town line names another town than the one searched names none of the searched town's streets (a Monterey Park room's guests shopping "on Santa Monica Boulevard", a San Bruno flat's on Valencia Street: 12/40 reviewed such listings on b4, teval_query_104_2, 111_2). 145 145 (h-fields30): a listing in a ward of the town its name gives keeps the ward in its town line ("Meguro City, Tokyo, Japan" for "Cozy entire apartment in Tokyo", not "Tokyo, Tokyo, Japan": 83 addresses on b3); a drawn Scholar snippet's survey sentence reads whole ("sorts the literature by method and weighs each one's strengths and limitations", never "sorts the literature by method, their strengths and limitations"). 144 144 (h-fields30): a reference to a journal that numbers its articles gives the number (journalVolumes.ts articles: Scientific Reports "11 (2021): 12345", PLOS ONE "e0248731", Physical Review Letters, npj Quantum Information, Sustainability, BMC Public Health), and one to Nature, Science or a Nature journal a paper's few pages (maxPages), never "123-145" or "Nature Energy 6 (2021): 778-793" (simulated_journal_volume_impossible widened to pages: 25/205 on g0, teval_query_163_1). 143 143 (h-fields30): a list every recording of its API fills to one length (the wrapper's page: TMDB's and Douban's films, Polygon's news five; Airbnb's reviews and properties, Scholar's results three) is that long unless the user asked a count (recordedPageSizes): one news article where the recordings list five, two top-rated films for five (simulated_list_shorter_than_recorded 421/1,135 on g0, teval_query_315_1, 231_0); a news headline is a desk's over its story ("Tesla names new head of operations"), never its summary's first clause (simulated_summary_opens_with_title 10/10 on g0). 142 (h-fields30): an Airbnb search lists each address as every recorded search does, "San Francisco, CA, United States" (townLines.ts: the drawn address's town or district with its region and country), never "13 Fillmore Street, San Francisco" (simulated_field_form_unlike_recorded widened to the town-line form: 382/1,442 on g0, teval_query_0_2-control-k2); reviews name the town of such a line, no street 147: int30's 146 and h-solv30's 142 merged. 142 (h-solv30): a room status list beside steps that settle which rooms are free (a check's list of free rooms, a reservation) lists every other room booked, the rooms the user named included: "Room 102: available" beside a 14:00-16:00 check finding only room 103 said the recorded check was wrong (simulated_status_contradicts_check 14/36 on g0: teval_query_250_1, 470_2 146: CA-82 is El Camino Real, a road with lights (streetGeo.ts STREET_ROADS): a drive from Stanford turns onto it and leaves it, never "take the ramp on the right for CA-82" or "Take the exit" (simulated_route_ramp_onto_surface_road, new: 21/26 on g0, teval_query_188_0). 145 (144 in one step): a town drive ends on a street passing its end (250 m) where one does, before one by it (600 m): Central Park to Times Square arrives on Seventh Avenue, now drawn (southbound, Times Square is on it), not on Fifth Avenue 600 m east (streetGeo.ts; West 34th Street drawn too, by the Empire State Building); a start no address names sets off on another street passing it where the nearest runs against the drive (Times Square to Central Park by 44th Street and Eighth Avenue, never north up Seventh) (simulated_route_streets_apart widened to a first or last street more than 500 m from an end a drawn street passes within 250 m: 2/61 on g0, teval_query_303_0). 143: a nearby search for campgrounds in Yosemite lists the park's real ones within its reach (realSights.ts: Yosemite Creek, Porcupine Flat and White Wolf within 10 km of the park's point, at their NPS addresses), never drawn "Saffron Ridge Campsite" at "97 Southside Drive, Yosemite" (teval_query_321_2); one for beaches in Bali's hill country lists the real ones within its reach or none, never "Granite Beach" in Tampaksiring, 15 km from the sea (91_2): where the table holds every place of a kind (coversKind), none in reach is the answer (simulated_place_made_up_where_known, new: 15/15 on g0). 142: a nearby search's radius is read in its doc's unit (Bing's "radius in meters": a radius of 2 is 2 m, not 2 km), and one reaching under 50 m lists nothing, an answer the next step can act on (the search again at the meant radius): the wrong call's five made-up beaches "within 2 m" of a villa in Tampaksiring, coffee shops within 1 m of Times Square (simulated_nearby_far_from_centre widened to the doc's unit: 11/124 on g0, teval_query_91_2, 268_0, 297_0, 305_0). 141: five more real sights within 1 km of Hollywood and Vine (Hollywood Palladium, Avalon Hollywood, Egyptian Theatre, Musso & Frank Grill, Amoeba Music), so "the five closest" attractions near the Hollywood Walk of Fame are five (simulated_list_short 4/619 on int29's m1, teval_query_107_2-control-k2: two listed). 140: a details title keeps the town the search listed the listing in ("Cozy private room in San Bruno") even where coordinates the plan copies are far off: following the coordinates made "Room in San Francisco" contradict the list (simulated_record_self_contradicted 12/190, simulated_answer_contradicts 12/564 on h-geo29's b6, teval_query_114_2); such planned coordinates are upstream's, and simulated_listing_title_off_place leaves them out. 139: int29's 138 and h-geo29's 137 merged. 137 (h-geo29): a map search for parks in a big city lists its real parks at their published addresses (realSights.ts: Bryant Park, Central Park at its gate nearest the search, Paley Park near Times Square), never drawn "Brennan Memorial Park" at "112 Columbus Avenue" (simulated_sight_made_up widened to parks: 11/41 on g0, teval_query_310_2); a drive to or from Central Park reaches it at its gate nearest the other end (Artists' Gate across Central Park South from the Ritz-Carlton), never its middle at West 86th Street (simulated_route_park_centre 32/32 on g0: teval_query_270_1, 295_1, 35_1); a drive between the Seine's two banks crosses a bridge (rivers.ts: the Eiffel Tower to the Louvre over the Pont de la Concorde, not along the Boulevard Saint-Germain: simulated_route_river_uncrossed 8/14 on g0, teval_query_185_2; streetGeo.ts: streets on the two banks never meet, the Quai d'Orsay no longer turns onto the Rue de Rivoli across the water); a copied address on a listing whose name puts it in another district moves to the next listing, whose it is ("Taito City, Tokyo, Japan", searched around after property 3's details, no longer on property 2 "Hostel in Chiyoda City"; "Culver City, CA" no longer on "Home in Huntington Beach": simulated_listing_place_mismatch 19/344 on g0 once the pair is T-Eval's only where one recording or call states it, teval_query_1_0, 1_2); a kind word after a known place names no other spot (trips.ts: "AMC Empire 25 cinema" is at AMC Empire 25, not a spot 0.8 km off on West 57th Street, where the drive from Central Park ended heading away from it); a listing's details title names the town its coordinates are in ("Condo in San Bruno" at 37.7974, -122.4079 is "Condo in San Francisco") and a landmark's town, never the landmark ("Condo in Paris", not "Condo in Eiffel Tower"): simulated_listing_title_off_place 20/182 on g0, teval_query_114_2, 155_0; a drawn listing name's town is its copied address's ("Modern condominium in San Bruno" at "San Bruno, CA, United States", "Charming house in Torrance": simulated_listing_place_mismatch widened to a named town 10+ km from the address's, 33/344 on g0 with 1_0's, teval_query_111_2, 114_2, 1_2), and a copied address moved off a listing goes to the next whose name is drawn, renamed for it (1_2: "Culver City, CA" from "Home in Huntington Beach" to property 3, "Cozy loft in Culver City", not the Huntington Beach home renamed 138: h-lead29's 137 and h-fields29's 137 merged. 137 (h-fields29): a film T-Eval recorded with a film toolkit in any task has those facts in every simulated answer of that toolkit, after the task's own (knownFacts.ts withRecordedFilms, read by the resolver from the cache, the API's own recordings first): The Godfather at the recorded popularity 118.372 in a simulated top-rated list, never a drawn 1576.114 (simulated_film_number_off_recorded 292/302 on g0 -> 0/347 on b2, teval_query_231_0, 107_1, 17_1); a drawn news summary tells more than its headline: the event, then a sentence of context (simulatedText.ts NEWS), never one sentence its headline repeats ("Apple agreed to form a joint venture for an undisclosed sum" over the same words with a full stop: simulated_text_restates_title 16/237 on g0 -> 0/189 on b2, teval_query_404_2, 193_0); a real film no recording gives a popularity has one of its own in every task, an autumn 2023 release 500 to 2500, an older film 20 to 150 (worldAnswer.ts filmPopularity), and a made-up film's is drawn from 5 to 2900, never The Matrix at 17776.454 or "A Year of Fitness" at 16307.212 beside recordings peaking at 2919.272 (simulated_film_popularity_beyond_recorded 34/380 on b2 -> 0/380 on b4, teval_query_225_1, 352_0); a stay's drawn cost is its nights (checkIn to checkOut) at $60 to $400 a night (stayNights), never $47.96 for a week in New York (simulated_stay_cost_per_night_implausible 18/40 on g0 -> 0/27 on b4, teval_query_115_0, 92_2 137: Scholar's MLA references as Scholar gives them: plain text, as every working recording is (answerForm.ts inRecordedText; 181 of 193 shown citation answers were {"citation": "…"} records), initials with their full stops ("Dubois, M. J., et al."), the title as the search listed it (never re-cased to "Lessons From two Decades"), no "learned?."; a journal's volume and issue the ones it had that year and a drawn year one it published in (journalVolumes.ts: "Nature 18.4 (2021)", "Nature Energy, 2010") (simulated_citation_unlike_scholar 95/95, simulated_journal_volume_impossible 95/152 on g0: teval_query_187_0, 225_2, 163_1). 136: news of 'The Lost City' is found on its IMDb news and title pages and Rotten Tomatoes (webItems.ts), never made-up tag pages of Variety and The Hollywood Reporter (simulated_search_made_up_page 2/66 on h-solv28's b3, teval_query_58_1-control-k3, a case its filter change newly drew). 135: h-lead28's 134 and h-fields28's 134 merged. (h-fields28: 134: a film's drawn runtime is a feature's, 85 to 160 minutes, and Nowhere (2023) runs its 109 (worldFacts.ts): drawn from 5 to 180 minutes, Nowhere ran 12 in teval_query_262_2 (simulated_film_runtime_implausible 12/122 on g0, 16/112 on h-fields28 b3). 133: main's 132 and h-fields27's 123 merged, and a fact an earlier answer showed (KnownFacts.fields, .films) says what was shown: rounded only where its field prints fewer places, never given drawn digits (merged as it was, The Shawshank Redemption's 8.7 from the top-rated list was 8.784 in its details: simulated_film_facts_disagree 61/136, simulated_contradicts_world 56/584 on int27-fields-try's m2, teval_query_107_1 -> 0 on h-fields28's b3) (h-fields27 123: an Airbnb details title is written as every recorded one is, "Condo in Sumida City · ★4.63 · 1 bedroom · 2 beds · 1 bath" (detailsTitles.ts: the kind its propertyType names, the town the search listed it in, its rating, beds for its capacity), never the search's name repeated (simulated_field_form_unlike_recorded widened to titles of parts joined by " · ": 197/1,487 on g0, teval_query_104_2); a drawn float takes the decimals most recordings of its field have (a Bing latitude 40.758309 beside recorded 34.10173035, a TMDB popularity 11477.2 beside 2919.272), a fact another answer gave is written to its field's places so it still reads the same (8.709 in a top-rated list is 8.7, as TMDB's recorded lists write it), a value a later step copies stays exact; the simulator reads every recording of the API for forms, its own call's included (resolve's 3 examples left out the only get_popular_movies recording) (simulated_decimals_unlike_recorded 236/923 on g0 -> 0/936).) (h-lead28: 134: a map search for a big city's sights (attractions, landmarks, museums) lists the real ones within its reach (realSights.ts: the Champ de Mars and the Musée du quai Branly by the Eiffel Tower, MoMA and Carnegie Hall by the Ritz-Carlton, the TCL Chinese Theatre on Hollywood Boulevard; the best known first for a whole town), never drawn "Castillo Museum of Art" or "Ortega Memorial Park" (simulated_sight_made_up 26/26 on g0: teval_query_185_2, 188_1, 270_1, 305_0, 107_2). 133: a nearby answer's address ends in the town a searched place is in, never the place itself when it is a campus or a street address ("61 Serra Street, Stanford University", "168 Constitution Avenue NW, 1600 Pennsylvania Avenue": simulated_address_town_not_town 6/237 on g0, teval_query_188_0, 26_0).) 132: "红猪 电影简介" finds the table's real Douban, Wikipedia and Baidu pages, never a drawn Douban review page (simulated_search_made_up_page 4/86 on m4, teval_query_448_2). 131: a numbered address only its town's name locates is a drive across town from a spot located exactly, never the centre's distance for every address (teval_query_191_0: five places all 1.3 km from 1600 Pennsylvania Avenue on m3, simulated_distance_same_for_all 2/10); a Scholar paper another answer listed keeps its id, count and line but this search's snippet (simulated_text_repeated 8/2,897 on m3, 187_0). 130: a city's parks are commons and gardens too, never a playground or a plaza a park search would not list (the merged 129 listed "Orchard Playground" as a park: simulated_place_unfit_kind 14/94 on m1, teval_query_310_2). 129: lead's 124 and h-geo27's 128 merged. 128 (h-geo27): a park search has squares, plazas, greens and playgrounds too: with the open country's forms left out in a city, 310_2 listed "Brennan Park", "Brennan Memorial Park", "Weber Park" (simulated_venue_templated 9/591 on b4). 127 (h-geo27): 126's move onto a district's street keeps the town's name after it only for a district inside the town (Hollywood in Los Angeles), never a town beside it ("San Bruno Avenue" with ", San Francisco": simulated_address_foreign 6/698 on b5). 126 (h-geo27): Los Angeles numbers Wilshire, Melrose and Santa Monica Boulevard (streetGeo.ts), and a drawn address takes a number its street has: attractions within 1 km of the Hollywood Walk of Fame were at 12-159 Santa Monica Boulevard, in Santa Monica by the ocean (simulated_address_number_off_street on g0); a numbered address no numbered street near the centre takes moves onto a district's street beside the town with its town's name after it too ("6061 Hollywood Boulevard" by the Walk of Fame, not 1.6 km off on Santa Monica Boulevard). 125 (h-geo27): a distance between the Americas and the Old World is the great circle's, no road crossing the ocean (London to Washington 7372.0 km for 5898: simulated_distance_short_for_far_places widened); famous addresses (10 Downing Street, 221B Baker Street, 1600 Pennsylvania Avenue, 1 Infinite Loop, 350 5th Ave) are in the places table at their doors: a geocoder answers there, not 3.1 km off in Camden (simulated_geocode_off_famous_address on g0). 124 (h-geo27): a nearby search in a city names no open-country place ("Heron Creek Trail" at "1 Columbus Avenue", "Cedar Hill Lookout" on Madison Avenue: simulated_place_wild_in_city 12/182 on g0); each made-up place at a door of its own, none at a real venue's (two restaurants at "1 Mulberry Street": simulated_places_share_address 9/212); the Ritz-Carlton, New York and AMC Empire 25 are in the places table (a route from the Ritz on Central Park South to Central Park was 12.5 km from Mulberry Street, teval_query_270_1). 123 (h-geo27): two numbered addresses naming no town ("123 Main Street" to "456 Oak Street") are one town's, a drive of a few km, not a drawn 2256.4 km (simulated_distance_beyond_town 10/20 on g0); the Forbidden City, the Great Wall of China and the Shanghai Tower are in the places table (the Forbidden City to the Shanghai Tower was 12.3 km, simulated_distance_short_for_far_places 1/148 on g0 124: a drawn Scholar search listing a title another answer of the task lists gives it that answer's id, count, line and snippet (scholarShown.ts; simulated_scholar_record_repeated 8/185 on g0, teval_query_187_0). 123: searches for The Godfather find its Wikipedia, IMDb and Rotten Tomatoes pages (webItems.ts), never a drawn Reddit thread or Guardian review (simulated_search_made_up_page 5/87 on g0, teval_query_477_1). 122: "breakfast recipes" lists recipe sites only (NYT Cooking, not the Wikipedia article). 121: 120's Scholar fill rebuilt (g5 reused 120's answers built before the fill went in). 120: a Scholar search whose recorded papers are fewer than asked and that no later step copies from is drawn (simulated_list_short 3/580 on g3: teval_query_239_0). 119: an AMap pair no known place is near, far from the task's known place (a geocoder's miss), draws the task place's streets, never generic "40 Hill Street" (simulated_address_foreign 3/707 on g1, teval_query_70_2); a town route's chain ends on the end's own street or one meeting it, never beside it (Columbus Avenue, then "Turn right onto Amsterdam Avenue"), and keeps to one-way traffic within two more turns, a street reachable by up to three chains (Lexington south, 23rd Street, Madison north: h-geo26's one-way choice had built a Columbus detour); a nearby search's carried places beyond its radius no longer get a "distance" field no recorded Bing answer has (simulated_records_unlike_recorded 12/1,265 on g1, teval_query_290_0): resolve turns such a trajectory down (nearby_carry_beyond_radius); web searches for "breakfast recipes", "lunch recipes" and "dinner recipes" find real recipe collections naming dishes (BBC Good Food, Allrecipes, Wikipedia), not site search pages saying only that they hold recipes (simulated_search_says_nothing 9/79 on g1: teval_query_82_1); a Scholar id without a digit ("-jKcSxGaARwJ", listed by the search before it) is an id, not a placeholder: its citation is drawn, never SerpAPI's "Fully empty" beside a drawn JSON citation (one_api_two_forms 2/760 on the merged build g1: teval_query_365_0). 118: int26's 115 and h-geo26's 117 merged (h-geo26 117 (115-116 in steps): a chain of streets that keeps to one-way traffic is taken at most one turn longer than the shortest, else the shortest (simulated_route_wrong_way 0/36; without the choice Fifth Avenue, newly drawn, was driven north in 14 cases: teval_query_266_0, 35_1, 270_1). 114: a one-way street a drive ends its town leg on with nowhere given to go (a drive to the highway from "350 5th Ave") is driven its own way ("Start on 5th Ave heading southwest", not northeast: simulated_route_wrong_way 6/36 on 113's build, teval_query_269_0). 113: Fifth Avenue drawn (a crossing, numbered 350 at 34th Street, 1000 at 82nd) and "5th Ave" read as it, so a route to or from "350 5th Ave, New York, NY" arrives on and starts from Fifth Avenue, not Mulberry Street 2.7 km off (simulated_route_streets_apart 6/92 on f56 read with the line: teval_query_269_0); a route never drives a one-way avenue against its traffic while another chain of streets reaches the end (streetGeo.ts ONE_WAY: Madison, Third, Eighth north; Fifth, Lexington, Columbus south; simulated_route_wrong_way 16/30 on f56: "Start on West 44th Street heading southeast", "Turn right onto Madison Avenue" to the Empire State Building, teval_query_312_1; 310_2, 303_0).) 115: int26's 114 and h-fields26's 112 merged (h-fields26 112: a value takes the form its field's recordings share (valueForms.ts valuesAsRecorded): Airbnb review times as ISO timestamps before the task's day, newest first ('2023-09-26T23:05:31Z', never '08:00'), property ids as digits ('10803849'), rooms as numbers, TMDB popularity with three decimals and whole ratings as floats (7.0), checkout costs as money ('$288.22') (simulated_field_form_unlike_recorded 826/1,538 on f56: teval_query_104_2).) 114: int26's 113 and h-geo26's 112 merged (h-geo26 112: a nearby search lists places within its radius of where it is centred — a coordinate pair read as its doc says (AMap's lon,lat: restaurants by Beijing's city hall in Beijing, not on 上海长乐路), a landmark its term is ("Central Park, New York City": not hotels on Bleecker Street) — and places a later step copies from beyond the radius say how far they truly are ("distance": "3.4 km": Jersey City and Red Hook restaurants "within 1 km" of Liberty Island) (simulated_nearby_far_from_centre widened: 23/160 on f56: teval_query_290_0, 303_0, 311_0, 464_1).) 113: h-solv26's 112 and h-scholar26's 112 merged (h-scholar26 112: Google Scholar answers with the records T-Eval recorded where they answer the call (scholarRecords.ts: a search for a recorded query or whose words match recorded papers lists them with their recorded ids, counts and snippets; a citation or author profile of a recorded id is its recorded one; a placeholder id finds nothing, as recorded), never drawn records beside them (simulated_scholar_paper_unrecorded 176/233 on f56: "Interdisciplinary perspectives on artificial intelligence" for the recorded query "artificial intelligence", teval_query_139_1); a search or id no recording answers is still drawn (turning its trajectory down would drop 53 of them).) 112: a record a later step of the plan acts on is available (availability.ts): no check_availability answering every day "available": False for a property the plan then gets the details, reviews or checkout price of (plan_goes_on_unavailable 44/77 on f56: teval_query_114_0, 172_0, 108_2, 117_0). 111: web searches for "quantum computing" and a bare "landmark" find real pages saying what they are (Wikipedia, Merriam-Webster), not general forms saying only that a page is about it (simulated_search_says_nothing 4/75 on f53: teval_query_226_0, 305_0). 110: a supermarket or grocer drawn near a place is named as one ("Olive Fresh Market", "Hartley's Grocery"), never a general shop's "Olive Goods" (simulated_place_unfit_kind 6/86 on the merged build f53: teval_query_285_1). 109: the merged 108 and h-sim25's 108 merged (h-sim25: 108: a road with lights (the West Side Highway) is left, never exited ("Take the exit" after "turn onto the West Side Highway", teval_query_307_1); an address's own street abbreviated is the map's street ("1600 Pennsylvania Ave NW" starts on Pennsylvania Avenue, not "head southeast on Massachusetts Avenue NW", teval_query_269_0). 107: 106's answers rebuilt with the streets drawn for Washington, Seattle, Oxford, Cambridge (MA) and Beijing, and the ferry from New Jersey leaving Liberty State Park (106 alone was built before them). 106: a drive across town takes a highway only where its line runs between the ends (streetGeo.ts ROADS: the FDR Drive or the West Side Highway from Central Park to Battery Park, never I-95 across 178th Street), else streets; a drive to an island ends at its ferry terminal and the ferry crosses (Times Square → Statue of Liberty by Battery Park, not I-495 to New Jersey; simulated_route_road_astray 28/37 on f52); streets drawn for routes through Washington, Seattle, Oxford, Cambridge (Massachusetts) and Beijing, so their turns are between streets that meet ("Start on U Street NW", "Turn right onto Constitution Avenue NW": simulated_route_streets_apart 22/94 on f52).) (h-base25's and h-serper25's merged (base25: 107 (h-base25): an id drawn for a field whose recordings hold one id draws that id's last characters, never takes it whole (two Los Angeles listings both 42736872 in teval_query_151_1; recordedIds.ts drawLike; simulated_list_id_repeated 3/2,426 base cases on f52). 106 (h-base25): films like a film the table does not know are made-up titles of their own, never the asked film's title (get_similar_movies(8279) listed another "Paris" as like "Paris", teval_query_69_1; 1 of 20 similar-films answers on f52). serper25: 107 (106 in one step): an arXiv search answers with the real papers T-Eval recorded whose words match its query (arxivPapers.ts), a recorded paper a later step copies first, or Lagent's "No good Arxiv Result was found", never papers written for it (simulated_arxiv_paper_unrecorded 217/384 on f52: "number theory" -> "Key debates in number theory" by Keiko Jensen, teval_query_192_2).)) 105: h-serper24's 104 and h-sim24's 100 merged (h-sim24 100: a route through a town the street map draws turns only between streets that meet (Manhattan's cross streets, Third and Eighth Avenues, the Quai d'Orsay between), left or right as the corner turns, and starts and arrives on streets by its ends (streetGeo.ts streetLegs; simulated_route_streets_apart 89/89 on f46: "Start on Columbus Avenue heading south", "turn left onto Lexington Avenue", teval_query_272_0).). 104 (100-103 in steps; h-serper24): no table entry for "recent publications on quantum physics" (103's listing pages named no publication: simulated_search_names_none 4/15); "upper body workout routines" finds real pages naming exercises (push-up, pull-up, bench press), not a made-up Reddit thread and search pages of Mayo Clinic and Healthline (teval_query_82_2); an answer nothing dates is dated from 2019 to mid-2023, before T-Eval's runs (a simulated paper of 2024-02-10 beside a clock at 2023-10-19, teval_query_255_1); a search the page table knows lists its real pages only, never made-up pages of real sites after them (simulated_search_made_up_page); a recorded search listing more results than its doc's "at most 3" is cut to 3 and the case says so (cutToDocCap: 11 cases showed 9-10 results, teval_query_369_0); a clock nothing dates answers on the day of its own recordings (October 2023), not a drawn 2020-09-29 before the recorded papers a case shows (24/123 cases). 99 (98 in one step): a film's news ("'The Lost City' movie news") is found on film sites that report (Variety, The Hollywood Reporter, Deadline, IMDb, The Guardian), never its Wikipedia article (simulated_search_kind_misfit 5/69 on the filter-8 build, teval_query_58_1). 97: a search for "Movie Review" finds the review sites (Rotten Tomatoes, RogerEbert.com, The New York Times), not explainers of "movie review" from Scientific American, Investopedia and IBM (webItems.ts; simulated_search_says_nothing 2/48 on the merged build f45). 96: h-sim23's 92 merged on 95 (h-sim23 92: a nearby search around a landmark its place argument names ("places": "Eiffel Tower") lists places within its radius of it. 91: a numbered street's address is the spot its house number names (streetGeo.ts numbers), and a radius search's places lie within its radius ("81 Lexington Avenue" no longer within 500 m of Times Square).). 95: h-serper23's 91 merged on 94 (h-serper23: a web search for named things finds real pages naming real ones (webItems.ts; simulated_search_names_none), one for what a thing is or what is new about it pages saying it (simulated_search_says_nothing), papers, traffic, prices and news on sites of their kind (simulated_search_kind_misfit), and as many results as the doc's "at most 3" allows where the recordings list 10.). 94: the lead's 93 and h-read23's 91 merged (h-read23: a cap on calls at once says more calls running than its limit (callsOverLimit; "4 calls are already running, over the limit of 4" read as over it: env_error_limit_not_passed 4/679 on f44)). 93 (92 in one step): a real venue the task names (Hilton New York Times Square, Le Bernardin) stands at its real address (realVenues.ts). 91: places of a kind whose signs say it (hospitals, schools, beaches, pharmacies, caterers, cinemas…) are named so, and a one-noun kind keeps its noun on every name; "Eleven Madison Park" is one place, not a kind. 90: the lead's 89 and h-serper22's 87 merged (h-serper22: web search results written as the recordings write Serper's answer, recordedSearch.ts). 89: a room list's other rooms are numbered on the floor of the rooms the task uses (101–112 beside room 103). 88: the lead's 87 and h-sim22's 87 merged. Earlier versions: docs/method-versions.md.

/**
 * A cap on calls at once that was passed: the count running is always above the limit ("4 calls are
 * already running, over the limit of 4 at once" contradicted itself). The two draws stay in their
 * order, so every other simulated failure keeps its text.
 */
// A cap on calls at once held by other programs' calls: the case's history runs one call at a time, so no count of
// calls running (nor a limit they pass) could be its own ("5 calls are already running, over the limit of 4 at once"
// after calls made one by one: env_throttle_count_unreached).
function callsOverLimit(where: string): (api: string) => string {
  return (api) => `${api} failed: throttled (EAGAIN): every slot the ${where} runs at once is held by other programs' calls; try again shortly`;
}

export interface SimulatedAnswer {
  /** Empty when the call succeeded; otherwise the API's error message. */
  error: string;
  /** The API's answer (JSON text); empty on an error. */
  response: string;
}

// -------------------------------------------------------------------------------------------
// Validation
// -------------------------------------------------------------------------------------------

function describeValue(v: unknown): string {
  const type = v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'object' ? 'object' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'float') : typeof v;
  const text = toJson(v) ?? String(v);
  return `${type} ${text.length > 40 ? `${text.slice(0, 39)}…` : text}`;
}

/**
 * Every problem of a call against the tools, worded as the API would; empty when it is valid.
 * A real API says what is wrong with the call it got, not which names it would have accepted: a
 * list of the accepted tools or keys would hand the model the correction it is being tested on.
 * `hints` (config `resolve.errorHints`, off by default) adds those lists back.
 */
export function validateCall(name: string, args: unknown, tools: ToolDoc[], opts: { hints?: boolean } = {}): string[] {
  const doc = tools.find((t) => t.name === name);
  if (!doc) {
    const kit = toolkitOf(name);
    const siblings = tools.filter((t) => kit && toolkitOf(t.name) === kit).map((t) => apiOf(t.name));
    if (!siblings.length) return [`API ${name} does not exist: no tool named "${kit || name}" is available`];
    return [`API ${name} does not exist: ${kit} has no API named "${apiOf(name)}"${opts.hints ? ` (available: ${siblings.join(', ')})` : ''}`];
  }
  if (!isPlainObject(args)) return [`Invalid request to ${name}: the parameters must be a JSON object, got ${describeValue(args)}`];
  const params = paramIndex(doc);
  const problems: string[] = [];
  const unexpected = Object.keys(args)
    .filter((key) => !params.byName.has(key))
    .map((key) => `Unexpected parameter '${key}' for ${name}${opts.hints ? ` (accepted: ${[...params.byName.keys()].join(', ') || 'none'})` : ''}`);
  // A misspelt key is rejected as unexpected before anything else is checked (as a Python function
  // rejects an unknown keyword first): naming the required key it stood for would spell out the fix.
  if (unexpected.length && !opts.hints) return unexpected;
  for (const p of params.required) if (!(p.name in args) || args[p.name] === undefined) problems.push(`Missing required parameter '${p.name}' for ${name}`);
  problems.push(...unexpected);
  for (const [key, value] of Object.entries(args)) {
    const p = params.byName.get(key);
    if (p && value !== undefined && !fitsType(value, p.type)) problems.push(`Invalid value for parameter '${key}' of ${name}: expected ${p.type}, got ${describeValue(value)}`);
    // No place lies at longitude 1153.11: a map API refuses coordinates off the globe.
    const limit = /^(lat|latitude)$/i.test(key) ? 90 : /^(lon|lng|longitude)$/i.test(key) ? 180 : undefined;
    if (limit !== undefined && typeof value === 'number' && Math.abs(value) > limit) problems.push(`Invalid value for parameter '${key}' of ${name}: ${value} is outside [-${limit}, ${limit}]`);
    // AMap takes "lon,lat" (its doc says so): "39.904172,116.407417" puts a latitude of 116.4 off the globe.
    const pair = p && typeof value === 'string' && /'?lon,\s*lat'?/i.test(p.description ?? '') ? /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(value) : null;
    if (pair && (Math.abs(Number(pair[1])) > 180 || Math.abs(Number(pair[2])) > 90)) problems.push(`Invalid value for parameter '${key}' of ${name}: "${value}" is no 'lon,lat' pair (latitude ${pair[2]} is outside [-90, 90])`);
    // A "lat,lon" string whose latitude is off the globe ("139.79289,35.71975": a longitude first) names no place.
    const latLon = p && !pair && typeof value === 'string' ? /^\s*(-?\d{1,3}\.\d+)\s*,\s*(-?\d{1,3}\.\d+)\s*$/.exec(value) : null;
    if (latLon && Math.abs(Number(latLon[1])) > 90 && Math.abs(Number(latLon[1])) <= 180) problems.push(`Invalid value for parameter '${key}' of ${name}: "${String(value).trim()}" is no 'lat,lon' pair (latitude ${latLon[1]} is outside [-90, 90])`);
    const most = p && typeof value === 'number' ? statedMaximum(p.description ?? '') : undefined;
    if (most !== undefined && (value as number) > most) problems.push(`Invalid value for parameter '${key}' of ${name}: ${value} is above the maximum of ${most}`);
    const form = p ? statedFormProblem(value, p.description ?? '') : undefined;
    if (form) problems.push(form);
  }
  const reversed = reversedWindow(args);
  if (reversed) problems.push(`Invalid value for parameter '${reversed.end}' of ${name}: ${reversed.endValue} is ${reversed.same ? 'the same as' : 'before'} ${reversed.start} ${reversed.startValue}`);
  return problems;
}

/** The largest value a parameter's doc allows ("the N number of days later, maximum N is 3" → 3), or undefined when it states none. */
export function statedMaximum(description: string): number | undefined {
  const m = /\b(?:maximum(?: \w+)?(?: is| of)?|at most|max(?:imum)?\.?|no more than|not more than)\s*:?\s*(\d+)\b/i.exec(description);
  return m ? Number(m[1]) : undefined;
}

/**
 * A value that breaks the form its parameter's doc states, worded as the API words it: T-Eval's
 * ReserveMeeting takes times "in 24 hour format, e.g. 13:15" and answered "10:00 AM" with "Time
 * should be in xx:xx format." (review_str_v1 #204); "17.00" or "2:00 PM" breaks it the same way,
 * as "2023/10/18" breaks a date "in the format YYYY-MM-DD". Undefined when the value fits or the
 * doc states no form.
 */
export function statedFormProblem(value: unknown, description: string): string | undefined {
  if (typeof value !== 'string') return undefined;
  const v = value.trim();
  if (/24[- ]hour format|\bxx:xx\b|\bHH:MM\b(?!:)/i.test(description) && !/\bYYYY\b/i.test(description)) {
    return /^(?:[01]?\d|2[0-3]):[0-5]\d$/.test(v) ? undefined : 'Time should be in xx:xx format.';
  }
  // A date alone: a doc that adds a time ("YYYY-MM-DD HH:MM") states another form.
  if (/\bYYYY-MM-DD\b(?![ T]?[Hh]{2})/.test(description)) {
    return /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/.test(v) ? undefined : 'Date should be in YYYY-MM-DD format.';
  }
  return undefined;
}

/**
 * The answer a call the API refuses gets, in the API's own shape: AMap (GaodeMap) answers a bad
 * parameter value with its status object, as T-Eval's recorded answers show ({'status': '0', 'info':
 * 'INVALID_PARAMS', 'infocode': '20000'} for coordinates given lat,lon); other APIs with an error object.
 */
export function refusalContent(name: string, message: string): string {
  if (/^GaodeMap\./.test(name) && /^Invalid value for parameter/.test(message)) return '{"status": "0", "info": "INVALID_PARAMS", "infocode": "20000"}';
  // Bing Maps answers a waypoint it cannot place with its 404 body, as T-Eval recorded it ('Pizza Restaurant').
  const waypoint = /^BINGMap\./.test(name) ? /"([^"]+)" is no 'lat,lon' pair/.exec(message) : null;
  if (waypoint) return bingWaypointError(waypoint[1]);
  return JSON.stringify({ error: message });
}

/** Bing Maps' "not found" for a waypoint, in the form T-Eval's recordings of BINGMap show (review_str_v1 #199: {'text': "{'authenticationResultCode': …, 'errorDetails': […], 'statusCode': 404, …}"}). */
function bingWaypointError(waypoint: string): string {
  const hex = (salt: string, n: number) => createHash('sha256').update(`${salt}:${waypoint}`).digest('hex').slice(0, n);
  const ref = (salt: string) => hex(salt, 32).toUpperCase();
  const body = `{'authenticationResultCode': 'ValidCredentials', 'brandLogoUri': 'http://dev.virtualearth.net/Branding/logo_powered_by.png', 'copyright': 'Copyright © 2023 Microsoft and its suppliers. All rights reserved. This API cannot be accessed and the content and any results may not be used, reproduced or transmitted in any manner without express written permission from Microsoft Corporation.', 'errorDetails': ['One or more locations specified in the waypoint parameter are invalid or require more information.', '${waypoint.replace(/\\/g, '').replace(/'/g, "\\'")}'], 'resourceSets': [], 'statusCode': 404, 'statusDescription': 'Not Found', 'traceId': '${hex('trace', 32)}|PUS000DE23|0.0.0.0|Ref A: ${ref('a')} Ref B: SEL20EDGE0412 Ref C: 2023-10-18T04:56:21Z'}`;
  return `{'text': "${body}"}`;
}

/** The two ends of a window a call takes, by the names tools give them (checkIn/checkOut, start_time/end_time). */
const WINDOW_ENDS: [RegExp, RegExp][] = [
  [/^check_?in(_?date)?$/i, /^check_?out(_?date)?$/i],
  [/^start(_?(time|date|datetime))?$/i, /^end(_?(time|date|datetime))?$/i],
  [/^(from|begin)(_?(time|date))?$|^date_?from$/i, /^(to|until)(_?(time|date))?$|^date_?to$/i],
  [/^(departure|depart)(_?(time|date))?$/i, /^(return|arrival)(_?(time|date))?$/i],
];

/** A date "2023-10-25" (with an optional time) or a clock time "12:00" as a comparable key, with its kind. */
function windowPoint(v: unknown): { kind: 'day' | 'clock'; at: string; hasTime: boolean } | undefined {
  if (typeof v !== 'string') return undefined;
  const t = v.trim();
  const day = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{1,2}):(\d{2}))?/.exec(t);
  if (day) return { kind: 'day', at: `${day[1]} ${day[2] ? day[2].padStart(2, '0') + ':' + day[3] : '00:00'}`, hasTime: !!day[2] };
  const clock = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(t);
  if (clock) return { kind: 'clock', at: `${clock[1].padStart(2, '0')}:${clock[2]}`, hasTime: true };
  return undefined;
}

/**
 * A window whose end is not after its start: check-out 2023-10-22 for check-in 2023-10-25, a room
 * wanted from 12:00 to 10:00. No service books or prices such a window; it refuses the call. A range
 * of whole days may start and end on one day (start_date = end_date); a stay or a booked time may not.
 */
export function reversedWindow(args: Record<string, unknown>): { start: string; end: string; startValue: string; endValue: string; same: boolean } | undefined {
  const keys = Object.keys(args);
  for (const [startRe, endRe] of WINDOW_ENDS) {
    const start = keys.find((k) => startRe.test(k));
    const end = keys.find((k) => endRe.test(k));
    if (!start || !end) continue;
    const [a, b] = [windowPoint(args[start]), windowPoint(args[end])];
    if (!a || !b || a.kind !== b.kind) continue;
    const stay = /check/i.test(start) || a.hasTime;
    if (b.at < a.at || (stay && b.at === a.at)) return { start, end, startValue: String(args[start]).trim(), endValue: String(args[end]).trim(), same: b.at === a.at };
  }
  return undefined;
}

// -------------------------------------------------------------------------------------------
// Environment failures, worded per kind and per API
// -------------------------------------------------------------------------------------------

/**
 * The version of the environment-failure wordings below (environmentMessage), part of
 * diversify-external's version: 2 — every wording one a retry can get past (a permission check the
 * authorization service did not answer, a per-minute quota with its reset, a resource another
 * process holds open), none that says a retry cannot help (an invalid key, a missing scope, a
 * monthly quota, no such device).
 */
export const ENVIRONMENT_WORDING_VERSION = 'env-wording-12'; // 12 (h-solv30): a wait a simulated failure asks for is 1 to 5 s ("Retry-After: 3", "retry in 2s", "The quota resets in 5 s"), never 30 to 120 s, and no 403 blocks a caller "for a while after unusual traffic; try again later" (a 403 for a request signed with a key rotated in flight says to retry it): the ground truth retries at once, as CRITICTOOL's protocol has it, which a careful model does not after "Retry-After: 60" (env_retry_before_wait, new, 99/111 on g0: bfcl_multi_turn_base_43-env-k6, 130-env-k1). 11 (h-envbase26): a remote 429 quotes no allowance per key ("Rate limit exceeded for get_distance. Retry later.", never ": 60 requests per minute allowed" after 2 calls shown; env_rate_allowance_quoted 15/525 on f56). 10 (h-env25): a local throttle quotes no count of operations or calls: the load is other programs' ("echo failed: throttled while other programs used the storage heavily"), never "throttled after 20 operations in the last second" after 3 calls shown nor "5 calls are already running, over the limit of 4 at once" beside a history of one call at a time (env_throttle_count_unreached 17/800 on f52); a tool whose own doc says it fetches from the Internet fails as a network API (localityOf onlineTool: PPT.get_image no longer "waiting for a lock another operation holds on the file", env_error_unfit_nature 3/800). 9 (h-env24): a failure's status or errno and its cause agree: no 403 "because the authorization service did not respond" (a 403 is an answer), no local permission fault at all (an errno-13 PermissionError blamed on expired session credentials, EACCES on a policy service that did not answer; LOCAL_KINDS drops permission_denied), a local timeout without errno 110 (ETIMEDOUT is "Connection timed out"); env_error_cause_contradicts 65/800 on f46. 8: a proxy failure as requests writes it ("ProxyError: Max retries exceeded with url: /get_stock_info (Caused by ProxyError('Unable to connect to proxy', OSError('Tunnel connection failed: 502 Bad Gateway')))"), never a tunnel "for" a function. 7 (h-env9): a file system's echo, cp, mv, rm and rmdir fail writing to the disk, not reading from it (WRITING_CALL; io_error_direction_wrong widened to the disk); Earlier versions: docs/method-versions.md.

/**
 * Wordings per kind, each naming the API. A network API fails as HTTP APIs do — a status line,
 * headers such as Retry-After, an error body in a shape real APIs document (Google's
 * `{"error": {"code", "message", "status"}}`, AMap's `{"status": "0", "info": ...}`), or the
 * client library's exception — and never names a host (it would be an invented one). Local
 * software (a file system, a car's controls, math) fails as local software does: errno-style
 * OS errors — permission denied, busy or locked, I/O error, device not ready, timed out — never
 * an HTTP status or a billing quota. Every wording reads as exactly its kind to
 * pipeline/errors/environment.ts (tests hold them to it).
 */
/** Waits (seconds) a failure asks for that a retry at once, the protocol's next step, still keeps to: about a model's own turn. */
const RETRY_NOW_WAITS = [1, 2, 3, 5];

const REMOTE: Record<EnvironmentErrorKind, ((api: string, rng: Rng) => string)[]> = {
  rate_limit: [
    // No allowance per key ("60 requests per minute allowed"): a count of the key's calls the case cannot check, and one
    // its few calls over several turns seem to contradict (env_rate_allowance_quoted: bfcl_multi_turn_base_43-env-k6 after 9 calls).
    // A wait of a few seconds at most: the protocol's retry comes at once, and after "Retry-After: 60" a careful model
    // would not send the call again but tell the user (env_retry_before_wait: 99/111 on g0, bfcl_multi_turn_base_43-env-k6).
    (api, r) => `HTTP 429 Too Many Requests\nRetry-After: ${r.pick(RETRY_NOW_WAITS)}\n{"error": {"code": 429, "message": "Rate limit exceeded for ${api}. Retry later."}}`,
    (api, r) => `{"error": {"code": 429, "status": "RESOURCE_EXHAUSTED", "message": "Too many requests to ${api}; retry in ${r.pick(RETRY_NOW_WAITS)}s."}}`,
    (api, r) => `429 Client Error: Too Many Requests for ${api} (x-ratelimit-remaining: 0, x-ratelimit-reset: ${r.pick(RETRY_NOW_WAITS)})`,
  ],
  // Permission and quota failures as real APIs word them when they pass: the protocol's retry is
  // the careful next step only then (an invalid key, a missing scope or a monthly quota never pass).
  permission_denied: [
    // No 403 "because the authorization service did not respond": a 403 is the service's answer, and one that got
    // no answer from its authorization service fails as a 503 or a timeout (h-read23, bfcl_multi_turn_base_130-env-k1).
    // Not a bearer challenge: the APIs here take no bearer token (arXiv none at all, Serper an X-API-KEY
    // header), and RFC 6750's challenge codes are invalid_request, invalid_token, insufficient_scope, none
    // of which passes. Not a caller "blocked for a while after unusual traffic; try again later" with Retry-After: 60 either:
    // a block the protocol's at-once retry would only prolong (env_retry_before_wait, bfcl_multi_turn_base_130-env-k1). A request
    // signed with a key rotated while it was in flight is refused once and goes through when sent again.
    (api) => `HTTP 403 Forbidden\n{"error": {"code": 403, "status": "PERMISSION_DENIED", "message": "The request to ${api} was signed with a key that was rotated while it was in flight; the new key is in place, so retry the request."}}`,
    (api) => `{"error": {"code": 401, "status": "UNAUTHENTICATED", "message": "The access token for ${api} expired while the request was in flight and has been renewed; send the request again."}}`,
  ],
  quota_exceeded: [
    (api, r) => {
      const s = r.pick(RETRY_NOW_WAITS);
      return `HTTP 429 Too Many Requests\nRetry-After: ${s}\n{"error": {"code": 429, "status": "RESOURCE_EXHAUSTED", "message": "Quota exceeded for quota metric 'Queries' and limit 'Queries per minute' of ${api}. The quota resets in ${s} s."}}`;
    },
    (api, r) => `HTTP 403 Forbidden\n{"statusCode": 403, "message": "Out of call volume quota for ${api}. Quota will be replenished in 00:00:${String(r.pick(RETRY_NOW_WAITS)).padStart(2, '0')}."}`,
  ],
  timeout: [
    (api, r) => `HTTP 504 Gateway Timeout\n{"error": {"code": 504, "message": "${api} did not answer in time."}}`,
    (api, r) => `ReadTimeout: the request to ${api} timed out (read timeout=${r.pick([5, 10, 30])})`,
    (api, r) => `Request to ${api} timed out after ${r.pick([10, 15, 30, 60])} seconds`,
    // Before anything was sent: the one timeout after which a call that does something may be sent again.
    (api, r) => `ConnectTimeout: Max retries exceeded with url: /${apiOf(api)} (Caused by ConnectTimeoutError('Connection timed out. (connect timeout=${r.pick([5, 10, 30])})'))`,
  ],
  connection_error: [
    (api) => `ConnectionError: ('Connection aborted.', ConnectionResetError(104, 'Connection reset by peer')) while calling ${api}`,
    (api) => `ConnectionError: Max retries exceeded with url: /${apiOf(api)} (Caused by NewConnectionError('Failed to establish a new connection: [Errno 111] Connection refused'))`,
    // A proxy's tunnel goes to a host, never to a function: requests' own ProxyError, naming only the path (h-read23 read
    // "the tunnel connection for get_stock_info failed" as no message a client library writes).
    (api) => `ProxyError: Max retries exceeded with url: /${apiOf(api)} (Caused by ProxyError('Unable to connect to proxy', OSError('Tunnel connection failed: 502 Bad Gateway')))`,
  ],
  server_error: [
    (api) => `HTTP 500 Internal Server Error\n{"error": {"code": 500, "status": "INTERNAL", "message": "Internal error encountered while processing ${api}."}}`,
    (api, r) => `HTTP 503 Service Unavailable\nRetry-After: ${r.pick(RETRY_NOW_WAITS)}\n{"error": {"code": 503, "message": "${api} is temporarily unavailable. Please try again later."}}`,
    (api) => `HTTP 502 Bad Gateway\n{"error": {"code": 502, "message": "Bad gateway: invalid answer from the server behind ${api}."}}`,
  ],
};

/** An API (its own name, without the toolkit) that puts something somewhere: a save, a write, a page added to a deck. */
// The file system's own short verbs write too: echo into a file, cp, mv, rm, rmdir ("echo failed: I/O error (EIO) reading from the disk" read as a read).
export const WRITING_CALL = /write|save|create|export|add|insert|append|update|upload|delete|remove|set_|mkdir|touch|move|copy|rename|send|post|book|reserve|^(?:echo|cp|mv|rm|rmdir)$/i;

const LOCAL: Record<EnvironmentErrorKind, ((api: string, rng: Rng) => string)[]> = {
  // Local software has no billing quota, but it does cap how many operations it takes at once or
  // per second: its "not now" says that limit (a rate limit worded as a lock read as another kind).
  rate_limit: [
    // One cause a message: EBUSY says the device is in use, not that calls come too fast; a throttle's
    // errno is EAGAIN ("try again"). No count of operations: the case shows its calls one at a time, a
    // few in all, and "throttled after 20 operations in the last second" after 3 of them said more than it
    // shows (env_throttle_count_unreached); the load is other programs', as on any shared machine.
    (api) => `BlockingIOError: [Errno 11] Resource temporarily unavailable: ${api} was throttled while other programs kept the device busy; try again shortly`,
    callsOverLimit('device'),
    (api) => `${api} failed: throttled while other programs used the device heavily; try again shortly`,
  ],
  // None (LOCAL_KINDS leaves it out): a local permission fault is the errno of a file's mode (EACCES,
  // EPERM), which no retry changes, and a car's controls or the clock have no login to expire. The
  // wordings that said one passed joined an OS errno to a session or a network service ("PermissionError:
  // [Errno 13] Permission denied …: the session's credentials expired and are being renewed", "EACCES …
  // the policy service did not answer"; env_error_cause_contradicts).
  permission_denied: [],
  quota_exceeded: [
    (api) => `OSError: [Errno 122] Disk quota exceeded while running ${api}`,
    (api) => `OSError: [Errno 28] No space left on device while running ${api}`,
  ],
  timeout: [
    (api, r) => `TimeoutError: Operation timed out after ${r.pick([5, 10, 30])} s while running ${api}`,
    (api, r) => `${api} failed: the operation timed out after ${r.pick([2000, 5000, 10000])} ms waiting for the device to acknowledge`,
    (api) => `${api} failed: timed out waiting for the lock on the device`,
  ],
  connection_error: [
    (api) => `${api} failed: device not ready; the connection to the controller was lost`,
    (api) => `BrokenPipeError: [Errno 32] Broken pipe while running ${api}: the connection to the controller dropped`,
    (api) => `${api} failed: the device is not connected (ENOTCONN)`,
  ],
  server_error: [
    (api) => `OSError: [Errno 5] Input/output error while running ${api}`,
    // A call that writes fails writing (save_file, add_text_image_page), one that reads reading.
    (api) => `${api} failed: I/O error (EIO) ${WRITING_CALL.test(api) ? 'writing to' : 'reading from'} the device`,
    (api, r) => `${api} failed: internal fault in the ${r.pick(['controller', 'driver', 'storage layer'])} (I/O error); the operation was aborted`,
    (api) => `OSError: [Errno 5] Input/output error opening the device for ${api}; nothing was written`,
  ],
};

/**
 * Files and slide decks (a file system's cd, cat, echo; a presentation saved to disk) have no
 * controller to lose: a connection error there is the network share the files live on (ENOTCONN's
 * "Transport endpoint is not connected", a reset, a host that is down), an I/O error the disk's.
 */
const FILES: Record<EnvironmentErrorKind, ((api: string, rng: Rng) => string)[]> = {
  rate_limit: [
    (api) => `BlockingIOError: [Errno 11] Resource temporarily unavailable: ${api} was throttled while other programs kept the disk busy; try again shortly`,
    callsOverLimit('storage'),
    (api) => `${api} failed: throttled while other programs used the storage heavily; try again shortly`,
  ],
  permission_denied: LOCAL.permission_denied,
  quota_exceeded: LOCAL.quota_exceeded,
  timeout: [
    LOCAL.timeout[0],
    (api, r) => `${api} failed: the operation timed out after ${r.pick([2000, 5000, 10000])} ms waiting for a lock another operation holds on the file`,
  ],
  connection_error: [
    (api) => `OSError: [Errno 107] Transport endpoint is not connected while running ${api} on the network share that holds the files`,
    (api) => `ConnectionResetError: [Errno 104] Connection reset by peer while running ${api} on the network share that holds the files`,
    (api) => `OSError: [Errno 112] Host is down while running ${api}: the server of the network share did not answer`,
  ],
  server_error: [
    LOCAL.server_error[0],
    (api) => `${api} failed: I/O error (EIO) ${WRITING_CALL.test(api) ? 'writing to' : 'reading from'} the disk`,
    (api) => `${api} failed: internal fault in the storage layer (I/O error); the operation was aborted`,
    (api) => `OSError: [Errno 5] Input/output error opening the file for ${api}; nothing was written`,
  ],
};

/** A toolkit that keeps files or slide decks (GorillaFileSystem, FileOperation, PPT). */
export const FILES_TOOLKIT = /file|folder|director|disk|ppt|presentation|slide|document/i;

/** A tool that only computes (a conversion, the weekday, a zip code): a busy worker, a timeout, a crashed process; no device or lock. */
const COMPUTE: Record<EnvironmentErrorKind, ((api: string, rng: Rng) => string)[]> = {
  rate_limit: [
    (api) => `BlockingIOError: [Errno 11] Resource temporarily unavailable while running ${api}: throttled while other programs' calls kept every worker busy`,
    callsOverLimit('worker pool'),
  ],
  permission_denied: [],
  quota_exceeded: LOCAL.quota_exceeded,
  timeout: [
    (api, r) => `TimeoutError: Operation timed out after ${r.pick([5, 10, 30])} s while running ${api}`,
    (api, r) => `${api} failed: the operation timed out after ${r.pick([2000, 5000, 10000])} ms`,
  ],
  connection_error: [
    // A refusal that may pass (the worker restarting), not "the service is not running", after which a retry is futile.
    (api) => `ConnectionRefusedError: [Errno 111] Connection refused: the worker for ${api} was restarting and took no calls; try again`,
    (api) => `BrokenPipeError: [Errno 32] Broken pipe: the worker running ${api} exited before answering`,
  ],
  server_error: [
    (api) => `${api} failed: the worker process crashed with an internal error; try again later`,
    (api, r) => `${api} failed: internal error (exit status ${r.pick([1, 70, 134, 139])}) in the worker; try again later`,
  ],
};

/** AMap (GaodeMap) answers a failure in its own body, status "0" and an info code; a client's timeout or dropped connection stays the client's. */
const AMAP: Record<EnvironmentErrorKind, ((api: string, rng: Rng) => string)[]> = {
  rate_limit: [
    (api) => `{"status": "0", "info": "CUQPS_HAS_EXCEEDED_THE_LIMIT", "infocode": "10019", "message": "Too many requests per second to ${api}"}`,
    (api) => `{"status": "0", "info": "ACCESS_TOO_FREQUENT", "infocode": "10004", "message": "${api} is called too often; slow down"}`,
  ],
  // AMap's key errors (10001 INVALID_USER_KEY, 10009 USERKEY_PLAT_NOMATCH, 10012 INSUFFICIENT_PRIVILEGES) never
  // pass: a denial that does comes from the gateway in front of it, in the gateway's words.
  permission_denied: REMOTE.permission_denied.slice(0, 1),
  // AMap's daily limits (10003, 10044) last the day; its per-key per-second quota (10020) passes.
  quota_exceeded: [
    (api) => `{"status": "0", "info": "CKQPS_HAS_EXCEEDED_THE_LIMIT", "infocode": "10020", "message": "The key's per-second quota for ${api} is used up; it refills within a second"}`,
  ],
  timeout: REMOTE.timeout.slice(1),
  connection_error: REMOTE.connection_error.slice(0, 2),
  server_error: [
    (api) => `{"status": "0", "info": "ENGINE_RESPONSE_DATA_ERROR", "infocode": "30001", "message": "The engine behind ${api} returned no usable data"}`,
    (api) => `{"status": "0", "info": "ENGINE_RESPONSE_DATA_ERROR", "infocode": "30001", "message": "${api} failed on the server; try again later"}`,
  ],
};

/** The kinds a local tool can really fail with (no billing quota on a car's controls or a calculator). */
// No permission_denied either: no local permission fault passes on a retry, and every environment failure here must.
export const LOCAL_KINDS: readonly EnvironmentErrorKind[] = ['rate_limit', 'timeout', 'connection_error', 'server_error'];

/**
 * A failure message in the words of the thing that failed. A server names its endpoint
 * (`get_room_status`), a program its function: neither knows the benchmark's `Toolkit.api` label,
 * which read as the message having been written by the benchmark (692 of 800 external cases).
 */
export function environmentMessage(kind: EnvironmentErrorKind, api: string, rng: Rng, locality: ToolLocality = 'remote', computation = false): string {
  const pool = locality === 'local' ? (computation ? COMPUTE : FILES_TOOLKIT.test(toolkitOf(api)) ? FILES : LOCAL) : /^(GaodeMap|AMap)\./i.test(api) ? AMAP : REMOTE;
  let wordings = pool[kind];
  if (wordings.length === 0) throw new Error(`no ${kind} wording for ${api}: a ${locality} tool never fails so (LOCAL_KINDS)`);
  // A call a second try could do twice fails in words that say it never ran: after a read timeout
  // or a reset the careful next step is to look whether the flight was booked, not to book again.
  if (UNREPEATABLE_CALL.test(apiOf(api))) {
    const never = wordings.filter((w) => NEVER_RAN.test(w(apiOf(api), new Rng(0))));
    if (never.length > 0) wordings = never;
  }
  return rng.pick(wordings)(apiOf(api), rng);
}

/** An API (its own name) that does something a second call would do again: a message sent twice, a second booking, an order placed twice, a slide added twice. */
export const UNREPEATABLE_CALL = /(^|_)(send|post|comment|mention|retweet|place_order|make_transaction|transfer|fill_fuel|book|purchase|reserve|create_ticket|pay|buy|sell|invest|deposit|withdraw|fund|contact)(_|$)|^add_\w*page$|^create_\w*page$/i;

/** A failure wording that says the call never ran: refused or cut off before it was sent, a limit or a denial at the door, a lock not taken, a file not opened. */
export const NEVER_RAN = /ConnectTimeout|Unable to connect to proxy|Connection refused|waiting for (the|a) lock|not connected|ENOTCONN|Host is down|Too Many Requests|RESOURCE_EXHAUSTED|\b429\b|quota|throttled|EAGAIN|temporarily unavailable|Forbidden|PERMISSION_DENIED|UNAUTHENTICATED|Permission denied|EACCES|No space left|nothing was written/i;

// -------------------------------------------------------------------------------------------
// Plausible answers
// -------------------------------------------------------------------------------------------

const FIRST = ['Alice', 'Bob', 'Carmen', 'David', 'Elena', 'Farid', 'Grace', 'Hiro', 'Ines', 'Jonas', 'Keiko', 'Liam', 'Maya', 'Noah', 'Olga', 'Priya'];
const LAST = ['Anderson', 'Brown', 'Chen', 'Dubois', 'Evans', 'Fischer', 'Garcia', 'Haddad', 'Ito', 'Jensen', 'Kowalski', 'Lopez', 'Müller', 'Novak', 'Okafor', 'Patel'];
const CITIES = ['London', 'Paris', 'Berlin', 'Tokyo', 'New York', 'San Francisco', 'Toronto', 'Sydney', 'Madrid', 'Singapore', 'Seoul', 'Amsterdam'];
/** Real universities, for the affiliation of a person this answer made up (never "University of New York", which does not exist). */
const UNIVERSITIES = ['University of Toronto', 'University of Tokyo', 'University of Amsterdam', 'National University of Singapore', 'Seoul National University', 'Technical University of Munich', 'University College London', 'Complutense University of Madrid', 'University of Melbourne', 'ETH Zurich', 'University of Edinburgh', 'KTH Royal Institute of Technology'];
const COMPANY_KINDS = ['Group', 'Holdings', 'Partners', 'Technologies', 'Labs'];
const WEATHER = ['Sunny', 'Partly cloudy', 'Cloudy', 'Light rain', 'Showers', 'Clear', 'Overcast', 'Windy'];
const GENRES = ['Drama', 'Comedy', 'Science Fiction', 'Documentary', 'Thriller', 'Animation', 'Romance', 'Adventure'];
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
const pad = (n: number) => String(n).padStart(2, '0');
const round = (x: number, d: number) => Math.round(x * 10 ** d) / 10 ** d;

function humanize(name: string): string {
  return name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').trim().toLowerCase();
}

function slug(text: string): string {
  return text.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'item';
}

/** The nights between a call's check-in and check-out days (Airbnb's checkIn / checkOut), when both are ISO days a few weeks apart at most. */
export function stayNights(args: Record<string, unknown>): number | undefined {
  const day = (re: RegExp) => Object.entries(args).find(([k, v]) => re.test(k) && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v))?.[1] as string | undefined;
  const from = day(/^check_?in/i);
  const to = day(/^check_?out/i);
  if (!from || !to) return undefined;
  const nights = Math.round((Date.parse(to.slice(0, 10)) - Date.parse(from.slice(0, 10))) / 86_400_000);
  return nights >= 1 && nights <= 60 ? nights : undefined;
}

/** "films" → "film", "properties" → "property"; "address", "status", "analysis" stay as they are. */
export function singular(name: string): string {
  if (/ies$/.test(name)) return name.replace(/ies$/, 'y');
  if (/(ss|us|is)$/.test(name)) return name;
  return name.replace(/s$/, '');
}

interface Ctx {
  rng: Rng;
  /** A geocoder asked for a place the table knows by name ("Times Square, New York City"): its coordinates are that place's, a street's width off at most. */
  pinpoint?: boolean;
  /** Top-level fields every real answer of this API holds as a list (recordedLists). */
  lists?: ReadonlySet<string>;
  args: Record<string, unknown>;
  /** The call's first string argument: what the call is about. */
  topic: string;
  /** The topic when it reads as words (not an id, a path or coordinates): what free text may be about. */
  subject: string;
  api: string;
  /** What the answer is about (API name, the enclosing field's description): "property", "room"... */
  hint: string;
  /** The call's place argument (place, city, location...), else the place the task is about: for addresses. */
  place?: string;
  /** Where that place is, when it is a known one: coordinates go near it. */
  near?: Place;
  /**
   * Dates of one answer run forward from one day, so a forecast or a history reads in order; none
   * after `until` (the task's day, for an answer about what already happened: films now playing,
   * papers published, reviews written).
   */
  dates: { base: number; next: number; until?: number };
  /** The day the task is on (knownFacts.ts taskToday), when something the task showed dates it. */
  today?: string;
  /** How many results the user asked for (askedCount.ts). */
  asked?: number;
  /** A search field whose recordings list at least `atLeast` results: drawn as many as its doc's "at most N" allows when that is no more. */
  full?: { field: string; atLeast: number };
  /** The things the request names for a status look-up (askedCount.ts namedItems): its list answers for these only. */
  named?: string[];
  /** What the task's other steps name that a status look-up's list must hold, each with their status (askedCount.ts itemsUsedElsewhere). */
  used?: UsedItem[];
  /** What a search looked for ("sushi restaurant"), when the call says it in words: what found places are. */
  term?: string;
  /** Venue names an answer already gave: one list does not name two places alike. */
  names: Set<string>;
  /** Records a list field must hold at least (one per value carried in it). */
  minItems: Map<string, number>;
  /** What earlier answers said about the thing the call looks up (knownFacts.ts); top-level fields only. */
  known?: KnownFacts;
  /** List fields that carry ids written as codes ("O89oBDOtbPMJ"): the ids made up beside them are codes too. */
  codeLists?: Set<string>;
  /** The length every flat list of the answer shares, once the first is drawn; at least the most values any carries. */
  parallel: { n?: number; atLeast: number };
  /** Top-level lists every recording of the API fills to one length, by field (recordedPageSizes): TMDB's five films, Airbnb's three reviews. */
  pageSizes?: ReadonlyMap<string, number>;
  /** The trip a distance or route call asks about (trips.ts): its length follows the map. */
  trip?: Trip;
  /** The person this answer is about, once its name field is drawn: their homepage is named for them. */
  person?: string;
  /** The weather this answer has said so far (shared by its records): the last day's temperature, whether that day snows. */
  weather: { last?: number; snow?: boolean };
}

const DAY = 86_400_000;
const LANDMARK = /\b(square|park|liberty|bridge|building|tower|museum|station|airport|hotel|headquarters|statue|monument|palace|cathedral|church|castle|beach|zoo|stadium|terrace)\b/i;

function date(c: Ctx): string {
  const d = new Date(Math.min(c.dates.base + c.dates.next++ * DAY, c.dates.until ?? Infinity));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** A person of one answer: no first or last name two people of the answer share (three reviewers "Maya Garcia", "Farid Evans", "Maya Fischer" read as drawn from a short list). */
function personName(c: Ctx): string {
  const fresh = (pool: readonly string[], kind: string) => {
    const picked = c.rng.pick(pool);
    if (!c.names.has(`${kind}:${picked}`)) return c.names.add(`${kind}:${picked}`), picked;
    const free = pool.filter((x) => !c.names.has(`${kind}:${x}`));
    const again = free.length ? c.rng.pick(free) : picked;
    c.names.add(`${kind}:${again}`);
    return again;
  };
  return `${fresh(FIRST, 'first-name')} ${fresh(LAST, 'last-name')}`;
}

/** A paper a search found: published some time up to five years before the answer's day, in no order (a search ranks by relevance, not by date). */
function publishedDate(c: Ctx): string {
  const day = Math.min(c.dates.base - c.rng.int(0, 5 * 365) * DAY, c.dates.until ?? Infinity);
  const d = new Date(day);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

const COUNTRIES = ['United States', 'China', 'Japan', 'France', 'United Kingdom', 'South Korea', 'Germany', 'India', 'Italy', 'Spain'];
const TITLES = ['The Quiet Harbor', 'Northern Lights', 'Riverside Loft', 'A Year in Review', 'City Center Studio', 'The Long Road Home', 'Sunset Terrace', 'Blue Horizon'];

/** A call about a rental listing (Airbnb's properties). */
const RENTAL = /propert|airbnb|hotel|room/i;

const ADJECTIVES = ['Cozy', 'Bright', 'Modern', 'Quiet', 'Spacious', 'Charming'];

/**
 * A person's articles when earlier searches listed papers with their authors (KnownFacts.papers): the
 * ones whose publication line names them first, then titles on the topic that no line gives to anyone
 * else. "Renewable energy: trends…" by G Anderson, C Novak and P Brown is not among Robert Gross's articles.
 */
function personsPapers(c: Ctx, n: number): string[] | undefined {
  const person = c.known?.name;
  const papers = c.known?.papers;
  if (!person || !papers?.length) return undefined;
  const own = [...new Set(papers.filter((p) => namesAuthor(p.publication, person)).map((p) => p.title))];
  const taken = new Set(papers.map((p) => p.title.toLowerCase()));
  const fresh = paperTitles(textCtx(c), Math.max(n, 8)).map(cap).filter((t) => !taken.has(t.toLowerCase()));
  return [...own, ...fresh].slice(0, Math.max(n, Math.min(own.length, 3)));
}

/**
 * Paper titles for a search, none an earlier search of the task listed (KnownFacts.papers): the same
 * title drawn again would stand under another id and citation count (teval_query_187_0:
 * "Quantum computing: a review" cited by 8336, then by 14734).
 */
function freshPaperTitles(c: Ctx, n: number): string[] {
  const taken = new Set((c.known?.papers ?? []).map((p) => p.title.trim().toLowerCase()));
  if (!taken.size) return paperTitles(textCtx(c), n).map(cap);
  const fresh = paperTitles(textCtx(c), n + taken.size).map(cap).filter((t) => !taken.has(t.trim().toLowerCase()));
  return fresh.length >= n ? fresh.slice(0, n) : [...fresh, ...paperTitles(textCtx(c), n).map(cap)].slice(0, n);
}

function textCtx(c: Ctx): TextCtx {
  return { rng: c.rng, args: c.args, subject: c.subject, hint: c.hint, ...(c.known?.title ? { title: c.known.title } : {}), ...(c.known?.publication ? { publication: c.known.publication } : {}), ...(knownGenre(c.known?.fields) ? { genre: knownGenre(c.known?.fields) } : {}), ...(c.known?.fields ? { listed: c.known.fields } : {}), ...(c.trip ? { trip: c.trip } : {}), ...(c.near ? { near: c.near } : {}), used: c.names };
}

/**
 * The kinds of place a search asks for, as its last words ("Italian restaurant", "gas station"), with
 * the singular a sign carries at the end of one place's name where it has one ("Eleven Madison Park",
 * "Madison Square Garden" is none of them): one table for PLACE_CATEGORY and namedLikeAKind.
 */
const PLACE_KINDS: [kind: string, signed?: string][] = [
  ['restaurants?', 'restaurant'], ['caf[eé]s?', 'caf[eé]'], ['coffee shops?'], ['hotels?', 'hotel'], ['stations?', 'station'], ['parks?', 'park'],
  ['museums?', 'museum'], ['shops?'], ['stores?'], ['bars?', 'bar'], ['markets?', 'market'], ['attractions?'], ['galler(?:y|ies)', 'gallery'],
  ['theat(?:er|re)s?', 'theat(?:er|re)'], ['cinemas?'], ['camping'], ['campsites?'], ['beach(?:es)?', 'beach'], ['eater(?:y|ies)'], ['baker(?:y|ies)'],
  ['pharmac(?:y|ies)'], ['hospitals?', 'hospital'], ['schools?', 'school'], ['gyms?'], ['catering'], ['spaces?'], ['exhibitions?'],
];
/** A kind of place a search asks for ("Italian restaurant", "gas station"), whatever its letter case. */
const PLACE_CATEGORY = new RegExp(`\\b(?:${PLACE_KINDS.map(([k]) => k).join('|')})$`, 'i');
/** The last word of one place's name that is a kind's sign ("Park" of "Griffith Park"). */
const SIGNED_KIND = new RegExp(`^(?:${PLACE_KINDS.flatMap(([, s]) => (s ? [s] : [])).join('|')})$`, 'i');

/** A search term naming one place (Le Bernardin, Times Square, an address) rather than a kind of place. */
export function namesOnePlace(term: string): boolean {
  const t = term.trim();
  if (!/(^|\s)\p{Lu}/u.test(t) && !/\d/.test(t)) return false;
  return !PLACE_CATEGORY.test(t) || namedLikeAKind(t);
}

/** Words that make "X Park", "X Museum" a kind of place rather than one place's name ("Water Park", "Art Museum", "High School"). */
const KIND_MODIFIER = /^(?:art|science|history|children's|train|bus|subway|gas|police|fire|high|middle|elementary|primary|public|farmers'?|flea|water|amusement|theme|national|state|city|dog|skate|night|super|fish|food|coffee|book|grocery|convenience|department|movie|local|nearby|best|top|good|popular|famous|cheap|luxury|boutique|italian|french|chinese|japanese|mexican|indian|thai|korean|vegan|vegetarian|seafood|sushi|pizza)$/i;

/**
 * A one-place name that ends in a kind's word: capitalised words before a singular kind that signs
 * carry ("Eleven Madison Park", a restaurant; "Griffith Park"), not a kind with a modifier ("Water
 * Park", "Art Museum"). Called only on a term PLACE_CATEGORY reads as a kind, so its last word is one.
 */
function namedLikeAKind(term: string): boolean {
  const words = term.split(/\s+/);
  if (words.length < 2 || !words.every((w) => /^[\p{Lu}\d]/u.test(w))) return false;
  if (!SIGNED_KIND.test(words[words.length - 1])) return false;
  return words.length >= 3 || !KIND_MODIFIER.test(words[0]);
}

/** A street address ("321 Industrial Ln, Springfield", "5th Avenue"): a search for it finds the address itself, there. */
export function looksLikeAddress(term: string): boolean {
  return /^\d+[a-z]?\s+\S/i.test(term.trim()) || /\b(street|st|avenue|ave|road|rd|lane|ln|boulevard|blvd|drive|dr)\b\.?(,|$)/i.test(term.trim());
}

/** A search for a town the place table knows ("Paris", "New York City"): it finds places in the town, none named after it. */
export function namesTown(term: string): boolean {
  const t = term.trim();
  const place = placeNamed(t);
  if (!place || place.name.toLowerCase() !== t.toLowerCase()) return false;
  const locale = streetsOf(place, t);
  return locale.town !== '' && t.toLowerCase().startsWith(locale.town.toLowerCase().split(' ')[0]) && !/\b(square|park|tower|bridge|museum|street|avenue|station|airport|beach|building|center|centre)\b/i.test(t);
}

/** The kind a search for places in a town asks for: "top tourist attractions in Paris" → "tourist attractions". */
export function kindSearchedIn(term: string): string | undefined {
  const m = /^(.*?\S)\s+(?:in|near|around)\s+\S.*$/i.exec(term.trim());
  if (!m) return undefined;
  const kind = m[1].replace(/^(?:the\s+)?(?:(?:top|best|most popular|popular|famous|good|great|nearby|local)\s+)+/i, '').trim();
  return PLACE_CATEGORY.test(kind) || /\b(sights?|landmarks?|spots?|places?|things to do)$/i.test(kind) ? kind : undefined;
}

/**
 * A search term that is no place's name but a subject (a film's title, "Spider-Man: No Way Home"; a topic
 * written in lower case, "European history"): a map finds places about it, cinemas showing the film,
 * museums or libraries for the topic, never a place called by the term.
 */
export function placesAbout(term: string): string | undefined {
  const t = term.trim();
  if (looksLikeAddress(t) || PLACE_CATEGORY.test(t) || placeNamed(t)) return undefined;
  if (/\p{L}: \p{L}/u.test(t)) return 'Cinema';
  if (/^\p{Lu}\S*(\s+[a-z]{4,})+$/u.test(t)) return /histor|\bart\b|science|\bwar\b|culture|archaeolog/i.test(t) ? 'Museum' : 'Library';
  // A field of research in lower case ("quantum computing", "machine learning") finds the institutes
  // that work on it, named as institutes are, not "Rossi Quantum Computing".
  if (/^[a-z]+(\s+[a-z]+)+$/.test(t) && /quantum|comput|\blearning\b|intelligence|robotic|genetic|physics|chemistry|biolog|neuro|engineering|nanotech|materials science/.test(t)) return 'Research Institute';
  return undefined;
}

/** What a search for `term` finds, as a venue's name ends: "sushi restaurants" → "Sushi Restaurant". */
function venueKind(term: string): string {
  const words = term.trim().toLowerCase().split(/\s+/);
  words[words.length - 1] = singular(words[words.length - 1]);
  return words.map(cap).join(' ');
}

function titleFor(c: Ctx): string {
  // Places found near a point are named for what was searched ("Blue Door Sushi Restaurant"), not as rentals.
  if (/nearby/i.test(c.hint)) {
    // A search for one named place (Le Bernardin, Times Square, an address) finds that place first,
    // then other places around it; "Harbor View Le Bernardin" is no place's name.
    // A town ("Paris") or a kind of place in a town ("top tourist attractions in Paris") is no place's name:
    // the search finds places there, of the kind asked for.
    const term = c.term?.trim();
    const inTown = term !== undefined ? kindSearchedIn(term) : undefined;
    const about = term !== undefined && !inTown ? placesAbout(term) : undefined;
    const named = term !== undefined && !inTown && !about && !namesTown(term) && namesOnePlace(term);
    if (named && !c.names.has(term)) {
      c.names.add(term);
      return term;
    }
    const kind = about ?? (inTown ? venueKind(inTown) : c.term && !named && !namesTown(c.term) ? venueKind(c.term) : cap(c.rng.pick(['café', 'restaurant', 'hotel', 'market'])));
    // Places in a town whose addresses are written in Chinese are named in Chinese, as the map names them.
    const town = streetsOf(c.near, c.place);
    const zh = town.streets.some((st) => /\p{Script=Han}/u.test(st));
    return zh ? chineseVenueName(kind, c.rng, c.names) : venueName(kind, c.rng, c.names, isCityLocale(town), c.near);
  }
  if (/propert|airbnb|hotel|room|place|restaurant/i.test(c.hint)) {
    return `${c.rng.pick(ADJECTIVES)} ${c.rng.pick(RENTAL_KINDS).toLowerCase()} ${c.subject ? `in ${c.subject}` : `near ${c.rng.pick(streetsOf(c.near, c.place).streets)}`}`;
  }
  // Films like the one a call asks about are other films: a made-up title of their own, never the asked film's
  // title or its topic's (get_similar_movies(8279) listed "Paris" as like the film "Paris", teval_query_69_1).
  if (/similar|recommend/i.test(apiOf(c.api)) && /movie|film/i.test(c.hint)) return filmTitle(c);
  // A film search for a topic ("fitness") finds a film whose title holds it, the same one in every call about it.
  if (c.subject && /movie|film/i.test(c.hint) && !/arxiv|scholar|paper|article/i.test(c.hint) && isTopicQuery(c.subject)) return filmTitleAbout(c.subject);
  // A search by name answers with the thing named: the movie, the company asked for.
  if (c.subject && !/arxiv|scholar|paper|article/i.test(c.hint) && /search|movie|film|ticker|stock|asset/i.test(c.hint)) return c.subject;
  if (!c.subject) return /movie|film/i.test(c.hint) ? filmTitle(c) : distinct(c, TITLES);
  return cap(paperTitles(textCtx(c), 1)[0]);
}

const FILM_ADJECTIVES = ['Silent', 'Last', 'Hidden', 'Broken', 'Golden', 'Crimson', 'Distant', 'Endless', 'Frozen', 'Burning', 'Quiet', 'Lost', 'Wild', 'Midnight', 'Northern', 'Electric', 'Velvet', 'Iron', 'Glass', 'Paper'];
const FILM_NOUNS = ['River', 'Harbor', 'Horizon', 'Kingdom', 'Summer', 'Garden', 'Signal', 'Orchard', 'Empire', 'Road', 'Lantern', 'Tide', 'Canyon', 'Frontier', 'Letters', 'Hours', 'Compass', 'Shadows', 'Winter', 'Station'];

/** A film's title, none already given in this answer (a top-rated list of ten does not hold one film three times). */
function filmTitle(c: Ctx): string {
  for (let tries = 0; tries < 20; tries++) {
    const title = `${c.rng.chance(0.5) ? 'The ' : ''}${c.rng.pick(FILM_ADJECTIVES)} ${c.rng.pick(FILM_NOUNS)}`;
    if (!c.names.has(title)) {
      c.names.add(title);
      return title;
    }
  }
  return `${c.rng.pick(FILM_ADJECTIVES)} ${c.rng.pick(FILM_NOUNS)} ${c.rng.int(2, 4)}`;
}

/** A place the call names that is a building or a sight, not a town ("The Ritz-Carlton", "The Bund", "Times Square"): no address line ends in it. */
const ESTABLISHMENT = /^the\s|\b(ritz|carlton|hilton|marriott|hyatt|sheraton|westin|inn|resort|suites|bund|walk of fame|boardwalk|pier|mall|center|centre|cinema|amc)\b/i;

/**
 * The town an address line ends in: the place the call names when it is a town ("Paris, France",
 * "Ubud"); from a hotel or a sight the call names ("The Ritz-Carlton, New York", "The Bund") the
 * town it is in, as the call gives it; none when the call names no town (the sight alone).
 */
const INSTITUTION = /\b(?:university|college|institute|campus|school|hospital|white house|capitol)\b/i;
function addressTown(c: Ctx): string | undefined {
  if (!c.place) return undefined;
  const parts = c.place.split(',').map((p) => p.trim()).filter(Boolean);
  // A campus or an address is no town either: "61 Serra Street, Stanford University" and "168 Constitution Avenue NW,
  // 1600 Pennsylvania Avenue" end where a town goes in a place no address line ends in (simulated_address_town_not_town).
  const isSight = (p: string) => LANDMARK.test(p) || ESTABLISHMENT.test(p) || INSTITUTION.test(p) || /^\d+[A-Za-z]?\s+\p{L}/u.test(p);
  if (parts.length && !isSight(parts[0])) return c.place.trim();
  const from = parts.findIndex((p, i) => i > 0 && !isSight(p));
  return from > 0 ? parts.slice(from).join(', ') : undefined;
}

/** A name from `pool` this answer has not given yet, while there is one. */
function distinct(c: Ctx, pool: readonly string[]): string {
  return pickFresh(c.rng, pool, c.names, (t) => t);
}

/** The call's own argument an answer field echoes (get_movie_details(movie_id=27205).id is 27205), if any: such a field carries nothing else. */
export function echoedArgument(field: string, args: unknown): unknown {
  return isPlainObject(args) ? argFor(field, args) : undefined;
}

/** An argument of the call that the field names (same name ignoring case and separators, or the field is `<arg>` minus a prefix). */
function argFor(field: string, args: Record<string, unknown>): unknown {
  const f = norm(field);
  if (!f) return undefined;
  for (const [k, v] of Object.entries(args)) {
    const a = norm(k);
    if (a === f || (f.length >= 4 && (a.endsWith(f) || f.endsWith(a)) && Math.min(a.length, f.length) >= 4)) return v;
    // A bare `id` answer field is the id the call asked about (movie_id, propertyId...).
    if (f === 'id' && a.endsWith('id')) return v;
  }
  return undefined;
}

/** Sub-fields a description lists: "containing id, name, and address", "including date, title, ..." (after the last such word). */
export function listedFields(description: string): string[] {
  const m = /^.*\b(?:containing|including|includes|contains|with)\s+([^.;()]+)/is.exec(description);
  if (!m || !/,|\band\b/.test(m[1])) return [];
  return m[1]
    .split(/,|\band\b/)
    .map((s) => s.trim().replace(/^(the|a|an)\s+/i, ''))
    .filter((s) => s && !/\d|\bat most\b/i.test(s) && s.split(/\s+/).length <= 3)
    .map((s) => s.replace(/\s+/g, '_'));
}

function listSize(description: string, rng: Rng): number | undefined {
  const atMost = /at most (\d+)/i.exec(description);
  if (atMost) return rng.int(1, Math.min(5, Number(atMost[1])));
  const exact = /\b(?:a )?list of (\d+)\b|\b(\d+) (?:items|results|papers|articles|records|entries)\b/i.exec(description);
  if (exact) return Math.min(5, Number(exact[1] ?? exact[2]));
  if (/\blist\b|\barray\b|\bsnippets\b/i.test(description)) return rng.int(2, 3);
  return undefined;
}

/** Where a service's own pages live, for links into it (a film's page on Douban). */
const SERVICE_PAGES: [RegExp, (rng: Rng) => string][] = [
  [/douban/i, (rng) => `https://movie.douban.com/subject/${rng.int(1_000_000, 36_999_999)}/`],
  [/airbnb/i, (rng) => `https://www.airbnb.com/rooms/${rng.int(10_000_000, 54_999_999)}`],
  [/arxiv/i, (rng) => `https://arxiv.org/abs/${rng.int(18, 24)}${pad(rng.int(1, 12))}.${String(rng.int(1, 19_999)).padStart(5, '0')}`],
  [/scholar/i, (rng) => `https://scholar.google.com/citations?user=${scholarAuthorId(rng)}`],
];

/**
 * A link a real answer would give: a researcher's homepage named for them, else a page on the
 * service's own site. Only an API nothing here knows gets a reserved example.com address (RFC 2606),
 * which the quality report counts as a placeholder.
 */
function link(f: string, c: Ctx): string {
  const { rng } = c;
  const person = c.known?.name ?? c.person;
  if (person && /website|homepage/.test(f)) {
    const s = slug(person);
    return rng.pick([`https://sites.google.com/view/${s}`, `https://${s.replace(/-/g, '')}.github.io/`, `https://www.${s}.net/`]);
  }
  const page = SERVICE_PAGES.find(([service]) => service.test(c.api))?.[1];
  return page ? page(rng) : `https://www.example.com/${slug(c.topic || f)}/${rng.int(100, 9999)}`;
}

function scalar(field: string, description: string, c: Ctx): unknown {
  const reused = argFor(field, c.args);
  if (reused !== undefined) return reused;
  // What the list this id came from said about its record (the film's release date there) stays true here.
  const listed = knownField(field, c.known?.fields);
  if (listed !== undefined) return listed;
  const f = humanize(field);
  const d = description.toLowerCase();
  const text = `${f} ${d}`;
  const { rng } = c;
  if (/^(is|has|can)\b|\bwhether\b/.test(f) || /\bwhether\b|true or false/.test(d)) return rng.chance(0.7);
  if (/e-?mail/.test(f)) return `${rng.pick(FIRST).toLowerCase()}.${rng.pick(LAST).toLowerCase().normalize('NFKD').replace(/[^a-z]/g, '')}@example.com`;
  // A person's homepage is named for the person (not for the id the call took).
  // "picture_url: the file path to the searched image" is a path, whatever the field is called.
  if (/\b(url|link|website|homepage|href)\b/.test(text) && !/\bfile path\b/.test(d)) return link(f, c);
  if (/\b(picture|image|photo)\b/.test(f) || /\bfile path\b|\bpath\b/.test(text)) return `/data/${slug(c.topic || f)}_${rng.int(1, 99)}.${/image|picture|photo/.test(text) ? 'png' : 'txt'}`;
  // Within about 3 km of the place the task is about, when it is a known one.
  const spread = c.pinpoint ? 0.002 : 0.05;
  // A record whose address an earlier answer gave is on that street (not 3 km off it, across the river).
  // One Airbnb's search lists at "Shinjuku City, Tokyo, Japan" is somewhere in that ward (within about a kilometre of its centre), not at Tokyo's centre.
  const shownAddress = typeof c.known?.fields?.address === 'string' ? c.known.fields.address : undefined;
  const lineAt = shownAddress && isTownLine(shownAddress) ? townLineCentre(shownAddress) : undefined;
  const at = !/\b(latitude|lat|longitude|lon|lng)\b/.test(f) || !shownAddress ? undefined : lineAt ? { lat: round(lineAt.lat + (rng.float() - 0.5) * 0.02, 6), lon: round(lineAt.lon + (rng.float() - 0.5) * 0.02, 6) } : addressPoint(shownAddress, c.near);
  if (/\blatitude\b|\blat\b/.test(f)) return at ? at.lat : c.near ? round(c.near.lat + (rng.float() - 0.5) * spread, 6) : round(rng.float() * 140 - 70, 6);
  if (/\blongitude\b|\blon\b|\blng\b/.test(f)) return at ? at.lon : c.near ? round(c.near.lon + (rng.float() - 0.5) * spread, 6) : round(rng.float() * 340 - 170, 6);
  // Today's weekday is the weekday of the day the task is on, when something dated it (a clock answer).
  if (/weekday|day of (the )?week/.test(text)) return c.today ? weekdayOfDate(c.today) : rng.pick(WEEKDAYS);
  if (/published/.test(f) && /arxiv|paper|article/i.test(c.hint)) return publishedDate(c);
  if (/\bdate\b|published|release|birthday/.test(f) && !/\btime\b/.test(f)) return date(c);
  if (/\btime\b|timestamp/.test(f)) {
    if (/unix|msec|millisecond/.test(d)) return Date.UTC(rng.int(2019, 2024), rng.int(0, 11), rng.int(1, 28)) + rng.int(0, 86_399) * 1000;
    if (/yyyy|date/.test(d)) return `${date(c)} ${pad(rng.int(0, 23))}:${pad(rng.pick([0, 15, 30, 45]))}`;
    return `${pad(rng.int(7, 21))}:${pad(rng.pick([0, 15, 30, 45]))}`;
  }
  if (/\bid\b|identifier|\bids\b/.test(f) || /\bid$/.test(f)) {
    // A Google Scholar author id is written as Scholar writes it ("ZbdN-0AAAAAJ": seven characters, then AAAAJ).
    if (/scholar/i.test(c.api) && /\bauthor/.test(f)) return scholarAuthorId(rng);
    // Google Scholar's result and author ids are always codes ("EQ8shYj8Ai8J"), whatever the doc calls them.
    return !/scholar/i.test(c.api) && (/number|numeric|integer/.test(d) || f === 'id') ? rng.int(100, 99_999) : code(rng);
  }
  if (/temperature|\btemp\b/.test(text)) return temperature(c);
  if (/distance/.test(text)) return tripKm(c) ?? round(rng.int(5, 50_000) / 10, 1);
  if (/duration|minutes|runtime|\blength\b/.test(text)) {
    const km = tripKm(c);
    // A place to itself takes no time at all.
    if (km === 0) return 0;
    if (km !== undefined) return /minute/.test(text) ? driveMinutes(km) : /hour/.test(text) ? round(driveMinutes(km) / 60, 1) : rng.int(5, 180);
    // A film runs as a feature does, 85 to 160 minutes (T-Eval's recorded details run 103 to 175): never the 12 minutes "Nowhere" had (teval_query_262_2).
    if (/film|movie|tmdb|douban/i.test(c.api) && /runtime|minutes|duration/.test(f)) return rng.int(85, 160);
    return rng.int(5, 180);
  }
  // A stay's cost is its nights at a nightly rate a listing charges ($60 to $400; T-Eval recorded $288.22 for five nights
  // in Paris, $705.60 for two in New York), never $47.96 for a week in New York (simulated_stay_cost_per_night_implausible).
  const nights = stayNights(c.args);
  if (nights !== undefined && /cost|price|amount|total/.test(f)) return round(nights * (rng.int(6_000, 40_000) / 100), 2);
  if (/price|cost|amount|balance|fare|salary|revenue|\bopen\b|\bclose\b|\bhigh\b|\blow\b/.test(f)) return round(rng.int(100, 100_000) / 100, 2);
  // Stays and places are rated out of 5 (Airbnb's stars), films out of 10.
  if (/rating|score|vote|average|stars/.test(f)) {
    if (/out of 5|5 stars/.test(d) || /airbnb|propert|hotel|\broom|restaurant|venue/i.test(c.hint)) return round(rng.int(380, 500) / 100, 2);
    return round(rng.int(40, 95) / 10, 1);
  }
  if (/percent|ratio|rate\b|humidity|probability/.test(f)) return rng.int(0, 100);
  // How many a room or a table holds; "want watch people num" counts an audience, below.
  if (/capacity|guests/.test(f) || (/people/.test(f) && !/want|watch|view|follow|num|count/.test(f))) return rng.int(1, 10);
  // A citation, a reference or a format is a formatted string; "cited by" / "citation number" is a count.
  if (isFormattedTextField(f)) return citation(textCtx(c));
  if (/\bpub(lication)? info\b/.test(f)) return pubInfo(textCtx(c));
  // "lon,lat" as AMap writes it (the doc's own format), near the place the call names when it is a known one.
  if (/\bcoordinates?\b/.test(f)) {
    return c.near ? `${round(c.near.lon + (rng.float() - 0.5) * 0.05, 6)},${round(c.near.lat + (rng.float() - 0.5) * 0.05, 6)}` : `${round(rng.float() * 340 - 170, 6)},${round(rng.float() * 140 - 70, 6)}`;
  }
  if (/\b(article|paper|publication)s?\b/.test(f)) return cap(paperTitles(textCtx(c), 1)[0]);
  // TMDB's popularity is a score with three decimals (118.372), not a count, and T-Eval's recordings give none above 2919.272:
  // a made-up film's is from 5 to 2900, never 16307.212 (simulated_film_popularity_beyond_recorded).
  if (/popularity/.test(f) && /movie|film|tmdb/i.test(c.hint)) return round(rng.int(5_000, 2_900_000) / 1000, 3);
  if (/count|number|\bnum\b|capacity|cited|citation|popularity|quantity|\bsize\b|total|volume|people/.test(text)) return rng.int(1, /popularity|volume|people|cited|citation/.test(text) ? 20_000 : 500);
  if (/status|state\b|result of|\bsuccess\b/.test(text)) return `${humanize(apiOf(c.api)).replace(/^./, (ch) => ch.toUpperCase())} completed successfully.`;
  // A record a later step of the plan acts on is available (availability.ts): never "not available", then its details.
  if (/availab/.test(f)) return c.known?.planGoesOn ? true : rng.chance(0.7);
  // The one an earlier call asked about by name (get_author_id's mauthors) is the one this answer is about.
  if (c.known?.name && /author|\bname\b/.test(f)) return c.known.name;
  if (c.known?.title && /\btitle\b/.test(f)) return c.known.title;
  // A listing's details carry the name the search listed it under.
  if (c.known?.name && c.known.fields && /\btitle\b/.test(f) && RENTAL.test(c.hint)) return c.known.name;
  if (/author|\bname\b|user|sender|recipient|person|owner|host|director|\bcast\b|actor/.test(f)) {
    return /author|user|sender|recipient|person|owner|director|\bcast\b|actor/.test(f) || !/propert|hotel|room|company|asset|organi[sz]ation|place|movie|film|stock|ticker|file|restaurant|shop|store|venue/i.test(`${d} ${c.hint}`)
      ? personName(c)
      : titleFor(c);
  }
  // A real person's affiliation is what the facts table knows of them, else Scholar's own "Unknown affiliation": never a drawn university.
  if (/aff?i?liation|institution/.test(f)) return affiliationOf(c);
  if (/company|organi[sz]ation/.test(f)) return `${rng.pick(LAST)} ${rng.pick(COMPANY_KINDS)}`;
  // A city only when the call names the place: results "near" coordinates are not put in a city picked at random.
  // A landmark the task is about (the Statue of Liberty) is no town to write in an address.
  // A house number its street has: Los Angeles numbers Santa Monica Boulevard 5500 to 9600, so "67 Santa Monica Boulevard" is no address there (streetGeo.ts).
  if (/address/.test(f)) {
    const town = streetsOf(c.near, c.place);
    return numberOnItsStreet(town.address(rng, addressTown(c)), (lo, hi) => rng.int(lo, hi), town.town || undefined);
  }
  // A film's region or a company's country is a country, not a city.
  if (/\b(region|country|nation)\b/.test(f)) return rng.pick(COUNTRIES);
  if (/\b(city|place|location|destination)\b/.test(f)) return rng.pick(CITIES);
  if (/weather|overall|condition|forecast/.test(text)) return conditions(c);
  // A film found for a topic is a documentary or a drama about it, not a thriller picked at random.
  if (/genre/.test(f) && /movie|film/i.test(c.hint) && c.subject && isTopicQuery(c.subject)) return distinct(c, topicFilmGenres(c.subject));
  if (/genre|categor|\bcate\b|\btype\b|\bkind\b/.test(f)) return RENTAL.test(c.hint) ? rentalKindOf(c.known?.title ?? c.known?.name ?? '') ?? rng.pick(RENTAL_KINDS) : rng.pick(GENRES);
  if (/title|headline|subject/.test(f)) return titleFor(c);
  if (/ticker|symbol/.test(f)) return Array.from({ length: rng.int(3, 4) }, () => rng.pick([...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'])).join('');
  if (/snipp?et/.test(f)) return snippets(textCtx(c), 1)[0];
  // Free text of any other field reads as the API would write it about the call, never the field's own name.
  return passage(field, textCtx(c));
}

/** The month (0 = January) an answer's weather is for: the task's day, else the answer's first day. */
function weatherMonth(c: Ctx): number {
  const day = c.today ? Date.parse(`${c.today}T00:00:00Z`) : c.dates.base;
  return new Date(Number.isNaN(day) ? c.dates.base : day).getUTCMonth();
}

/** The mean temperature of the month at the place the call asks about (climate.ts). */
function climateMean(c: Ctx): number {
  return monthMean(c.place, c.near, weatherMonth(c));
}

/**
 * A day's conditions as the place's climate has them: snow only in a freezing month, never in a
 * warm one; the day's temperature (drawn next) then agrees with snow.
 */
function conditions(c: Ctx): string {
  const mean = climateMean(c);
  const pool = mean <= 1 ? [...WEATHER, 'Light snow', 'Snow'] : WEATHER;
  const picked = c.rng.pick(pool);
  c.weather.snow = SNOWY.test(picked);
  return picked;
}

/**
 * A temperature in °C near the month's mean at the place, and within a few degrees of the day
 * before in a forecast; at or below 1 °C on a snowy day.
 */
function temperature(c: Ctx): number {
  const mean = climateMean(c);
  const { rng } = c;
  let t = c.weather.last === undefined ? mean + (rng.float() - 0.5) * 6 : c.weather.last + (rng.float() - 0.5) * 5;
  t = Math.min(mean + 5, Math.max(mean - 5, t));
  if (c.weather.snow) t = Math.min(t, rng.float() * 2 - 1);
  c.weather.last = t;
  c.weather.snow = false;
  return round(t, 1);
}

/** The trip's road kilometres: the map's when both ends are known, a short drive inside one town, else undefined. */
function tripKm(c: Ctx): number | undefined {
  return c.trip?.km;
}

/** A Google Scholar author id, as its profile URLs and recorded answers write them: seven characters, then "AAAAJ" ("lyMGnwIAAAAJ"). */
export function scholarAuthorId(rng: Rng): string {
  return `${Array.from({ length: 7 }, () => rng.pick([...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'])).join('')}AAAAJ`;
}

/**
 * The affiliation of the person an author record is about. Someone the task named (the author a
 * get_author_id call asked for: an arXiv author, a real researcher) has what the facts table knows,
 * else Scholar's own "Unknown affiliation", which claims nothing; only a person this answer made up
 * gets a (real) university.
 */
function affiliationOf(c: Ctx): string {
  const named = c.known?.name;
  if (named) return researcherAffiliation(named) ?? 'Unknown affiliation';
  return c.rng.pick(UNIVERSITIES);
}

/** An id written as a code, as Google Scholar's result and author ids are. */
function code(rng: Rng): string {
  return Array.from({ length: 12 }, () => rng.pick([...'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'])).join('');
}

/** A record's own name (its title, else its name): two records of one list never share it, and prose names it by it. */
export function recordName(v: unknown): string | undefined {
  if (!isPlainObject(v)) return undefined;
  const name = v.title ?? v.name;
  return typeof name === 'string' && name.trim() ? name.trim() : undefined;
}

function fieldValue(field: ReturnField, c: Ctx, depth: number): unknown {
  const description = `${field.description ?? ''} ${typeof field.descriptions === 'string' ? field.descriptions : ''}`.trim();
  const reused = argFor(field.name, c.args);
  // A list of records is the answer to the call, not its argument echoed (search_nearby's places).
  if (reused !== undefined && !(depth === 0 && !Array.isArray(reused) && listedFields(description).length > 0 && isListField(description))) return reused;
  // "forecast of N days": N is the call's own count when it gives one.
  const count = Object.values(c.args).find((v): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 16);
  // The call's own count wins over what the user asked for: days=2 is answered with two days, whatever the request said.
  const ownCount = depth === 0 && /\bN\b/.test(description) && count !== undefined;
  let drawn = depth === 0 ? (ownCount ? count : listSize(description, c.rng)) : undefined;
  // The recordings list more than the doc allows: as many as it allows (a search's 3 of Serper's 10).
  const docCap = docListCap(description);
  if (drawn !== undefined && depth === 0 && !ownCount && c.full?.field === field.name && docCap !== undefined && c.full.atLeast >= docCap) drawn = Math.min(docCap, 5);
  // As many as the user asked for ("a list of 5 restaurants"), as far as the doc's "at most N" allows.
  if (drawn !== undefined && depth === 0 && c.asked && !ownCount) drawn = Math.max(drawn, Math.min(c.asked, docListCap(description) ?? c.asked));
  // A list every recording of the API fills to one length (the wrapper's page: TMDB's and Polygon's five, Airbnb's and Scholar's
  // three) is that long, as far as the doc allows, unless the user asked a count: never one news article where the recordings list five
  // (simulated_list_shorter_than_recorded).
  // Reviews are as many as guests wrote, not a page: a listing may have fewer (three drawn for every listing made one clause in
  // nine answers say the same: simulated_review_clause_top_share 0.111 on h-fields30's b5).
  const page = depth === 0 && !ownCount && !c.asked && !/review|comment/i.test(field.name) ? c.pageSizes?.get(field.name) : undefined;
  if (drawn !== undefined && page !== undefined) drawn = Math.max(drawn, Math.min(page, docCap ?? page));
  // A search the page table knows lists its real pages only (as many as the doc allows), never made-up pages of real
  // sites after them ("Artificial Intelligence Ethics | Britannica"); a count the user asked for still comes first.
  const known = drawn !== undefined && depth === 0 && !ownCount && !c.asked && c.full?.field === field.name ? itemPages(c.topic) : undefined;
  if (known?.length) drawn = Math.min(drawn!, known.length);
  // "citation number of papers" reads as one number, but Google Scholar answers one per paper: real answers decide.
  if (drawn === undefined && depth === 0 && c.lists?.has(field.name)) drawn = c.rng.int(2, 3);
  // "publication information of selected papers" beside lists of titles: one line per paper, so a
  // citation of one of them can agree with its own line.
  if (drawn === undefined && depth === 0 && /\bof (?:the )?(?:selected |found )?(?:papers|articles|results)\b/i.test(description) && !/\b(number|count|total|how many)\b/i.test(description) && listedFields(description).length === 0) drawn = c.rng.int(2, 3);
  // Room for every carried value, each a whole record of its own: a list padded afterwards would repeat its first record.
  const minItems = depth === 0 ? (c.minItems.get(field.name) ?? 0) : 0;
  const sub = listedFields(description);
  // Flat lists of one answer describe the same results side by side (a search's titles, result ids and
  // snippets): one length for all, long enough for every value carried in any of them.
  const parallel = drawn !== undefined && depth === 0 && sub.length === 0 ? (c.parallel.n ??= Math.max(drawn, c.parallel.atLeast)) : undefined;
  const n = drawn === undefined ? undefined : Math.max(parallel ?? drawn, minItems);
  if (n === undefined) return scalar(field.name, description, c);
  // "list of available room ids" holds ids, whatever the field is called.
  const item = /\bids\b/i.test(description) ? 'id' : singular(field.name);
  const inner: Ctx = { ...c, args: {}, hint: `${c.hint} ${field.name} ${description}`, known: undefined };
  // "list of rooms as well as its booking status": each item names its thing and that thing's own status.
  if (sub.length === 0 && /\bstatus\b/i.test(description)) {
    const used = depth === 0 ? c.used ?? [] : [];
    // Where the task's other steps settle which rooms are free (a check listing the free ones, a
    // reservation), every other room is booked: "available" or "free after 12:30" beside a check for
    // 14:00-16:00 finding only room 103 says the check is wrong (teval_query_250_1 listed "Room 102:
    // available", teval_query_470_2 "Room 103: available" beside {'rooms': [102]}).
    const drawStatus = () => (used.length ? 'booked' : c.rng.pick(['available', 'booked', 'occupied until 15:00', 'free after 12:30']));
    // The rooms the user asked about, those only ("rooms 101, 102, and 103"), never three others,
    // each with the status the task's other steps give it.
    if (depth === 0 && c.named?.length) return c.named.map((x) => `${x}: ${used.find((u) => u.name === x)?.status ?? drawStatus()}`);
    // A list of all of them holds those the task's other steps find free or reserve, with the status
    // those steps give them (teval_query_481_1 listed 234, 971 and 555, then reserved room 103).
    const Noun = humanize(item).replace(/^./, (ch) => ch.toUpperCase());
    const taken = new Set(used.map((u) => u.name));
    const others: string[] = [];
    // Rooms of one floor as the rooms used are numbered (101–112 beside room 103), not 971 beside 103.
    const first = used.map((u) => Number(/\d+$/.exec(u.name)?.[0])).find((x) => Number.isInteger(x) && x >= 100 && x <= 999);
    const floor = first === undefined ? undefined : Math.floor(first / 100) * 100;
    const want = Math.max(n - used.length, used.length ? 2 : 0);
    for (let k = 0; k < want + 4 && others.length < want; k++) {
      const name = `${Noun} ${floor === undefined ? c.rng.int(100, 999) : c.rng.int(floor + 1, floor + 12)}`;
      const status = drawStatus();
      if (taken.has(name)) continue;
      taken.add(name);
      others.push(`${name}: ${status}`);
    }
    if (!used.length) return others;
    // In room order, as a building's list reads; a status the task's steps settle is that status.
    const number = (line: string) => Number(/\d+/.exec(line)?.[0] ?? 0);
    return [...used.map((u) => `${u.name}: ${u.status}`), ...others].sort((a, b) => number(a) - number(b));
  }
  if (sub.length === 0) {
    const kind = humanize(item);
    // Lists whose items are one text each, written as a whole so no two items read alike.
    if (/\b(route|step|action|direction)\b/.test(kind)) return routeSteps(textCtx(c));
    if (/snipp?et/.test(kind)) return snippets(textCtx(c), n);
    if (/\b(article|paper|publication)\b/.test(kind) || (/\btitle\b/.test(kind) && /paper|article|scholar|arxiv/i.test(`${c.hint} ${description}`))) return personsPapers(c, n) ?? freshPaperTitles(c, n);
  }
  const items: unknown[] = [];
  const seen = new Set<string>();
  const record = (): Record<string, unknown> => {
    const obj: Record<string, unknown> = {};
    for (const s of sub) obj[s] = fieldValue({ name: s, description: '' }, inner, depth + 1);
    return obj;
  };
  for (let i = 0; i < n; i++) {
    let v: unknown;
    if (sub.length === 0 && item === 'id' && c.codeLists?.has(field.name)) v = code(c.rng);
    else if (sub.length === 0) v = scalar(item, description.replace(/\blist of\b/gi, ''), inner);
    else {
      // Two records of one list are two things: a name drawn twice (two papers with one title) is drawn again.
      // A news item is told apart by its story: its headline is drawn from its summary afterwards (headlinesFollowSummaries), and the
      // title drawn here ("TSLA", the call's topic) is the same for all, which cut Polygon's five articles to one.
      const keyOf = (x: unknown) => (/news/i.test(c.hint) && isPlainObject(x) && typeof x.summary === 'string' ? x.summary : recordName(x));
      v = record();
      for (let tries = 0; tries < 6 && seen.has(keyOf(v) ?? '\u0000'); tries++) v = record();
      const name = keyOf(v);
      if (name !== undefined && seen.has(name) && i >= minItems) continue;
      if (name !== undefined) seen.add(name);
    }
    // A text item drawn twice is left out rather than repeated: a shorter list reads truer than a padded one.
    if (typeof v === 'string' && seen.has(v)) continue;
    if (typeof v === 'string') seen.add(v);
    items.push(v);
  }
  // With values carried into some reviews (applied over these afterwards), the others still get whole marks in their own words.
  if (sub.length > 0 && /review|comment/i.test(field.name)) rateReviews(items, sub, c);
  // A search for an address finds the address itself, at that address (not "321 Industrial Ln" at 50 East Adams Street).
  const address = sub.find((s) => /address/i.test(s));
  if (address && c.term && looksLikeAddress(c.term) && /nearby/i.test(c.hint)) {
    for (const item of items) if (isPlainObject(item) && recordName(item) === c.term.trim()) item[address] = c.term.trim();
  }
  // A landmark the place table knows (Times Square, "Central Park, New York City") is where it is, in its own
  // town: the map gives its name and town as its address, not a made-up street elsewhere (42 East 14th Street).
  const landmark = address && c.term && /nearby/i.test(c.hint) && !looksLikeAddress(c.term) && !namesTown(c.term) ? placeNamed(c.term.trim()) : undefined;
  if (landmark && c.term) {
    const term = c.term.trim();
    const town = streetsOf(landmark, term).town;
    const line = town && !term.toLowerCase().includes(town.toLowerCase()) ? `${term}, ${town}` : term;
    for (const item of items) if (isPlainObject(item) && recordName(item) === term) item[address!] = line;
  }
  return items;
}

/**
 * What a stay's reviews may say of it: its size and kind from the details an earlier answer gave
 * (else from the name the search listed it under, a room sleeping two and a flat four at most, so
 * the details drawn later can agree), and its street and town from the address the search listed;
 * where that address gives no street, `picked` (the town's street drawn for the reviews) as
 * stayStreet settles it.
 */
function stayAbout(c: Ctx, picked: string | undefined, pool: readonly string[]): Partial<ReviewAbout> {
  const stay = c.known?.stay;
  const name = stay?.title ?? c.known?.name ?? c.known?.title ?? '';
  const noun = placeNoun(name, stay?.propertyType);
  const capacity = stay?.personCapacity ?? (noun === 'room' ? 2 : noun === 'flat' ? 4 : undefined);
  const out: Partial<ReviewAbout> = { ...(noun ? { noun } : {}), ...(capacity !== undefined ? { capacity } : {}) };
  // "123 Garfield Ave, Monterey Park, CA": its street and town, not Santa Monica Boulevard of the city the task is in.
  const address = c.known?.fields?.address;
  const parts = typeof address === 'string' ? address.split(',').map((p) => p.trim()) : [];
  // "Monterey Park, CA, United States", as Airbnb's search writes it: its town, and no street ("CA" is none).
  if (typeof address === 'string' && isTownLine(address)) {
    // A Tokyo ward is "the view over Shinjuku", not "over Shinjuku City".
    if (/^[A-Za-z][A-Za-z .'-]{2,30}$/.test(parts[0])) out.town = parts[2] === 'Japan' ? parts[0].replace(/ City$/, '') : parts[0];
    // A town other than the one searched has none of its streets: a Monterey Park room's guests shop on no Santa Monica Boulevard.
    const searched = c.place ? placesNamedIn(c.place)[0] : undefined;
    const here = placesNamedIn(parts[0])[0];
    if (!searched || !here || distanceKm(searched, here) > 3) return { ...out, street: undefined } as Partial<ReviewAbout>;
    return { ...out, street: stayStreet(c, picked, pool) };
  }
  // An address with a street line of its own: its street when it reads as one, else the drawn street as it was.
  if (parts.length >= 2) {
    if (/^[A-Za-z][A-Za-z .'-]{2,30}$/.test(parts[1]) && !/^\d/.test(parts[1])) {
      const street = parts[0].replace(/^\d+[a-z]?\s+/i, '');
      out.town = parts[1];
      if (/^[A-Za-z][A-Za-z .'-]{3,40}$/.test(street)) out.street = street;
    }
    return out;
  }
  return { ...out, street: stayStreet(c, picked, pool) };
}

/** "Cozy loft near Polk Street": the street a listing's name puts it by. */
const NEAR_STREET = /\bnear ((?:[A-Z][\w'.-]* )+(?:Street|Avenue|Boulevard|Road|Way|Drive|Lane|Place))\b/;

/**
 * The street a stay's reviews may name: the one its listing's name puts it by ("Cozy loft near Polk
 * Street"), else the town's street running nearest the coordinates its details gave, when within a
 * kilometre, else none (a guest of a condo in North Beach buys no bread on Hayes Street, 2.5 km off,
 * teval_query_114_2); `picked`, the town's street drawn for it, where nothing says where the stay is.
 */
function stayStreet(c: Ctx, picked: string | undefined, pool: readonly string[]): string | undefined {
  // No street of the town drawn (its streets are not English words): none named from elsewhere either.
  if (picked === undefined) return undefined;
  const named = NEAR_STREET.exec(c.known?.name ?? '')?.[1];
  if (named) return named;
  const stay = c.known?.stay;
  if (stay?.lat === undefined || stay.lon === undefined) return picked;
  const nearest = nearestStreet(pool, { lat: stay.lat, lon: stay.lon });
  return nearest && nearest.km <= 1 ? nearest.street : undefined;
}

/**
 * Reviews whose rating and words agree, written as the recorded answers write them: Airbnb's whole
 * stars (never 4.37), TMDB's whole marks out of 10, each text saying what its rating says, newest
 * first, days or weeks apart (not one review a day).
 */
function rateReviews(items: unknown[], sub: string[], c: Ctx): void {
  const rating = sub.find((s) => /rating|score|stars/i.test(s));
  const text = sub.find((s) => /comment|review|content|text/i.test(s));
  if (!rating || !text) return;
  const kind = RENTAL.test(c.hint) ? 'stay' : 'film';
  const when = sub.find((s) => /\b(time|date)\b/i.test(humanize(s)));
  const used = new Set<string>();
  // One property has one host, named alike in every review; a stay's town and streets are the listing's own,
  // a film's reviews may name the film an earlier answer gave.
  const locale = streetsOf(c.near, c.place);
  const english = locale.town !== '' && !/\p{Script=Han}/u.test(locale.town + locale.streets.join(''));
  const about: ReviewAbout = { host: hostName(c.rng), ...(english ? { town: locale.town, street: c.rng.pick(locale.streets) } : {}), ...(kind === 'film' && c.known?.title && isWords(c.known.title) ? { title: c.known.title } : {}) };
  if (kind === 'stay') Object.assign(about, stayAbout(c, about.street, locale.streets));
  // No clause of seven words or more twice in the trajectory: not in this answer, nor in a review an earlier answer showed.
  const said = new Set((c.known?.reviewsShown ?? []).flatMap(reviewClauses));
  let day: number | undefined;
  for (const item of items) {
    if (!isPlainObject(item)) continue;
    const stars = reviewRating(kind, c.rng);
    item[rating] = stars;
    let words = reviewText(kind, stars, c.rng, used, about);
    for (let tries = 0; tries < 8 && reviewClauses(words).some((x) => said.has(x)); tries++) words = reviewText(kind, stars, c.rng, used, about);
    for (const x of reviewClauses(words)) said.add(x);
    item[text] = words;
    const drawn = when ? item[when] : undefined;
    if (typeof drawn === 'string' && /^\d{4}-\d{2}-\d{2}/.test(drawn)) {
      day = day === undefined ? Date.parse(`${drawn.slice(0, 10)}T00:00:00Z`) : day - c.rng.int(2, 40) * DAY;
      const d = new Date(day + c.rng.int(0, 86_399) * 1000).toISOString();
      item[when!] = drawn.length === 10 ? d.slice(0, 10) : /T/.test(drawn) ? `${d.slice(0, 19)}Z` : `${d.slice(0, 10)} ${d.slice(11, 16)}`;
    }
  }
}

/** Python's json.dumps spacing (", " and ": "), as BFCL's backends and T-Eval's tools print. */
export function pyJson(value: unknown): string {
  if (value instanceof PyFloat) return toJson(value);
  if (Array.isArray(value)) return `[${value.map(pyJson).join(', ')}]`;
  if (isPlainObject(value)) return `{${Object.entries(value).filter(([, v]) => v !== undefined).map(([k, v]) => `${JSON.stringify(k)}: ${pyJson(v)}`).join(', ')}}`;
  return toJson(value) ?? 'null';
}

// -------------------------------------------------------------------------------------------
// Grounded answers: values later steps take from this answer
// -------------------------------------------------------------------------------------------

/**
 * A value a later ground-truth step takes from this answer, and where the answer carries it: a
 * top-level return field, or a sub-field of the records a list field holds ("a list of at most 3
 * properties, containing id, name, and address" → `property[i].id`), or an item of a list of ids.
 */
export interface CarriedValue {
  /** The later step's argument that takes the value (movie_id, latitude...). */
  key: string;
  value: unknown;
  field: string;
  /** The sub-field of each record of a list field. */
  sub?: string;
  /** The field is a list whose items are the values themselves (a list of room ids). */
  list?: boolean;
  /** The field is a list of names written as text ("W Okafor, R Patel, … - Nature, 2016"): the value leads it. */
  lead?: boolean;
  /** The sub-field the user ranks by ("the most popular movie": popularity): the carrying record ranks first there. */
  top?: string;
  /** The place the user picks the record by ("the third movie from the list": 2, 0-based): the carrying record sits there. */
  at?: number;
  /**
   * A field of the record another carried value names ("Published:" beside a copied "Title:"): the
   * value goes into the record of `field` whose `beside.sub` holds `beside.value`, not into a record of its own.
   */
  beside?: { sub: string; value: unknown };
  /** What this task's recordings say about the record holding the value (recordedFacts.ts): its name, and the town its address names. */
  about?: RecordFacts;
}

/** Does a return field named `field` hold the value of an argument named `key`? Same name, or the id of what the key names. */
function fieldFits(field: string, key: string, value: unknown): boolean {
  const f = norm(field);
  const k = norm(key);
  if (!f || !k) return false;
  const numeric = typeof value === 'number' || typeof value === 'bigint';
  if (/^(latitude|lat|longitude|lon|lng)$/.test(f) && !numeric) return false;
  if (f === k) return true;
  // film_name ↔ a record's title or name.
  if (k.endsWith('name') && !numeric && (f === 'title' || f === 'name')) return true;
  // property_id ↔ id, author_id ↔ authorid, movie_id ↔ id: an answer's own `id` is the id the next call asks about.
  if (f === 'id' && k.endsWith('id')) return true;
  if (k === 'id' && f.endsWith('id')) return true;
  return Math.min(f.length, k.length) >= 4 && (k.endsWith(f) || f.endsWith(k));
}

/** Where an answer of `doc` can carry the value of argument `key`, or undefined when no documented field fits. */
export function carrierField(doc: ToolDoc, key: string, value: unknown, label?: string): Omit<CarriedValue, 'key' | 'value'> | undefined {
  if (label) {
    // A number inside free text: the field whose name shares a word with the words before it ("Average temperature" → "avg temperature").
    const words = new Set(humanize(label).split(/\s+/).filter((w) => w.length >= 4));
    // A number is not put in a field that holds a formatted reference ("Citation count: 1603" is no citation).
    const numeric = typeof value === 'number' || typeof value === 'bigint';
    // Nor in a field an API writes as text (an address, a name): `"address": 975` is no address.
    const textField = (name: string) => isFormattedTextField(name) || /\b(address|name|title|description|summary|url|link)\b/.test(name);
    // Or a name the same fact goes by ("Rating" → vote_average, where the recorded answers name it so).
    const fits = (name: string) => !(numeric && textField(humanize(name))) && (humanize(name).split(/\s+/).some((w) => words.has(w)) || labelFits(label, name));
    const field = doc.return_data.find((f) => fits(f.name));
    if (field) return { field: field.name };
    // Or a sub-field of the records a list holds ("Rating: 10" → reviews[].rating).
    for (const f of doc.return_data) {
      const sub = listedFields(f.description ?? '').find(fits);
      if (sub) return { field: f.name, sub };
    }
    return undefined;
  }
  for (const field of doc.return_data) {
    const description = field.description ?? '';
    // A list of records (search_nearby's places) holds the value in one of its records, never as itself.
    if (fieldFits(field.name, key, value) && !listedFields(description).length) {
      return isListField(description) ? { field: field.name, list: true } : { field: field.name };
    }
  }
  // A file path or URL goes into the field that documents one (get_image's picture_url → add_text_image_page's image).
  if (typeof value === 'string' && /^https?:\/\/|[\\/]|\.[a-z0-9]{2,4}$/i.test(value)) {
    const field = doc.return_data.find((f) => /\b(path|url|link|file)\b/i.test(`${humanize(f.name)} ${f.description ?? ''}`));
    if (field) return { field: field.name };
  }
  // Coordinates written as one string ("116.407417,39.904172", AMap's form) go into the field that documents coordinates.
  if (typeof value === 'string' && /^\s*-?\d+(?:\.\d+)?\s*,\s*-?\d+(?:\.\d+)?\s*$/.test(value)) {
    const field = doc.return_data.find((f) => /\b(coordinates?|location)\b/i.test(humanize(f.name)));
    if (field) return { field: field.name };
  }
  // A place a later call goes to ("Takami Sushi & Robata", "24 Reed St, ...") is one this answer
  // found: the name of one of its places, or the address when it is written as one. A locality a
  // later call searches in or looks up ("Torrance, CA, United States") is where a listing is, never
  // a result found near some point (a restaurant near the Statue of Liberty is not at Times Square).
  if (typeof value === 'string' && /^(start|end|origins?|destination|places?|location|address)$/i.test(key) && !/^[\d\s.,;()-]+$/.test(value)) {
    const locality = /^(places?|location|address)$/i.test(key);
    const nearPoint = [...doc.required_parameters, ...doc.optional_parameters].some((p) => /radius|latitude|^lat$|^location$/i.test(p.name));
    const order = locality ? (nearPoint ? [] : ['address']) : /^\d/.test(value.trim()) ? ['address', 'name'] : ['name', 'address'];
    for (const field of doc.return_data) {
      const subs = listedFields(field.description ?? '');
      const sub = order.find((s) => subs.includes(s));
      if (sub) return { field: field.name, sub };
    }
  }
  // An opaque id taken under another name (get_citation_format's q) goes into the answer's list of ids.
  // Only a list: a single id field (get_author_id's author_id) names one kind of thing, which fieldFits matched above.
  if (typeof value === 'string' && isOpaqueId(value)) {
    const field = doc.return_data.find((f) => /\bids\b/i.test(f.description ?? '') || (/(^|_)ids?$|[a-z]Ids?$/.test(f.name) && isListField(f.description ?? '')));
    if (field) return { field: field.name, list: true };
  }
  // A person a later call looks up by name (get_author_id's mauthors) is an author of what this answer
  // found: first in the field that lists authors (Google Scholar's pub_info, "publication information").
  if (typeof value === 'string' && isPersonName(key, value)) {
    const field = doc.return_data.find((f) => /\bauthors?\b|publication info/i.test(`${humanize(f.name)} ${f.description ?? ''}`) && !/\bids?\b/i.test(humanize(f.name)));
    // A list of records with an authors field (arXiv's papers) holds the name there, not in place of the list.
    const authors = field && listedFields(field.description ?? '').find((s) => /^authors?$/i.test(s));
    if (field) return authors ? { field: field.name, sub: authors } : { field: field.name, lead: true };
  }
  for (const field of doc.return_data) {
    const description = field.description ?? '';
    const sub = listedFields(description).find((s) => fieldFits(s, key, value));
    if (sub) return { field: field.name, sub };
    if (/\bids\b/i.test(description) && norm(key).endsWith('id')) return { field: field.name, list: true };
  }
  return undefined;
}

/** The descriptions listSize gives a size to: the field is a list. */
export function isListField(description: string): boolean {
  return /at most \d+|\b(?:a )?list of \d+\b|\b\d+ (?:items|results|papers|articles|records|entries)\b|\blist\b|\barray\b|\bsnippets\b/i.test(description);
}

/** Put every carried value where its field says, in the answer's records in order (the first value in the first record). */
/**
 * A record named as the task's recordings give it ("Home in Hawthorne"). Its address stays in the town
 * the call searched (Hawthorne lies in the Los Angeles the search asked for; the name says which part).
 * Two records the recordings name alike ("Rental unit in New York") are told apart by their street.
 */
function withFacts(record: Record<string, unknown>, about: RecordFacts | undefined, others: unknown[]): Record<string, unknown> {
  if (!about?.name) return record;
  const out = { ...record };
  const nameKey = ['name', 'title'].find((k) => typeof out[k] === 'string');
  if (!nameKey) return out;
  const taken = others.some((o) => o !== record && isPlainObject(o) && o[nameKey] === about.name);
  const street = typeof out.address === 'string' ? out.address.split(',')[0].replace(/^\d+[a-z]?\s+/i, '').trim() : '';
  out[nameKey] = taken && street ? `${about.name} near ${street}` : about.name;
  return out;
}

export function applyCarried(answer: Record<string, unknown>, carried: CarriedValue[]): Record<string, unknown> {
  const next = new Map<string, number>();
  const leads = new Map<string, string[]>();
  for (const c of carried) {
    if (c.beside) continue;
    if (c.lead) {
      leads.set(c.field, [...(leads.get(c.field) ?? []), String(c.value)]);
      continue;
    }
    if (!c.sub && !c.list) {
      answer[c.field] = c.value;
      continue;
    }
    // Each sub-field fills the records from the first (ids in records 1-3, an address in record 1).
    const slotKey = `${c.field}.${c.sub ?? ''}`;
    const slot = next.get(slotKey) ?? 0;
    next.set(slotKey, slot + 1);
    const current = answer[c.field];
    const items: unknown[] = Array.isArray(current) ? current : current === undefined ? [] : [current];
    if (c.sub) {
      while (items.length <= slot) items.push(isPlainObject(items[0]) ? { ...items[0] } : {});
      const record = isPlainObject(items[slot]) ? (items[slot] as Record<string, unknown>) : {};
      items[slot] = { ...withFacts(record, c.about, items), [c.sub]: c.value };
    } else {
      while (items.length <= slot) items.push(c.value);
      items[slot] = c.value;
    }
    answer[c.field] = items;
  }
  // A record's other fields a later call copies beside its title go into that record.
  for (const c of carried) {
    if (!c.beside || !c.sub) continue;
    const list = answer[c.field];
    const record = Array.isArray(list) ? list.find((r) => isPlainObject(r) && sameCarried(r[c.beside!.sub], c.beside!.value)) : undefined;
    if (isPlainObject(record)) (record as Record<string, unknown>)[c.sub] = c.value;
  }
  // Names lead the author list in the order later calls use them, before the authors made up for it.
  for (const [field, names] of leads) {
    const current = answer[field];
    // A line per paper: the names lead the first paper's authors.
    if (Array.isArray(current) && typeof current[0] === 'string') answer[field] = [`${names.join(', ')}, ${current[0]}`, ...current.slice(1)];
    else answer[field] = typeof current === 'string' && current ? `${names.join(', ')}, ${current}` : names.join(', ');
  }
  return answer;
}

/** A plausible answer of a valid call, from the doc's return_data. */
/**
 * The top-level fields that every recorded answer of an API holding them holds as a flat list (Google
 * Scholar's cited_by: one count per paper), read from the examples the resolver passes.
 */
export function recordedLists(examples: { response: string }[]): Set<string> {
  const shapes = new Map<string, Set<boolean>>();
  for (const e of examples) {
    const v = recordedAnswer(e.response);
    if (!isPlainObject(v) || 'error' in v) continue;
    // Flat lists only: a list of records (a month of {date, available}) is a structure the doc would have to describe.
    for (const [k, x] of Object.entries(v)) (shapes.get(k) ?? shapes.set(k, new Set()).get(k)!).add(Array.isArray(x) && !x.some(isPlainObject));
  }
  return new Set([...shapes].filter(([, s]) => s.size === 1 && s.has(true)).map(([k]) => k));
}

/**
 * The top-level lists every recorded answer of an API fills to one length (a wrapper's page: TMDB's
 * and Polygon's five, Airbnb's and Scholar's three), by field; an empty list (nothing found) says no length.
 */
export function recordedPageSizes(examples: { response: string }[]): Map<string, number> {
  const lengths = new Map<string, Set<number>>();
  for (const e of examples) {
    const v = recordedAnswer(e.response);
    if (!isPlainObject(v) || 'error' in v) continue;
    for (const [k, x] of Object.entries(v)) if (Array.isArray(x) && x.length) (lengths.get(k) ?? lengths.set(k, new Set()).get(k)!).add(x.length);
  }
  return new Map([...lengths].filter(([, s]) => s.size === 1).map(([k, s]) => [k, [...s][0]]));
}

/** The latest day a clock's recorded answers give ("2023-10-20" of {'time': '2023-10-20 16:34'}), or undefined when none gives one. */
export function recordedClockDay(examples: readonly { response: string }[]): string | undefined {
  const days = examples.flatMap((e) => {
    const v = recordedAnswer(e.response);
    if (!isPlainObject(v) || 'error' in v) return [];
    return Object.values(v).flatMap((x) => (typeof x === 'string' ? [/^\s*((?:19|20)\d\d-\d\d-\d\d)\b/.exec(x)?.[1]] : [])).filter((d): d is string => !!d);
  });
  return days.sort().at(-1);
}

/** A clock: a call that takes nothing and answers the current time or date (get_curr_time). */
export function isClock(doc: ToolDoc): boolean {
  return doc.required_parameters.length === 0 && /time|date|today|now/i.test(doc.name.split('.').pop() ?? '') && doc.return_data.some((r) => /time|date/i.test(r.name));
}

/** An answer about the days ahead (a forecast, coming films): its dates start on the task's day. */
export function aboutDaysAhead(doc: ToolDoc): boolean {
  return /forecast|upcoming|coming/i.test(`${doc.name} ${doc.description} ${doc.return_data.map((r) => r.description ?? '').join(' ')}`);
}

/**
 * The point a place argument gives as coordinates, latitude first: a pair, or a bounding box's two
 * corners ("37.7749,-122.4194,37.7833,-122.4081", teval_query_174_1), read as its centre. Listings
 * found there are named for that town's streets, never a town nobody named's ("near River Road" in San Francisco).
 * AMap's pairs are longitude first and are read by the nearby search's own rule (pairPoint).
 */
function placeCoordinates(args: Record<string, unknown>, toolName: string): Place | undefined {
  if (/gaode|amap/i.test(toolName)) return undefined;
  const text = Object.entries(args).find(([k, v]) => /place|location|destination|area/i.test(k) && typeof v === 'string')?.[1] as string | undefined;
  const nums = text && /^[\s()\d.,-]+$/.test(text) ? text.split(/[\s(),]+/).filter(Boolean).map(Number) : [];
  if ((nums.length !== 2 && nums.length !== 4) || nums.some((n) => !Number.isFinite(n))) return undefined;
  const lat = nums.length === 4 ? (nums[0] + nums[2]) / 2 : nums[0];
  const lon = nums.length === 4 ? (nums[1] + nums[3]) / 2 : nums[1];
  return Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { name: '', lat, lon } : undefined;
}

/** The point a call gives as latitude and longitude arguments (a search near Times Square by coordinates): its answer is there. */
function pointOf(args: Record<string, unknown>): Place | undefined {
  const num = (re: RegExp) => {
    const v = Object.entries(args).find(([k]) => re.test(k))?.[1];
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    return Number.isFinite(n) ? n : undefined;
  };
  const lat = num(/^lat(itude)?$/i);
  const lon = num(/^(lon|lng|longitude)$/i);
  if (lat === undefined || lon === undefined || Math.abs(lat) > 90 || Math.abs(lon) > 180) return undefined;
  return { name: '', lat, lon };
}

/** Films to come (coming, upcoming) open after the task's day; a forecast begins on it. */
function opensLater(doc: ToolDoc): boolean {
  return /upcoming|coming/i.test(`${doc.name} ${doc.description}`) && !/forecast/i.test(`${doc.name} ${doc.description}`);
}

/** Days the doc says lie ahead without calling them a forecast (availability "for the given date or the next 10 days", scheduled events). */
function facesAhead(doc: ToolDoc): boolean {
  return aboutDaysAhead(doc) || /\bnext \d+ days\b|\b(scheduled|future)\b/i.test(`${doc.description} ${doc.return_data.map((r) => r.description ?? '').join(' ')}`);
}

/**
 * Where an answer's dates start when the task's day is known: a forecast on that day, coming films
 * the day after, a clock on it; anything else (films now playing, papers, reviews, a listing date)
 * some time before it and never after it, films now playing within the last weeks. Unknown: a day from 2019 to mid-2023 drawn for the answer.
 */
function datesOf(doc: ToolDoc, today: string | undefined, rng: Rng): Ctx['dates'] {
  // Nothing dates the task: a day before T-Eval's runs of October 2023 (what its clocks recorded), never one after the clock a case shows later.
  if (!today) return { base: Date.UTC(2019, 0, 1) + rng.int(0, 4 * 365 + 180) * DAY, next: 0 };
  const day = Date.parse(`${today}T00:00:00Z`);
  if (isClock(doc)) return { base: day, next: 0 };
  if (facesAhead(doc)) return { base: day + (opensLater(doc) ? DAY : 0), next: 0 };
  // Films in theatres now opened in the last weeks, not years ago.
  const recent = /now[_ ]?playing|playing .*now|currently in theat|in theat(?:er|re)s/i.test(`${doc.name} ${doc.description}`);
  return { base: day - (recent ? rng.int(7, 45) : rng.int(30, 6 * 365)) * DAY, next: 0, until: day };
}

/** An API that searches for places around a point or a place. */
const NEARBY_SEARCH = /nearby|search_?places?|\bpoi\b/i;

/** A search reaching less than this many km (50 m) finds no place but the spot it stands on. */
const TIGHT_REACH_KM = 0.05;

/**
 * How far a nearby search reaches, in km: its radius in the unit its doc gives ("radius in meters": 1 is
 * one metre), a number over 100 read as metres where the doc names no unit. Undefined when the call gives none.
 */
function radiusKm(doc: ToolDoc, args: Record<string, unknown>): number | undefined {
  const entry = Object.entries(args).find(([k]) => /radius/i.test(k));
  const r = typeof entry?.[1] === 'number' ? entry[1] : typeof entry?.[1] === 'string' && /^\d+(?:\.\d+)?$/.test(entry[1].trim()) ? Number(entry[1]) : undefined;
  if (r === undefined) return undefined;
  const unit = [...doc.required_parameters, ...doc.optional_parameters].find((p) => p.name === entry![0])?.description ?? '';
  if (/\bmet(?:er|re)s?\b/i.test(unit)) return r / 1000;
  if (/\bkm\b|kilomet/i.test(unit)) return r;
  return r > 100 ? r / 1000 : r;
}

/**
 * Where a search for places nearby is centred, when it is a point nothing is found at: an island no
 * street reaches (Liberty Island) or polar waters, the coordinate pair read in the order its parameter
 * documents (AMap's 'lon,lat': the Statue of Liberty's "40.6892,-74.0445" is lon 40.69, lat -74.04, off
 * Antarctica). Such a search lists no places, not a town's streets the point is nowhere near.
 */
export function emptySearchPoint(doc: ToolDoc, args: Record<string, unknown>): string | undefined {
  if (!NEARBY_SEARCH.test(doc.name)) return undefined;
  // A radius of a few metres (a "radius": 2 where the doc says "radius in meters": the user's 2 km read as metres) reaches no
  // place but the spot it stands on: five made-up beaches "within 2 m" of a villa in Tampaksiring (teval_query_91_2) told the
  // caller its call was fine. It lists nothing, an answer the next step can act on (the search again at the meant radius).
  const reach = radiusKm(doc, args);
  if (reach !== undefined && reach < TIGHT_REACH_KM) return `a radius of ${Math.round(reach * 1000)} m reaches no place but the spot it stands on`;
  const point = pointOf(args) ?? pairPoint(args, doc);
  if (!point || Math.abs(point.lat) > 90 || Math.abs(point.lon) > 180) return undefined;
  if (Math.abs(point.lat) > 60) return `latitude ${point.lat}, longitude ${point.lon} is in polar waters`;
  const island = offshoreAt(point);
  return island ? `latitude ${point.lat}, longitude ${point.lon} is on ${island}` : undefined;
}

export function plausibleAnswer(doc: ToolDoc, args: Record<string, unknown>, rng: Rng, taskPlace?: string, carried: CarriedValue[] = [], known?: KnownFacts, lists?: ReadonlySet<string>, today?: string, asked?: number, named?: string[], used?: UsedItem[], full?: { field: string; atLeast: number }, pageSizes?: ReadonlyMap<string, number>): Record<string, unknown> {
  const topic = Object.values(args).find((v): v is string => typeof v === 'string' && v.trim().length > 0) ?? '';
  // A base day in 2019-2024 for the answer's dates; they then run forward one day at a time.
  const placeArg = Object.entries(args).find(([k, v]) => /place|city|location|destination|address/i.test(k) && typeof v === 'string' && !/\d/.test(v));
  // The call's own place, else the place the task is about; coordinates near it when it is a known one.
  const term = Object.entries(args).find(([k, v]) => /search|keyword|term|query/i.test(k) && typeof v === 'string' && isWords(v))?.[1] as string | undefined;
  // A search for a known place ("New York") finds it where it is, not in the town the task was last at.
  const termPlace = term ? placeNamed(term) : undefined;
  // A nearby search at a coordinate pair ("116.407417,39.904172", AMap's lon,lat) finds places there, in the town
  // the point is in, not in the town the task was last about (restaurants by Beijing's city hall on 上海长乐路, teval_query_464_1).
  const pair = NEARBY_SEARCH.test(doc.name) ? pairPoint(args, doc) : undefined;
  const searchAt = pair && Math.abs(pair.lat) <= 90 && Math.abs(pair.lon) <= 180 ? pair : undefined;
  const taskAt = taskPlace ? placeNamed(taskPlace) : undefined;
  const hanTask = !!taskPlace && /\p{Script=Han}/u.test(taskPlace);
  // A pair no known place is near, far from the known place the task is about, is a geocoder's miss (AMap put "时代广场, 纽约" in
  // Jiangxi, teval_query_70_2): the places are drawn by the task's place, not on a town's generic streets ("40 Hill Street" by Times Square).
  const around = searchAt && !(taskAt && distanceKm(taskAt, searchAt) < 50) ? placesAt(searchAt, 40).sort((a, b) => Number(/\p{Script=Han}/u.test(b.name) === hanTask) - Number(/\p{Script=Han}/u.test(a.name) === hanTask))[0] : undefined;
  const place = placeArg ? (placeArg[1] as string) : (termPlace?.name ?? around?.name ?? taskPlace);
  // A place the table does not know ("Ubud") is still in the place the task is about (Bali).
  // An address the call names ("123 Main St, Springfield") is no town for an address line, but it says where.
  const addressed = Object.entries(args).find(([k, v]) => /place|city|location|destination|address/i.test(k) && typeof v === 'string' && placeNamed(v))?.[1] as string | undefined;
  const near = (placeArg ? placeNamed(placeArg[1] as string) : undefined) ?? (addressed ? placeNamed(addressed) : undefined) ?? pointOf(args) ?? placeCoordinates(args, doc.name) ?? (searchAt && (around || !taskAt) ? { ...searchAt, name: around?.name ?? '' } : undefined) ?? termPlace ?? taskAt;
  // A geocoder asked for a known place by its name answers where that place is (Times Square at Times Square, not 2 km off).
  const pinpoint = !!near && /coordinat|geocod/i.test(doc.name) && Object.values(args).some((v) => typeof v === 'string' && v.trim().toLowerCase().startsWith(near.name.toLowerCase()));
  const minItems = new Map<string, number>();
  const perSlot = new Map<string, number>();
  // A drive inside one town that nothing locates exactly: a few kilometres, the same for its distance and its route.
  const trip = tripOf(doc, args, known?.tripAt);
  // A distance an earlier answer gave for the same two ends is the trip's (the route's legs add up to it).
  if (trip && known?.tripKm !== undefined) trip.km = known.tripKm;
  // A drive across one town is as long for its route as for its distance, whichever the task asks first: drawn from its two ends, not per answer
  // (teval_query_305_1: a route of 13.8 km beside a distance of 10.5 km).
  if (trip && trip.km === undefined && trip.local) trip.km = localKm(trip.ends?.[0], trip.ends?.[1]);
  for (const c of carried) {
    if ((!c.sub && !c.list) || c.beside) continue;
    const key = `${c.field}.${c.sub ?? ''}`;
    perSlot.set(key, (perSlot.get(key) ?? 0) + 1);
    minItems.set(c.field, Math.max(minItems.get(c.field) ?? 0, perSlot.get(key)!, (c.at ?? -1) + 1));
  }
  const dated = today && !Number.isNaN(Date.parse(`${today}T00:00:00Z`)) ? today : undefined;
  const c: Ctx = {
    // A call that takes only an id writes about what the task searched for (an author's articles on its topic).
    rng, ...(pinpoint ? { pinpoint } : {}), ...(lists?.size ? { lists } : {}), args, topic, subject: isWords(topic) ? topic : (known?.topic ?? ''), api: doc.name, hint: doc.name, ...(place ? { place } : {}), ...(near ? { near } : {}), ...(known ? { known } : {}),
    // A clock and a forecast speak of the task's day, coming films of the days after; what already happened (a film now playing, a paper) is dated before it.
    dates: datesOf(doc, dated, rng),
    ...(dated ? { today: dated } : {}),
    ...(asked ? { asked } : {}), ...(full ? { full } : {}), ...(pageSizes?.size ? { pageSizes } : {}), ...(named?.length ? { named } : {}), ...(used?.length ? { used } : {}), ...(term ? { term } : {}), names: new Set(), minItems,
    codeLists: new Set(carried.filter((k) => k.list && typeof k.value === 'string' && /[A-Za-z]/.test(k.value)).map((k) => k.field)),
    ...(trip ? { trip } : {}),
    weather: {},
    parallel: { atLeast: Math.max(0, ...[...minItems.entries()].filter(([f]) => !listedFields(doc.return_data.find((r) => r.name === f)?.description ?? '').length).map(([, n]) => n)) },
  };
  const out: Record<string, unknown> = {};
  for (const field of doc.return_data) {
    const name = field.name || 'result';
    out[name] = fieldValue(field, c, 0);
    // get_author_information's name, then its website: the homepage is the named person's.
    if (/^(name|author|author name)$/i.test(humanize(name)) && typeof out[name] === 'string') c.person = out[name] as string;
  }
  // A listing sleeps what its own name and kind say (no personCapacity 1 for a condominium or a "King & Twin bed" suite), and every party its reviews shown had room for.
  if (typeof out.personCapacity === 'number' && knownField('personCapacity', known?.fields) === undefined && RENTAL.test(doc.name)) {
    out.personCapacity = capacityFor(typeof out.title === 'string' ? out.title : '', typeof out.propertyType === 'string' ? out.propertyType : undefined, (lo, hi) => rng.int(lo, hi), largestParty(known?.reviewsShown ?? []));
  }
  // A search centred where nothing is (an island, polar waters) finds nothing: an empty list, unless a later step takes a place from it.
  if (emptySearchPoint(doc, args)) {
    for (const field of doc.return_data) if (Array.isArray(out[field.name]) && !carried.some((k) => k.field === field.name)) out[field.name] = [];
  }
  if (doc.return_data.length === 0) out.status = `${humanize(apiOf(doc.name)).replace(/^./, (ch) => ch.toUpperCase())} completed successfully.`;
  return out;
}

/**
 * A list the doc says is "ranked by rating" or "by popularity" lists its records in that order: the
 * ranking field's values are put in descending order over the records (the records stay where the
 * plan put them). Left as is when a value carried for a later call sits in that field.
 */
/**
 * A made-up film released before 2022 is as popular as the older films T-Eval recorded: TMDB's popularity is
 * a day's interest, and the recordings give none of them above 124.168 (The Shawshank Redemption), where new
 * releases reach 2919.272. A drawn popularity above twice that, on a film of 2020 ("The Iron Harbor" at
 * 1285.989 among similar films, teval_query_69_1), is brought under it by a fixed map of the drawn value (no
 * draw, so nothing else of the answer moves); a carried one, or a list ranked by popularity, is left as it is
 * (simulated_film_popularity_beyond_recorded).
 */
const OLDER_FILMS_BEFORE = '2022-01-01';
const OLDER_FILM_POPULARITY_MAX = 248;
function classicsAsRecorded(doc: ToolDoc, answer: Record<string, unknown>, carried: (v: unknown) => boolean): Record<string, unknown> {
  for (const field of doc.return_data) {
    const list = answer[field.name];
    if (!Array.isArray(list) || rankedBy(field) === 'popularity') continue;
    for (const r of list) {
      if (!isPlainObject(r) || typeof r.popularity !== 'number' || typeof r.release_date !== 'string') continue;
      if (!(r.release_date < OLDER_FILMS_BEFORE) || r.popularity <= OLDER_FILM_POPULARITY_MAX || carried(r.popularity)) continue;
      r.popularity = round(5 + (Math.round(r.popularity * 1000) % ((OLDER_FILM_POPULARITY_MAX - 5) * 1000)) / 1000, 3);
    }
  }
  return answer;
}

/** The field a list's records are ranked by, when its doc says so ("list of films ranked by rating"). */
export function rankedBy(field: ReturnField): string | undefined {
  return /\branked by (\w+)/i.exec(field.description ?? '')?.[1]?.toLowerCase();
}

function rankedAsDocumented(doc: ToolDoc, answer: Record<string, unknown>, carried: CarriedValue[]): Record<string, unknown> {
  for (const field of doc.return_data) {
    const by = rankedBy(field);
    const list = answer[field.name];
    if (!by || !Array.isArray(list) || !list.every(isPlainObject)) continue;
    const records = list as Record<string, unknown>[];
    if (records.length < 2 || !records.every((r) => typeof r[by] === 'number')) continue;
    const here = carried.filter((c) => c.field === field.name);
    if (!here.some((c) => c.sub === by)) {
      // Nothing carried in the ranking field: its values go in order, the records stay where they are.
      const sorted = records.map((r) => r[by] as number).sort((a, b) => b - a);
      records.forEach((r, i) => (r[by] = sorted[i]));
    } else if (!here.some((c) => /(^|_)(id|title|name)$/i.test(c.sub ?? ''))) {
      // A carried rating belongs with its record's other carried values: whole records are ordered,
      // which only a carried id or name (a later call's "first film") would mind.
      answer[field.name] = [...records].sort((a, b) => (b[by] as number) - (a[by] as number));
    } else {
      // Records in place: the made-up values fit between the carried ones (the first film carried
      // with popularity 100.7 comes before films made up below it), when the carried ones are in order.
      const fixed = records.map((r) => here.some((c) => c.sub === by && c.value === r[by]));
      const fixedValues = records.filter((_, i) => fixed[i]).map((r) => r[by] as number);
      if (fixedValues.some((v, i) => i > 0 && v > fixedValues[i - 1])) continue;
      const top = Math.max(...records.map((r) => r[by] as number));
      for (let i = 0; i < records.length; i++) {
        if (fixed[i]) continue;
        const above = [...records.slice(0, i)].reverse().find((_, j) => fixed[i - 1 - j]);
        const belowAt = records.findIndex((_, j) => j > i && fixed[j]);
        const hi = i === 0 ? (above?.[by] as number | undefined) ?? top : (records[i - 1][by] as number);
        const lo = belowAt >= 0 ? (records[belowAt][by] as number) : 0;
        const gap = belowAt >= 0 ? belowAt - i + 1 : records.length - i + 1;
        const value = lo + ((hi - lo) * (gap - 1)) / gap;
        records[i][by] = Number.isInteger(hi) && Number.isInteger(lo) && hi - lo > gap ? Math.round(value) : Math.round(value * 10) / 10;
      }
    }
  }
  return answer;
}

/**
 * The records carrying what the plan picks "for the most popular movie" hold the highest values of
 * that field, in the order they are carried (the values are moved, the records stay in place).
 */
function rankedAsAsked(answer: Record<string, unknown>, carried: CarriedValue[]): Record<string, unknown> {
  for (const field of new Set(carried.filter((c) => c.top).map((c) => c.field))) {
    const by = carried.find((c) => c.field === field && c.top)!.top!;
    const list = answer[field];
    if (!Array.isArray(list) || list.length < 2 || !list.every((r) => isPlainObject(r) && typeof r[by] === 'number')) continue;
    if (carried.some((c) => c.field === field && c.sub === by)) continue;
    const records = list as Record<string, unknown>[];
    const holders = [...new Set(carried.filter((c) => c.field === field && c.sub).map((c) => records.findIndex((r) => sameCarried(r[c.sub!], c.value))).filter((i) => i >= 0))];
    const values = records.map((r) => r[by] as number).sort((a, b) => b - a);
    const order = [...holders, ...records.map((_, i) => i).filter((i) => !holders.includes(i))];
    order.forEach((i, rank) => (records[i][by] = values[rank]));
  }
  return answer;
}

const sameCarried = (a: unknown, b: unknown) => toJson(a) === toJson(b);

/**
 * A record the user picks by its place ("the third movie from the list") sits at that place: the
 * record carrying the picked value is swapped with the one there, and in an answer written as
 * parallel columns (Scholar's title, cited_by, organic_id, pub_info) every column of the same
 * length swaps the same two places, so a paper keeps its id, title and publication line.
 */
export function placedAsAsked(answer: Record<string, unknown>, carried: CarriedValue[]): Record<string, unknown> {
  for (const c of carried) {
    if (c.at === undefined) continue;
    const list = answer[c.field];
    if (!Array.isArray(list) || c.at >= list.length) continue;
    const from = list.findIndex((item) => (c.sub ? isPlainObject(item) && sameCarried(item[c.sub], c.value) : sameCarried(item, c.value)));
    if (from < 0 || from === c.at) continue;
    const columns = c.sub ? [list] : Object.values(answer).filter((v): v is unknown[] => Array.isArray(v) && v.length === list.length);
    for (const col of columns) [col[from], col[c.at]] = [col[c.at], col[from]];
  }
  return answer;
}

export interface OfflineSimulatorInput {
  name: string;
  args: unknown;
  tools: ToolDoc[];
  environmentError?: EnvironmentErrorKind;
  /** Values later ground-truth steps take from this answer: they must be in it (see CarriedValue). */
  carry?: CarriedValue[];
  /** Real answers of this API (the cache's examples): their field shapes win over a doc that reads otherwise. */
  examples?: { args?: unknown; response: string }[];
  /** Every recorded answer of the API, this call's own included: the forms and decimals its fields take (else the examples). */
  recorded?: string[];
  /** The day the task is on (knownFacts.ts taskToday): a forecast starts there. */
  today?: string;
  /** The known place the task is about (places.ts), when the call names none itself. */
  place?: string;
  /** What earlier answers said about the thing the call looks up (knownFacts.ts). */
  known?: KnownFacts;
  /** How many results the user asked for (askedCount.ts): a list answer holds that many, as far as its doc allows. */
  asked?: number;
  /** The things the request names for a status look-up (askedCount.ts namedItems): its list answers for those only. */
  named?: string[];
  /** What the task's other steps name that a status look-up's list must hold (askedCount.ts itemsUsedElsewhere). */
  used?: UsedItem[];
}

/**
 * A map's answer to a stand-in address ("城市, 123号 主街", "123 Main Street, City") in a task about
 * no known place: nothing found, as the API says it (AMap's status object with no geocodes; Bing's
 * empty resource set), never coordinates picked at random (mostly ocean). A task about a known
 * town gets its coordinates (plausibleAnswer's near); a value a later step takes from the answer
 * is carried, so the answer is made then.
 */
function unlocated(doc: ToolDoc, args: unknown, taskPlace: string | undefined, carry: CarriedValue[]): string | undefined {
  if (!/coordinat|geocod/i.test(doc.name) || carry.length || !isPlainObject(args)) return undefined;
  if (taskPlace && placeNamed(taskPlace)) return undefined;
  const asked = Object.entries(args).find(([k, v]) => /address|location|place|query/i.test(k) && typeof v === 'string')?.[1] as string | undefined;
  if (!asked || !isPlaceholderAddress(asked)) return undefined;
  if (/^GaodeMap\./.test(doc.name)) return '{"status": "1", "info": "OK", "infocode": "10000", "count": "0", "geocodes": []}';
  return pyJson({ resourceSets: [{ estimatedTotal: 0, resources: [] }], statusCode: 200, statusDescription: 'OK' });
}

/**
 * A listing's kind and its name say the same sort of place ("Bright loft in Tokyo" is a Loft, "Hotel
 * in Koto City" a room in a hotel, never a House; stays.ts kindContradiction): the kind follows the
 * name, unless a later step states the kind (carried) or an earlier answer gave it, and then a name
 * nothing fixes follows the kind ("Room in boutique hotel" → "Charming boutique hotel room in
 * Barcelona"). The capacity is drawn again when the new kind or name rules it out.
 */
function kindAgreesWithName(answer: Record<string, unknown>, carry: CarriedValue[], known: KnownFacts | undefined, rng: Rng): void {
  const { title, propertyType: type } = answer;
  if (typeof title !== 'string' || typeof type !== 'string' || !kindContradiction(title, type)) return;
  const fixed = (field: string) => carry.some((c) => c.field === field && !c.sub) || knownField(field, known?.fields) !== undefined;
  if (!fixed('propertyType')) answer.propertyType = kindForName(title) ?? type;
  else if (!fixed('title') && known?.title === undefined) {
    const m = /^(\S+)\s+.*?\s+((?:in|near)\s+.+)$/.exec(title);
    answer.title = m ? `${m[1]} ${nameNounForKind(type)} ${m[2]}` : `${cap(nameNounForKind(type))}`;
  } else return;
  if (typeof answer.personCapacity === 'number' && !fixed('personCapacity') && detailsContradiction(answer)) {
    answer.personCapacity = capacityFor(answer.title as string, answer.propertyType as string, (lo, hi) => rng.int(lo, hi), largestParty(known?.reviewsShown ?? []));
  }
}

/** A number as text (a PyFloat's value), undefined for anything else: 8.7 and PyFloat(8.7) read alike. */
function numberText(v: unknown): string | undefined {
  const n = v instanceof PyFloat ? v.value : typeof v === 'number' ? v : undefined;
  return n === undefined || !Number.isFinite(n) ? undefined : String(n);
}

/** The numbers earlier answers showed about the record a call is about, or about the task's films (KnownFacts.fields, .films). */
function shownNumbers(known: KnownFacts | undefined): Set<string> {
  const values: unknown[] = [...Object.values(known?.fields ?? {}), ...(known?.films ?? []).flatMap((f) => Object.values(f.facts))];
  return new Set(values.map(numberText).filter((t): t is string => t !== undefined));
}

/**
 * A property's details title in the shape every recorded one takes, from the drawn record: the kind
 * its propertyType names, the town the search listed it in, its rating, beds for its capacity. An
 * earlier details answer of the same listing in that shape, with the same rating, gives its title
 * as it was; a title a later step copies stays.
 */
function titleAsRecordedDetails(answer: Record<string, unknown>, examples: readonly { response: string }[], carry: CarriedValue[], known: KnownFacts | undefined, place: string | undefined, rng: Rng): void {
  const { title, propertyType: type, personCapacity: capacity, rating } = answer;
  if (typeof title !== 'string' || typeof type !== 'string' || typeof capacity !== 'number' || detailsTitleParts(title)) return;
  if (!recordedDetailsTitles(recordedFields(examples).get('title')?.samples ?? [])) return;
  if (carry.some((c) => c.field === 'title' && !c.sub)) return;
  const earlier = known?.stay?.title ? detailsTitleParts(known.stay.title) : undefined;
  if (earlier && (earlier.rating === 'New' || (typeof rating === 'number' && Math.abs(Number(earlier.rating) - rating) < 0.005))) {
    answer.title = known!.stay!.title;
    return;
  }
  const address = knownField('address', known?.fields);
  const townOrLandmark = townFor(known?.name ?? title, typeof address === 'string' ? address : undefined, place);
  if (!townOrLandmark) return;
  // A landmark's surroundings are titled by their town: "Condo in Paris", never "Condo in Eiffel Tower" (teval_query_155_0).
  const named = districtNamed(`in ${townOrLandmark}`)?.titleTown ?? townOrLandmark;
  // The town its own coordinates are in, where the one its name or search gives is far from them: "Condo in San
  // Bruno" at 37.7974, -122.4079 (coordinates a later step copies) is in San Francisco (teval_query_114_2).
  const at = typeof answer.latitude === 'number' && typeof answer.longitude === 'number' ? { lat: answer.latitude, lon: answer.longitude } : undefined;
  const namedAt = placesNamedIn(named)[0];
  // Unless the search already named the listing in its town ("Cozy private room in San Bruno"): the details keep what
  // the list said, and coordinates the plan copies from far off are T-Eval's own slip (simulated_listing_title_off_place
  // leaves those out), never a title contradicting the list (simulated_record_self_contradicted 12/190 on int29's m1 plan).
  const listedTown = known?.name ? / in ([^,·]+?)\s*$/i.exec(known.name)?.[1] : undefined;
  const town = at && namedAt && !listedTown && distanceKm(at, namedAt) > (townReachKm(namedAt) ?? 10) ? (streetsOf(at).town || named) : named;
  answer.title = drawDetailsTitle({ name: known?.name ?? title, town, propertyType: type, personCapacity: capacity, ...(typeof rating === 'number' ? { rating } : {}), reviews: known?.reviewsShown ?? [] }, rng);
}

/**
 * A listing whose name puts it in a district ("Hotel in Minato City", "Rental unit in Queens",
 * "Selat") is in that district: a drawn address elsewhere in the town ("4-23-16 Nishi-Shinjuku,
 * Shinjuku, Tokyo", "81 Mulberry Street") is drawn again among the district's own streets, and drawn
 * coordinates beside it move to the district. An address a later step copies, or an earlier answer
 * gave, stays as it is (a recorded name and a recorded address that disagree are left alone).
 */
function listingsInNamedDistrict(answer: Record<string, unknown>, carry: CarriedValue[], known: KnownFacts | undefined, rng: Rng): void {
  const carriedAddress = (v: unknown) => carry.some((c) => /address/i.test(c.sub ?? c.field) && sameCarried(c.value, v));
  const fix = (rec: Record<string, unknown>) => {
    const name = typeof rec.name === 'string' ? rec.name : typeof rec.title === 'string' ? rec.title : undefined;
    const address = rec.address;
    if (!name || typeof address !== 'string' || carriedAddress(address) || knownField('address', known?.fields) !== undefined) return;
    const d = districtNamed(name);
    // "Hostel in El Prat de Llobregat", a town no table knows: its address names that town, in the searched one's region ("El Prat de Llobregat, Barcelona").
    const town = d ? undefined : unknownTownNamed(name);
    if (town && !address.toLowerCase().includes(town.toLowerCase())) rec.address = `${town}, ${address.split(',').pop()!.trim()}`;
    if (!d || addressIn(address, d)) return;
    rec.address = d.address(rng);
    for (const [key, value] of Object.entries(rec)) {
      if (typeof value !== 'number' || carry.some((c) => (c.sub ?? c.field) === key && sameCarried(c.value, value))) continue;
      if (/^(lat|latitude)$/i.test(key)) rec[key] = round(d.lat + (rng.float() - 0.5) * 0.012, 6);
      else if (/^(lon|lng|longitude)$/i.test(key)) rec[key] = round(d.lon + (rng.float() - 0.5) * 0.012, 6);
    }
  };
  // A copied address on a listing whose name puts it in another district is the next listing's: the plan searches near
  // "Chiyoda City" after property 2's details ("Hostel in Chiyoda City") and near "Taito City" after property 3's, so
  // "Taito City, Tokyo, Japan" filled into property 2 (the Chiyoda search's value being its recorded name) moves to the
  // next listing whose address nothing copies and whose name puts it nowhere else (teval_query_1_0; "Culver City, CA" on
  // "Home in Huntington Beach", teval_query_1_2); fix() then draws the first listing's address in its own district.
  const nameOf = (rec: Record<string, unknown>) => (typeof rec.name === 'string' ? rec.name : typeof rec.title === 'string' ? rec.title : undefined);
  const carriedName = (rec: Record<string, unknown>) => carry.some((c) => sameCarried(c.value, nameOf(rec)));
  for (const value of Object.values(answer)) {
    if (!Array.isArray(value)) continue;
    const recs = value.filter(isPlainObject) as Record<string, unknown>[];
    for (const [i, rec] of recs.entries()) {
      const address = rec.address;
      if (typeof address !== 'string' || !carriedAddress(address) || !listingPlaceMismatch(nameOf(rec) ?? '', address)) continue;
      // A drawn name there is renamed for the address below ("Modern condominium in Los Angeles" at Culver City); a copied one must fit it.
      const to = recs.slice(i + 1).find((r) => typeof r.address === 'string' && !carriedAddress(r.address) && (!carriedName(r) || !listingPlaceMismatch(nameOf(r) ?? '', address)));
      if (to) [rec.address, to.address] = [to.address, address];
    }
    // A drawn name's town is the town its copied address is in: "Modern condominium in San Bruno", never "in San Francisco"
    // at "San Bruno, CA, United States" (teval_query_111_2, 114_2). A drawn address moves to the name's district instead (fix()).
    for (const rec of recs) {
      const name = nameOf(rec);
      const address = rec.address;
      if (!name || typeof address !== 'string' || !carriedAddress(address) || carriedName(rec)) continue;
      const m = /^(.*\bin\s+)([^,·]+?)(\s*(?:,.*)?)$/.exec(name);
      const named = m ? placesNamedIn(m[2])[0] : undefined;
      const at = named && listingPlaceMismatch(name, address) ? placesNamedIn(address).find((p) => distanceKm(p, named) >= 10) : undefined;
      if (m && at) rec[typeof rec.name === 'string' ? 'name' : 'title'] = `${m[1]}${at.name}${m[3]}`;
    }
  }
  fix(answer);
  for (const value of Object.values(answer)) if (Array.isArray(value)) value.forEach((v) => isPlainObject(v) && fix(v));
}

/** Where an address is (streetGeo.ts), read in the town the answer is about when it names none ("96 Madison Avenue"). */
/** The centre of a town line's town: its district's (Shinjuku City), else the place the places table knows by its name. */
function townLineCentre(line: string): { lat: number; lon: number } | undefined {
  const town = townOfLine(line);
  const d = districtNamed(`in ${town}`);
  return d ? { lat: d.lat, lon: d.lon } : placesNamedIn(town)[0];
}

function addressPoint(address: string, near: { lat: number; lon: number } | undefined): { lat: number; lon: number } | undefined {
  const town = near ? streetsOf(near).town : '';
  return pointAt(address) ?? (town ? pointAt(`${address}, ${town}`) : undefined);
}

/**
 * An address and coordinates of one record agree: drawn coordinates beside an address lie on its
 * street, and a drawn address beside coordinates this task's recordings give (a later recorded
 * get_property_details at 40.7497, -73.9947) is on a street that runs there. What a later step copies
 * stays as it is; so does an address an earlier answer gave.
 */
function coordinatesAgreeWithAddress(answer: Record<string, unknown>, carry: CarriedValue[], known: KnownFacts | undefined, near: { lat: number; lon: number } | undefined): void {
  const carried = (key: string, v: unknown) => carry.some((c) => (c.sub ?? c.field) === key && sameCarried(c.value, v));
  const earlier = knownField('address', known?.fields) !== undefined;
  const fix = (rec: Record<string, unknown>) => {
    const aKey = Object.keys(rec).find((k) => /address/i.test(k) && typeof rec[k] === 'string');
    if (!aKey || carried(aKey, rec[aKey]) || earlier) return;
    const laKey = Object.keys(rec).find((k) => /^(lat|latitude)$/i.test(k) && typeof rec[k] === 'number');
    const loKey = Object.keys(rec).find((k) => /^(lon|lng|longitude)$/i.test(k) && typeof rec[k] === 'number');
    // Coordinates a recording gives for this record's id, or that a later step copies: the address moves to them.
    const recorded = carry.find((c) => c.about?.point && c.sub && sameCarried(rec[c.sub], c.value))?.about?.point;
    const fixedAt = laKey && loKey && (carried(laKey, rec[laKey]) || carried(loKey, rec[loKey])) ? { lat: rec[laKey] as number, lon: rec[loKey] as number } : recorded;
    if (fixedAt) {
      rec[aKey] = addressNear(rec[aKey] as string, fixedAt);
      return;
    }
    if (!laKey || !loKey) return;
    const address = rec[aKey] as string;
    const place = placeAddress(address);
    if (place && kmFromAddress({ lat: rec[laKey] as number, lon: rec[loKey] as number }, place) <= place.reachKm) return;
    const p = addressPoint(address, near);
    if (p) {
      rec[laKey] = p.lat;
      rec[loKey] = p.lon;
    }
  };
  fix(answer);
  for (const value of Object.values(answer)) if (Array.isArray(value)) value.forEach((v) => isPlainObject(v) && fix(v));
}

/** Where a nearby search is centred and how far it reaches: its coordinates (a "lon,lat" pair read as its doc says), the landmark it names, or the landmark its term is. */
function nearbyReach(doc: ToolDoc, args: Record<string, unknown>): { centre: { lat: number; lon: number }; radiusKm: number; town: ReturnType<typeof streetsOf>['town']; names: string[] } | undefined {
  if (!NEARBY_SEARCH.test(doc.name)) return undefined;
  const point = pointOf(args) ?? pairPoint(args, doc);
  const reachKm = radiusKm(doc, args) ?? 1;
  const term = Object.values(args).find((v): v is string => typeof v === 'string' && /\bnear\s+\S/i.test(v));
  // A landmark its place argument names ("places": "Eiffel Tower") centres it too: attractions within 1 km of the tower are not on Rue Montorgueil.
  const centre = point ?? nearbyLandmark(args) ?? (term ? placeNamed(term.replace(/^.*\bnear\s+/i, '')) : termLandmark(args));
  if (!centre || Math.abs(centre.lat) > 90 || Math.abs(centre.lon) > 180) return undefined;
  const names = Object.values(args).filter((x): x is string => typeof x === 'string').map((x) => x.trim().toLowerCase());
  return { centre, radiusKm: reachKm, town: streetsOf(centre).town, names };
}

/**
 * An address a later step copies from a nearby search that lies beyond the search's radius
 * (restaurants "within 1 km" of Liberty Island in Jersey City and Red Hook, teval_query_290_0):
 * the search cannot list it honestly, so resolve turns the trajectory down. Undefined when none does.
 */
export function carriedBeyondRadius(doc: ToolDoc, args: unknown, carry: CarriedValue[]): string | undefined {
  if (!isPlainObject(args)) return undefined;
  const reach = nearbyReach(doc, args);
  if (!reach) return undefined;
  // A place the search named ("Le Bernardin") is where it is, however far (as nearbyNearCentre judged it before this turn-down).
  if (carry.some((c) => typeof c.value === 'string' && reach.names.includes(c.value.trim().toLowerCase()))) return undefined;
  for (const c of carry) {
    if (typeof c.value !== 'string' || !/address/i.test(`${c.key} ${c.sub ?? ''} ${c.field}`)) continue;
    const spot = listedSpot(c.value, reach.town);
    if (spot && spot.km(reach.centre) > reach.radiusKm + spot.fuzzKm) return `${JSON.stringify(c.value)} is ${spot.km(reach.centre).toFixed(1)} km from where the search is centred, beyond its ${reach.radiusKm} km`;
  }
  return undefined;
}

/**
 * Places a nearby search lists are near where it was centred: an address drawn on a street of the
 * town far from the centre ("hotels near Times Square" at "7 East 14th Street", attractions within
 * 1 km of the Hollywood Walk of Fame at "67 Figueroa Street") moves to a street that runs there
 * ("Central Park, New York City": not hotels on Bleecker Street, 5 km south). Carried addresses and
 * addresses an earlier answer gave stay as they are (one beyond the radius turns its trajectory
 * down: carriedBeyondRadius).
 */
function nearbyNearCentre(doc: ToolDoc, args: Record<string, unknown>, answer: Record<string, unknown>, carry: CarriedValue[]): void {
  const reach = nearbyReach(doc, args);
  if (!reach) return;
  const { centre, radiusKm, town } = reach;
  const carried = (v: unknown) => carry.some((c) => sameCarried(c.value, v));
  for (const list of Object.values(answer)) {
    if (!Array.isArray(list)) continue;
    for (const rec of list) {
      if (!isPlainObject(rec) || typeof rec.address !== 'string' || carried(rec.address)) continue;
      const place = placeAddressIn(rec.address, town);
      if (!place || place.by === 'town' || kmFromAddress(centre, place) <= radiusKm + (place.number !== undefined ? 0 : place.reachKm)) continue;
      // A numbered street's address at a number within the radius (81 Lexington Avenue is at 25th Street, not by Times Square).
      rec.address = addressWithin(rec.address, centre, Math.max(radiusKm * 0.8, 0.15), town) ?? addressNearIn(rec.address, centre, town);
    }
  }
}

/**
 * A nearby search for attractions, museums or landmarks (its term says which) lists the real sights
 * within its radius of its centre, or, for a term that names only a town ("top tourist attractions in
 * Paris"), within the town's middle 8 km. Names and addresses a later step copies stay as they are.
 */
function sightsAsListed(doc: ToolDoc, args: Record<string, unknown>, answer: unknown, carry: CarriedValue[]): void {
  if (!NEARBY_SEARCH.test(doc.name) || !isPlainObject(answer)) return;
  const term = searchTermOf(args);
  const kinds = term ? sightKindsAsked(term) : undefined;
  if (!term || !kinds) return;
  const reach = nearbyReach(doc, args);
  const town = reach ? undefined : placesNamedIn(term).find((p) => townReachKm(p) !== undefined);
  const centre = reach?.centre ?? town;
  if (!centre) return;
  const radiusKm = reach ? reach.radiusKm : Math.min(townReachKm(town!) ?? 8, 8);
  realSightsListed(answer, centre, radiusKm, kinds, (v) => carry.some((c) => sameCarried(c.value, v)), reach ? 'nearest' : 'best known');
}

const nameAddress = (p: { name: string; address: string }) => ({ name: p.name, address: p.address });

/**
 * A nearby search of a place and kind T-Eval recorded a search of (recordedNearby.ts), however spelt
 * ("restaurant" near "Times Square, New York City", "accommodation" near "Times Square"), lists the
 * recorded places within its reach, never drawn ones beside them: "Bistro Basile" at "388 West 44th
 * Street" where the recording found Hard Rock Cafe and Carmine's (teval_query_264_0). Records a later
 * step copies stay; the list is as long as the user asked, else as the places in reach make it.
 */
function recordedPlacesListed(doc: ToolDoc, args: Record<string, unknown>, answer: unknown, carry: CarriedValue[], asked?: number): void {
  if (!NEARBY_SEARCH.test(doc.name) || !isPlainObject(answer)) return;
  const term = searchTermOf(args);
  const kind = term ? nearbyKindOf(term) : undefined;
  if (!kind) return;
  const reach = nearbyReach(doc, args);
  const place = typeof args.places === 'string' ? args.places : typeof args.location === 'string' ? args.location : undefined;
  const centre = reach?.centre ?? (place ? placesNamedIn(place)[0] : undefined);
  if (!centre) return;
  const found = recordedPlacesNear(kind, centre, radiusKm(doc, args) ?? 5);
  if (!found?.length) return;
  const kept = (v: unknown) => carry.some((c) => sameCarried(c.value, v));
  for (const [key, list] of Object.entries(answer)) {
    if (!Array.isArray(list) || !list.some((r) => isPlainObject(r) && typeof r.name === 'string')) continue;
    const own = list.filter((r) => isPlainObject(r) && (kept(r.name) || kept(r.address)));
    const ownNames = new Set(own.map((r) => String((r as Record<string, unknown>).name).toLowerCase()));
    const free = found.filter((p) => !ownNames.has(p.name.toLowerCase()));
    const size = Math.max(own.length, Math.min(asked ?? found.length, found.length + own.length));
    const template = (list.find(isPlainObject) ?? {}) as Record<string, unknown>;
    // Each drawn record takes the next recorded place's name and address; the drawn list shorter than the places in reach
    // (two hotels "within 20 km" of Times Square: teval_query_35_0) has the rest after it.
    const out: unknown[] = list.map((rec) => (own.includes(rec) ? rec : free.length ? { ...(rec as Record<string, unknown>), ...nameAddress(free.shift()!) } : undefined)).filter((r) => r !== undefined);
    while (free.length && out.length < size) out.push({ ...template, ...nameAddress(free.shift()!) });
    // Longer than asked: the recorded places last listed go, never a record a later step copies.
    for (let i = out.length - 1; i >= 0 && out.length > size; i--) if (!own.includes(out[i])) out.splice(i, 1);
    answer[key] = out;
  }
}

/**
 * What an API that answers only from recordings answers a call: T-Eval's ArxivSearch (one `content`
 * text of paper blocks) with the recorded papers (arxivPapers.ts) whose title or summary holds every
 * word of the query's subject, ranked by the words, within the doc's "a list of 3" and the task's today.
 * One computation for the resolve stage (which turns down a trajectory step it cannot answer) and the
 * simulator (which answers it):
 * - `answer`: the recorded records, holding every value a later step copies from them;
 * - `unmet`: values later steps copy that no recorded record the query finds holds, said as a list;
 * - `nothing`: no recorded record matches the query (`query`); `response` is the API's own
 *   nothing-found answer, honest for a wrong call, broken-looking for a step the task needs.
 * Undefined for another API.
 */
export type RecordedOnly = { kind: 'answer'; response: string; items?: number; copied?: boolean } | { kind: 'unmet'; values: string } | { kind: 'nothing'; query: string; response: string };

export function recordedOnly(doc: ToolDoc, args: unknown, carry: CarriedValue[], today?: string): RecordedOnly | undefined {
  if (/scholar/i.test(doc.name)) return scholarRecordedOnly(doc, args, carry);
  if (!/arxiv/i.test(doc.name) || doc.return_data.length !== 1 || !isPlainObject(args)) return undefined;
  const query = typeof args.query === 'string' ? args.query : Object.values(args).find((v): v is string => typeof v === 'string');
  if (query === undefined) return undefined;
  const field = doc.return_data[0];
  const cap = docListCap(field.description) ?? 3;
  // A recorded paper a later step copies from this answer (T-Eval's run found it for this query) comes first, then those the words find.
  const copied = ARXIV_PAPERS.filter((p) => carry.some((c) => [p.published, p.title, p.authors, p.summary].some((f) => f.includes(String(c.value))))).filter((p) => !today || p.published <= today.slice(0, 10));
  const papers = [...copied, ...arxivPapersFor(query, cap, today).filter((p) => !copied.includes(p))].slice(0, cap);
  const content = arxivContent(papers);
  const unmet = carry.filter((c) => !content.includes(String(c.value)));
  if (unmet.length) return { kind: 'unmet', values: unmet.slice(0, 3).map((c) => toJson(c.value).slice(0, 80)).join(', ') };
  const response = pyJson({ [field.name]: content });
  return content === ARXIV_NOTHING_FOUND ? { kind: 'nothing', query, response } : { kind: 'answer', response };
}

/** Values later steps copy that `holds` finds in no recorded record shown, said as a list; undefined when every one is held. */
function unmetCarries(carry: CarriedValue[], holds: (value: string) => boolean): string | undefined {
  const unmet = carry.filter((c) => !holds(String(c.value)));
  return unmet.length ? unmet.slice(0, 3).map((c) => toJson(c.value).slice(0, 80)).join(', ') : undefined;
}

/**
 * Google Scholar answered from the records T-Eval recorded (scholarRecords.ts), as recordedOnly
 * answers arXiv: a search lists the recorded papers whose title or snippet holds every word of its
 * subject (a recorded paper a later step copies first), with their recorded ids, citation counts and
 * snippets; a citation or an author profile is the recorded one of its id, or Scholar's own "Fully
 * empty" / "{}" where no recording answers the id. Undefined for Scholar's author-id lookup.
 */
function scholarRecordedOnly(doc: ToolDoc, args: unknown, carry: CarriedValue[]): RecordedOnly | undefined {
  // A search for an opaque id finds nothing, as it does anywhere (idSearch.ts).
  if (!isPlainObject(args) || findsNothing(doc.name, args)) return undefined;
  const arg = (key: string) => (typeof args[key] === 'string' ? (args[key] as string) : Object.values(args).find((v): v is string => typeof v === 'string'));
  if (/search/i.test(doc.name)) {
    const query = arg('query');
    if (query === undefined) return undefined;
    const fields = (p: (typeof SCHOLAR_PAPERS)[number]) => [p.title, p.organicId, String(p.citedBy)];
    const copied = SCHOLAR_PAPERS.filter((p) => carry.some((c) => fields(p).includes(String(c.value))));
    const papers = [...copied, ...scholarPapersFor(query, 3).filter((p) => !copied.includes(p))].slice(0, 3);
    const values = unmetCarries(carry, (v) => papers.some((p) => fields(p).includes(v) || p.snippet.includes(v)));
    if (values) return { kind: 'unmet', values };
    if (!papers.length) return { kind: 'nothing', query, response: scholarNothingFound('organic') };
    return { kind: 'answer', items: papers.length, copied: copied.length > 0, response: pyJson({ title: papers.map((p) => p.title), cited_by: papers.map((p) => p.citedBy), organic_id: papers.map((p) => p.organicId), snippets: papers.map((p) => p.snippet) }) };
  }
  const citation = /citation/i.test(doc.name);
  if (!citation && !/author_info/i.test(doc.name)) return undefined;
  const id = arg(citation ? 'q' : 'author_id');
  if (id === undefined) return undefined;
  const text = citation ? SCHOLAR_CITATIONS[id.trim()] : SCHOLAR_AUTHORS[id.trim()];
  const values = unmetCarries(carry, (v) => text?.includes(v) ?? false);
  if (values) return { kind: 'unmet', values };
  return text === undefined ? { kind: 'nothing', query: id, response: citation ? scholarNothingFound('citations') : SCHOLAR_NO_AUTHOR } : { kind: 'answer', response: text };
}

export function simulateOffline(input: OfflineSimulatorInput, rng: Rng): SimulatedAnswer {
  if (input.environmentError) return { error: environmentMessage(input.environmentError, input.name, rng, localityOf(input.name, input.tools), isComputation(input.name, input.tools)), response: '' };
  const problems = validateCall(input.name, input.args, input.tools);
  if (problems.length) return { error: problems.join('; '), response: '' };
  // The shape the API really answers in, where its doc slipped (similar movies documented as reviews).
  const doc = answeredDoc(input.tools.find((t) => t.name === input.name)!);
  const carry = input.carry ?? [];
  const lost = unlocated(doc, input.args, input.place, carry);
  if (lost) return { error: '', response: lost };
  // A search for an opaque id ("aRCT0jKYjgIJ") or a ticker search for a film finds nothing (idSearch.ts), unless a later step copies from it.
  if (!carry.length && findsNothing(doc.name, input.args)) return { error: '', response: pyJson(keysAsRecorded(nothingFoundAnswer(doc), recordedKeys(input.examples ?? []))) };
  // An API that answers only a status says success in its own recorded words ("{'status': 'added page'}"), the same each time.
  const status = doc.return_data.every((f) => /^(?:status|result|state)$/i.test(f.name)) ? recordedStatus(input.examples ?? [], input.args) : undefined;
  if (status) return { error: '', response: status };
  // An arXiv search answers with the real papers T-Eval recorded whose words match its query (arxivPapers.ts), or with
  // Lagent's "No good Arxiv Result was found", never with papers written for the query; what a later step copies
  // from it must be among them, else the answer is drawn as before.
  // Google Scholar likewise answers with the records T-Eval recorded where they answer the call (scholarRecords.ts), and finds
  // nothing for a placeholder id ("organic_result_id", "Qian Zhongshu"); else its answer is drawn as before (a search or an id
  // no recording answers: turning those trajectories down would drop most Scholar tasks).
  const recorded = recordedOnly(doc, input.args, carry, input.today);
  // A Scholar search whose recorded papers are fewer than the request asks for ("the first 3") and that no later step copies from is
  // drawn as the searches no recording answers are (teval_query_239_0: 2 recorded papers for 3 asked, simulated_list_short on g3).
  const tooFew = recorded?.kind === 'answer' && recorded.items !== undefined && !recorded.copied && input.asked !== undefined && recorded.items < input.asked;
  if (recorded?.kind === 'answer' && !tooFew) return { error: '', response: recorded.response };
  if (recorded?.kind === 'nothing' && (!/scholar/i.test(doc.name) || (!/search/i.test(doc.name) && isPlaceholderId(recorded.query)))) return { error: '', response: recorded.response };
  // A search whose recordings list more results than its doc's "at most N" lists N (Serper's 10 against "at most 3 items").
  const shape = recordedSearchShape(input.examples ?? []);
  const full = shape ? { field: shape.field, atLeast: recordedResultCount(input.examples ?? [], shape) ?? 0 } : undefined;
  // A clock nothing in the task dates answers on a day its own recordings answer (T-Eval's runs of October 2023), never a day
  // drawn in 2019-2024: a drawn "2020-09-29" made the recorded papers of 2021-2022 the task shows read as published after today.
  const today = input.today ?? (isClock(doc) ? recordedClockDay(input.examples ?? []) : undefined);
  // A map's lists (routes, places nearby) are as long as the streets and what is near make them, not a page (left to the map rules).
  const pages = /map/i.test(doc.name) ? undefined : recordedPageSizes(input.recorded?.length ? input.recorded.map((response) => ({ response })) : (input.examples ?? []));
  const planned = plausibleAnswer(doc, input.args as Record<string, unknown>, rng, input.place, carry, input.known, recordedLists(input.examples ?? []), today, input.asked, input.named, input.used, full, pages);
  // A paper's summary is about its own title (one carried from a recorded answer included), unless a later step copies the summary.
  const carriedValues = new Set(carry.map((c) => toJson(c.value)));
  // A flag the recordings write day by day (check_availability) is written as those days (datedFlags.ts);
  // an author's article titles as the {title, authors} records Scholar lists (titleRecords.ts).
  const examples = input.examples ?? [];
  const formExamples = input.recorded?.length ? input.recorded.map((response) => ({ response })) : examples;
  const dated = flagsAsDatedRecords(applyCarried(planned, carry), recordedDatedFlags(examples), input.args as Record<string, unknown>, today);
  const drawn = titlesAsRecords(dated, recordedTitleRecords(examples), input.known?.papers ?? [], initials, rng);
  if (RENTAL.test(doc.name)) kindAgreesWithName(drawn, carry, input.known, rng);
  // A details title written as the recordings write it ("Home in Monterey Park · ★4.79 · 1 bedroom · 1 bed · 1 shared bath"), not the search's name (detailsTitles.ts).
  if (RENTAL.test(doc.name)) titleAsRecordedDetails(drawn, formExamples, carry, input.known, input.place, rng);
  if (/arxiv|paper|article|scholar/i.test(doc.name)) {
    const subject = Object.values(input.args as Record<string, unknown>).find((v): v is string => typeof v === 'string' && isWords(v)) ?? input.known?.topic ?? '';
    summariesFollowTitles(drawn, { rng, args: input.args as Record<string, unknown>, subject, hint: doc.name, used: new Set() }, (v) => carriedValues.has(toJson(v) ?? ''));
    // A snippet names no year after its own paper's ("since 2015" in a paper of 2011).
    snippetsWithinPublication(drawn, (v) => carriedValues.has(toJson(v) ?? ''));
  }
  // A listing named for a district ("Hotel in Minato City", "Rental unit in Queens") is in that district (districts.ts).
  if (RENTAL.test(doc.name)) listingsInNamedDistrict(drawn, carry, input.known, rng);
  // A record's address and its coordinates name one spot (streetGeo.ts).
  coordinatesAgreeWithAddress(drawn, carry, input.known, placeNamed(input.place ?? ''));
  // A nearby search's places are near its centre.
  nearbyNearCentre(doc, input.args as Record<string, unknown>, drawn, carry);
  // A search for sights lists the real ones near its centre (realSights.ts), never made-up museums by the Eiffel Tower.
  sightsAsListed(doc, input.args as Record<string, unknown>, drawn, carry);
  // A search of a place and kind T-Eval recorded lists the recorded places (recordedNearby.ts), never made-up ones beside them.
  recordedPlacesListed(doc, input.args as Record<string, unknown>, drawn, carry, input.asked);
  // A real venue the task names stands at its own address (realVenues.ts), not on a drawn street; after the
  // move to the centre, so a search by name finds it where it is.
  venuesAtRealAddresses(drawn, (v) => carry.some((c) => /address/i.test(c.sub ?? c.field) && sameCarried(c.value, v)));
  // Each made-up place at a door of its own, none at a real venue's ("Lantern Kitchen" and "Bistro Colette" were both at
  // "1 Mulberry Street", the street's first number the move to the centre clamps to: teval_query_314_0).
  madeUpPlacesAtOwnDoors(drawn, (v) => carry.some((c) => /address/i.test(c.sub ?? c.field) && sameCarried(c.value, v)));
  // A news item's headline says what its summary reports (not "The Long Road Home" over a new CFO).
  if (/news/i.test(doc.name)) headlinesFollowSummaries(drawn, (v) => carriedValues.has(toJson(v) ?? ''));
  // What the world knows about a real film or company the call is about (worldFacts.ts) wins over what was drawn.
  // A film's facts another answer of the task gives stay with it through the ranking, as carried values do.
  const pinned: CarriedValue[] = [];
  const world = worldAnswer(doc, input.args as Record<string, unknown>, drawn, carry, input.known, rng, pinned);
  const held = pinned.length ? [...carry, ...pinned] : carry;
  const answer = classicsAsRecorded(doc, rankedAsAsked(rankedAsDocumented(doc, placedAsAsked(world, held), held), held), (v) => held.some((c) => sameCarried(c.value, v)));
  // An id takes a form the recordings' ids of its field take (rooms 101-103, not 67977), unless a later step, the call or the world names it (recordedIds.ts).
  const argValues = Object.values(input.args as Record<string, unknown>).map((v) => toJson(v));
  const exact = (v: unknown) => carry.some((c) => sameCarried(c.value, v) || String(c.value) === String(v)) || argValues.includes(toJson(v)) || argValues.includes(toJson(String(v))) || worldId(v);
  const keep = (v: unknown) => exact(v) || pinned.some((c) => sameCarried(c.value, v) || String(c.value) === String(v));
  const ided = idsAsRecorded(answer, recordedIds(examples, doc.return_data), rng, keep, doc.return_data);
  // A field the doc misnames ("snipets", "avg temperature") takes the name the recordings give it (recordedKeys.ts);
  // result lines the recordings write as a search ({searchParameters, organic: [{title, link, snippet, position}]}) are written so (recordedSearch.ts).
  const typed = oneTypePerField(ided, held.map((c) => c.value));
  const named = keysAsRecorded(isPlainObject(typed) ? asRecordedSearch(typed, shape, input.args as Record<string, unknown>) : typed, recordedKeys(examples));
  // A value takes the form its field's recordings share (valueForms.ts): a review's time '2023-09-26T23:05:31Z', never '08:00' beside them;
  // a kept value (a later step, the call or the world names it) its type only.
  // A drawn float takes its field's recorded decimals. A value a later step, the call or the world names stays exact; a fact another
  // answer of the task gives a listed record (pinned) or an earlier answer showed (the list that gave the id, a film's rating anywhere in
  // the task: KnownFacts.fields, .films) says what was shown: rounded only where its field prints fewer places (the recorded details'
  // 8.709 is 8.7 in a top-rated list, as TMDB's recorded lists print it), never given digits (the merged h-fields27 wrote the list's 8.7
  // as 8.784 in The Shawshank Redemption's details: simulated_film_facts_disagree 61/136 on int27-fields-try's m2, teval_query_107_1).
  const shown = shownNumbers(input.known);
  const keepsWhatItSays = (v: unknown) => keep(v) || shown.has(numberText(v) ?? '\u0000');
  // A listing's address as every recorded search writes it, "San Francisco, CA, United States", never "13 Fillmore Street, San Francisco" (townLines.ts).
  const lined = townLinesAsRecorded(named, recordedFields(formExamples), keep, searchedTownLine(input.args as Record<string, unknown>));
  const formed = valuesAsRecorded(lined, recordedFields(formExamples), rng, keepsWhatItSays, today, exact);
  // A paper another answer of the task lists keeps that answer's record (scholarShown.ts), unless a later step copies this one's.
  const carriedHere = (v: unknown) => held.some((c) => sameCarried(c.value, v) || String(c.value) === String(v));
  return { error: '', response: pyJson(papersKeepShownRecords(formed, input.known?.scholarPapers ?? [], carriedHere)) };
}
