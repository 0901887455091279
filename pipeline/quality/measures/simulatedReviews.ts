/**
 * Simulated reviews and routes read as real ones: a review's rating is whole stars as the recorded
 * answers give it ('rating': 5, never 4.37), a review's clauses are its own (not "the cast clearly had
 * fun making it" in three reviews of one case, nor "there are plenty of cafés on the same block" in
 * half the cases), and a route's legs fit the trip (no 1067 km on Beijing's 3rd Ring Road).
 */
import { firstDefect, shownSimulatedSteps, shownSteps, shownStepsWithWrong, simulatedDefectAmong } from '../evidence.js';
import type { Step } from '../../schemas.js';
import { kmToStreet } from '../../resolution/streetGeo.js';
import { isPlainObject } from '../../errors/values.js';
import { toJson } from '../../pyValues.js';
import { parseToolResponse } from '../../prompts/parseAction.js';
import { IN_TOWN_ROAD, reviewClauses } from '../../resolution/simulatedText.js';
import type { TestCase } from '../../schemas.js';
import { GENERIC_STREETS, gridTownAt, routeEnd, streetKey, TABLE_STREETS } from '../../resolution/streets.js';
import { DISTRICTS } from '../../resolution/districts.js';
import { locate, ROAD_FACTOR, TRIP_END, TRIP_START } from '../../resolution/trips.js';
import { distanceKm } from '../../resolution/places.js';
import type { CaseMeasure, QualityContext, SetMeasure } from '../types.js';

const value = (text: string): unknown => parseToolResponse(text) ?? text;

/** The review records of an answer: the records of a list field named for reviews or comments. */
export function reviewRecords(answer: unknown): Record<string, unknown>[] {
  if (!isPlainObject(answer)) return [];
  return Object.entries(answer)
    .filter(([k, v]) => /review|comment/i.test(k) && Array.isArray(v))
    .flatMap(([, v]) => (v as unknown[]).filter(isPlainObject));
}

/** The texts of the review records a step's answer lists (their comment, review, content or text field). */
function reviewTextsIn(step: Step): string[] {
  return reviewRecords(value(step.response!.content)).flatMap((r) => Object.entries(r).filter(([k, v]) => /comment|review|content|text/i.test(k) && typeof v === 'string').map(([, v]) => v as string));
}

/** A review record's rating that no recorded review gives: a fraction of a star ("rating": 4.37). */
export function fractionalReviewRating(answer: unknown): string | null | undefined {
  const records = reviewRecords(answer);
  if (!records.some((r) => Object.keys(r).some((k) => /rating|score|stars/i.test(k)))) return undefined;
  for (const r of records) {
    for (const [k, v] of Object.entries(r)) if (/rating|score|stars/i.test(k) && typeof v === 'number' && !Number.isInteger(v)) return `"${k}": ${v}`;
  }
  return null;
}

export const simulatedReviewRatingFractional: CaseMeasure = {
  kind: 'case',
  id: 'simulated_review_rating_fractional',
  group: 'text',
  title: 'a simulated review rated in fractions of a star ("rating": 4.99, 4.37) where the recorded reviews give whole stars (\'rating\': 5) or whole marks out of 10',
  population: 'cases showing a simulated answer with rated review records',
  check: (tc, ctx) => simulatedDefectAmong(tc, ctx, (step) => fractionalReviewRating(value(step.response!.content))),
};

/** The clauses of a review of seven words or more, in lower case (simulatedText.ts, where the simulator avoids repeating them). */
export { reviewClauses };

/** The review texts of the simulated answers a case shows, one per different call. */
function reviewTextsShown(tc: TestCase, ctx: QualityContext): { call: string; texts: string[] }[] | undefined {
  const steps = shownSimulatedSteps(tc, ctx);
  if (!steps) return undefined;
  const out = new Map<string, string[]>();
  for (const step of steps) {
    const texts = reviewTextsIn(step);
    if (texts.length) out.set(`${step.action.name}${toJson(step.action.args)}`, texts);
  }
  return [...out.entries()].map(([call, texts]) => ({ call, texts }));
}

export const simulatedReviewClauseRepeated: CaseMeasure = {
  kind: 'case',
  id: 'simulated_review_clause_repeated',
  group: 'text',
  title: 'a clause of seven words or more twice among the simulated reviews a case shows ("the cast clearly had fun making it" in three reviews of three films)',
  population: 'cases showing simulated review records',
  check(tc, ctx) {
    const shown = reviewTextsShown(tc, ctx);
    if (!shown?.length) return undefined;
    const seen = new Set<string>();
    for (const { texts } of shown) {
      for (const t of texts) {
        for (const c of new Set(reviewClauses(t))) {
          if (seen.has(c)) return `"${c}" twice`;
          seen.add(c);
        }
      }
    }
    return null;
  },
};

/** A street a review names by its full name: "Hayes Street", "Santa Monica Boulevard". */
const STREET_NAMED = /\b(?:[A-Z][\w'.-]* )+(?:Street|Avenue|Boulevard|Road|Way|Drive|Lane|Place)\b/g;

/** What a case shows of a stay besides its reviews: the name its listing gave it and the coordinates its details gave. */
export interface StayShown { name?: string; lat?: number; lon?: number }

/**
 * A stay's review naming a street it is not on or near: one the listing's own name does not put it by
 * (reviews of "Cozy loft near Polk Street" shopping on Divisadero Street, teval_query_174_1), one whose
 * line runs over 1.5 km from the coordinates its details gave (a condo at 37.7974, -122.4079 in North
 * Beach with "the shop on Hayes Street" 2.5 km off, teval_query_114_2), or one review naming the same
 * street twice ("the market on Divisadero Street. The train station on Divisadero Street …").
 * Undefined when no review names a street.
 */
export function reviewStreetOffStay(texts: readonly string[], stay: StayShown): string | null | undefined {
  const byReview: string[][] = texts.map((t) => [...(t.match(STREET_NAMED) ?? [])]);
  if (!byReview.some((s) => s.length)) return undefined;
  const near = /\bnear ((?:[A-Z][\w'.-]* )+(?:Street|Avenue|Boulevard|Road|Way|Drive|Lane|Place))\b/.exec(stay.name ?? '')?.[1];
  for (const streets of byReview) {
    const twice = streets.find((x, i) => streets.indexOf(x) !== i);
    if (twice) return `"${twice}" twice in one review`;
    for (const street of streets) {
      if (near && street !== near) return `"${street}" for a listing named "${stay.name}"`;
      const km = stay.lat !== undefined && stay.lon !== undefined ? kmToStreet({ lat: stay.lat, lon: stay.lon }, street) : undefined;
      if (km !== undefined && km > 1.5) return `"${street}" runs ${km.toFixed(1)} km from the stay's coordinates (${stay.lat}, ${stay.lon})`;
    }
  }
  return null;
}

/** The ids a call's arguments carry (a property id as a number, a big integer or a string of digits). */
const idsIn = (args: unknown): string[] => (isPlainObject(args) ? Object.values(args).filter((v) => typeof v === 'bigint' || (typeof v === 'number' && Number.isInteger(v)) || (typeof v === 'string' && /^\d{4,}$/.test(v))).map(String) : []);

/** What the case's shown answers say of the stay `id`: its listed name, its details' coordinates. */
function stayShown(id: string, steps: readonly Step[]): StayShown {
  const out: StayShown = {};
  for (const step of steps) {
    const v = value(step.response!.content);
    if (!isPlainObject(v)) continue;
    for (const list of Object.values(v)) {
      if (!Array.isArray(list)) continue;
      const rec = list.find((r) => isPlainObject(r) && String(r.id) === id) as Record<string, unknown> | undefined;
      if (rec && typeof rec.name === 'string') out.name = rec.name;
    }
    if (idsIn(step.action.args).includes(id) && typeof v.latitude === 'number' && typeof v.longitude === 'number') Object.assign(out, { lat: v.latitude, lon: v.longitude });
  }
  return out;
}

export const simulatedReviewStreetOffStay: CaseMeasure = {
  kind: 'case',
  id: 'simulated_review_street_off_stay',
  group: 'text',
  title: 'a simulated stay review naming a street the stay is not by: not the one its listing\'s name gives ("Cozy loft near Polk Street" reviewed as shopping on Divisadero Street), over 1.5 km from the coordinates its details gave ("the shop on Hayes Street" 2.5 km off), or the same street twice in one review',
  population: 'cases showing a simulated review answer of a stay whose reviews name a street',
  check(tc, ctx) {
    const all = shownStepsWithWrong(tc, ctx);
    if (!all) return undefined;
    return firstDefect(all.filter((s) => s.response?.tier === 'simulated' && /airbnb|propert|rental|stay/i.test(s.action.name)), (step) => {
      const texts = reviewTextsIn(step);
      if (!texts.length) return undefined;
      const id = idsIn(step.action.args)[0];
      const why = reviewStreetOffStay(texts, id ? stayShown(id, all.filter((s) => s.response)) : {});
      return why ? `${step.action.name}: ${why}` : why;
    });
  },
};

/** One review answer a case shows: the call and its answer (`answer`), its review texts, the case. */
export interface ShownReviews { answer: string; texts: string[]; caseId: string }

/** The share of the different review answers holding the most common clause; one answer shown by many cases counts once. */
export function clauseTopShare(shown: ShownReviews[]): { value: number; n: number; detail: string; examples: { id: string; detail: string }[] } | undefined {
  const answers = new Map<string, { clauses: Set<string>; cases: Set<string>; id: string }>();
  for (const s of shown) {
    const e = answers.get(s.answer) ?? { clauses: new Set(s.texts.flatMap(reviewClauses)), cases: new Set<string>(), id: s.caseId };
    e.cases.add(s.caseId);
    answers.set(s.answer, e);
  }
  const n = answers.size;
  if (n === 0) return undefined;
  const counts = new Map<string, { n: number; cases: number; id: string }>();
  for (const a of answers.values()) {
    for (const c of a.clauses) {
      const e = counts.get(c) ?? { n: 0, cases: 0, id: a.id };
      e.n++;
      e.cases += a.cases.size;
      counts.set(c, e);
    }
  }
  const top = [...counts.entries()].sort((a, b) => b[1].n - a[1].n || b[1].cases - a[1].cases || (a[0] < b[0] ? -1 : 1)).slice(0, 5);
  return { value: top.length ? top[0][1].n / n : 0, n, detail: `${counts.size} clauses over ${n} review answers`, examples: top.map(([c, e]) => ({ id: e.id, detail: `${e.n} answers (${e.cases} cases): "${c}"` })) };
}

/**
 * The review answers the cases show, one per call: the same call gets the same answer by design (one
 * film's reviews are the same reviews in every task that asks for them), so a clause is counted once
 * per different answer it is in, with the cases showing it beside.
 */
export const simulatedReviewClauseTop: SetMeasure = {
  kind: 'set',
  id: 'simulated_review_clause_top_share',
  group: 'text',
  title: 'simulated reviews: share of the different review answers (one per call) that hold the most common review clause ("there are plenty of cafés on the same block")',
  population: 'different simulated review answers the cases show (one per call and answer)',
  better: 'lower',
  minGateN: 20,
  score(cases, ctx) {
    const shown: ShownReviews[] = [];
    for (const tc of cases) {
      for (const step of shownSimulatedSteps(tc, ctx) ?? []) {
        const texts = reviewTextsIn(step);
        if (texts.length) shown.push({ answer: `${step.action.name}${toJson(step.action.args)}\u0000${step.response!.content}`, texts, caseId: tc.id });
      }
    }
    return clauseTopShare(shown);
  },
};

/**
 * A route leg no trip has: longer than the whole trip the case shows (a get_distance answer, the
 * route's own distance), or 60 km and more on a road that runs inside one town (a ring road, the FDR
 * Drive): "Continue on the 3rd Ring Road for 1067 km" from Beijing to Shanghai.
 */
export function impossibleRouteLeg(steps: unknown[], tripKm: number | undefined): string | null {
  for (const s of steps) {
    if (typeof s !== 'string') continue;
    for (const m of s.matchAll(/(?:Continue on|on) (.+?) for (\d+(?:\.\d+)?) km/g)) {
      const km = Number(m[2]);
      if (tripKm !== undefined && km > tripKm * 1.05) return `"${s}" on a trip of ${tripKm} km`;
      if (km >= 60 && IN_TOWN_ROAD.test(m[1])) return `"${s}": ${m[1]} runs inside one town`;
    }
  }
  return null;
}

/**
 * A route unlike the trip it is for: a roundabout in a town laid out on a grid ("At the roundabout,
 * take the second exit onto Columbus Avenue" leaving Times Square; Seattle, Washington, Los Angeles
 * route by turns at junctions), or legs adding up to a town's drive on a trip between towns (11 km
 * from Denver to Rocky Mountain National Park, 90 km apart as the crow flies). Ends are located as
 * the simulator locates them (trips.ts locate: a known place, coordinates).
 */
export function routeUnlikeTrip(action: { name: string; args: unknown }, legs: unknown[]): string | null {
  if (!isPlainObject(action.args)) return null;
  const arg = (re: RegExp) => Object.entries(action.args as Record<string, unknown>).find(([k]) => re.test(k))?.[1];
  const lonFirst = /gaode|amap/i.test(action.name);
  const [a, b] = [locate(arg(TRIP_START), lonFirst), locate(arg(TRIP_END), lonFirst)];
  const texts = legs.filter((x): x is string => typeof x === 'string');
  const roundabout = texts.find((x) => /roundabout/i.test(x));
  const grid = gridTownAt(a) ?? gridTownAt(b);
  if (roundabout && grid) return `"${roundabout}" on a route from ${String(arg(TRIP_START))}, in ${grid}, laid out on a grid`;
  const kms = texts.flatMap((x) => [...x.matchAll(/(\d+(?:\.\d+)?) km\b/g)].map((m) => Number(m[1])));
  if (a && b && kms.length) {
    const straight = distanceKm(a, b);
    const total = kms.reduce((x, y) => x + y, 0);
    if (straight >= 30 && total < straight * 0.9) return `the legs of the route ${String(arg(TRIP_START))} → ${String(arg(TRIP_END))} add up to ${Math.round(total * 10) / 10} km, ${Math.round(straight)} km apart as the crow flies (by road about ${Math.round(straight * ROAD_FACTOR)} km)`;
  }
  return null;
}

/**
 * A route whose legs add up to more than 5% (and 1 km) away from the distance the case shows between
 * its two ends: "Continue on the highway for 4911.7 km" (4919.7 km in all) from New York City to Los
 * Angeles, where get_distance says 4488.454. A route with no lengths says nothing.
 */
export function routeOffDistance(legs: unknown[], distance: number | undefined): string | null {
  if (distance === undefined || distance <= 0) return null;
  const kms = legs.filter((x): x is string => typeof x === 'string').flatMap((x) => [...x.matchAll(/(\d+(?:\.\d+)?) km\b/g)].map((m) => Number(m[1])));
  if (!kms.length) return null;
  const total = Math.round(kms.reduce((x, y) => x + y, 0) * 10) / 10;
  return Math.abs(total - distance) > Math.max(1, distance * 0.05) ? `the route's legs add up to ${total} km; the distance the case shows between its ends is ${distance} km` : null;
}

/**
 * The first impossible leg of a simulated route among the steps a case shows, null when every route
 * is possible, undefined when none is simulated. A distance is the trip's only between the same two
 * places: Times Square to the Empire State Building (1.3 km) says nothing of a route from Central
 * Park there (teval_query_310_2).
 */
export function routeDefect(steps: { action: { name: string; args: unknown }; response?: { content: string; tier?: string } }[], offDistance = false): string | null | undefined {
  const tripOf = (args: unknown) => (isPlainObject(args) ? JSON.stringify([args.start, args.end, args.origin, args.destination].map((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v))) : '');
  const trips = new Map<string, number>();
  // Every distance the case shows between two ends, earlier or later than the route, either way round.
  const reversed = (args: unknown) => (isPlainObject(args) ? tripOf({ start: args.end ?? args.destination, end: args.start ?? args.origin }) : '');
  for (const step of steps) {
    const answer = value(step.response?.content ?? '');
    if (!isPlainObject(answer) || !/distance/i.test(step.action.name) || typeof answer.distance !== 'number') continue;
    for (const key of [tripOf(step.action.args), reversed(step.action.args)]) if (!trips.has(key)) trips.set(key, answer.distance);
  }
  let seen = false;
  for (const step of steps) {
    const answer = value(step.response?.content ?? '');
    if (!isPlainObject(answer)) continue;
    if (!/route/i.test(step.action.name) || step.response?.tier !== 'simulated') continue;
    const legs = Object.values(answer).find(Array.isArray);
    if (!legs) continue;
    seen = true;
    const distance = typeof answer.distance === 'number' ? answer.distance : trips.get(tripOf(step.action.args));
    const why = offDistance ? routeOffDistance(legs, distance) : impossibleRouteLeg(legs, distance) ?? routeUnlikeTrip(step.action, legs);
    if (why) return why;
  }
  return seen ? null : undefined;
}

export const simulatedRouteImpossible: CaseMeasure = {
  kind: 'case',
  id: 'simulated_route_impossible',
  group: 'text',
  title: 'a simulated route with a leg no trip has: longer than the distance the case shows ("Continue on the FDR Drive for 4 km" on a 1.3 km trip) or 60+ km on a town\'s ring road; or a route unlike its trip: a roundabout in a grid town ("At the roundabout, take the second exit onto Columbus Avenue" leaving Times Square), legs adding up to 11 km from Denver to Rocky Mountain National Park',
  population: 'cases showing a simulated route answer',
  check(tc, ctx) {
    const steps = shownSteps(tc, ctx);
    const simulated = shownSimulatedSteps(tc, ctx);
    if (!steps || !simulated) return undefined;
    return routeDefect([...steps, ...simulated.filter((s) => !steps.includes(s))]);
  },
};


const KNOWN_STREETS = [...new Set([...TABLE_STREETS, ...DISTRICTS.flatMap((d) => d.streets), ...GENERIC_STREETS])].sort((a, b) => b.length - a.length);

/** The table's streets a text names, longest first, none inside a longer one ("Broadway" in "Broadway East"). */
function streetsNamed(text: string): string[] {
  let rest = text;
  const out: string[] = [];
  for (const s of KNOWN_STREETS) {
    const re = new RegExp(`(?<![\\w-])${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`);
    if (re.test(rest)) {
      out.push(s);
      rest = rest.replace(re, ' ');
    }
  }
  return out;
}

/**
 * A simulated route naming a street at neither of its ends: "Head west on Constitution Avenue NW"
 * (Washington's) leaving "1 Infinite Loop, Cupertino, CA"; "Head west on Mulberry Street" (Manhattan's)
 * leaving Liberty Island (40.6892,-74.0445); Manhattan's avenues on the way to "212 Washington St,
 * Jersey City". The first step's street must be at the start (its own street, else its town's); every
 * street must be at the start or the end when both are located (a known place, coordinates, a town the
 * table does not know, an island). Streets are those of the street table (streets.ts, districts.ts).
 */
export function routeOffPlace(action: { name: string; args: unknown }, response: string): string | null | undefined {
  if (!/route|direction/i.test(action.name) || !isPlainObject(action.args)) return undefined;
  const answer = value(response);
  const legs = isPlainObject(answer) ? (Object.values(answer).find((x) => Array.isArray(x) && x.length && x.every((y) => typeof y === 'string')) as string[] | undefined) : undefined;
  if (!legs) return undefined;
  const text = (re: RegExp) => {
    const hit = Object.entries(action.args as Record<string, unknown>).find(([k, v]) => re.test(k) && (typeof v === 'string' || typeof v === 'number'));
    return hit ? String(hit[1]).trim() : undefined;
  };
  const [from, to] = [text(TRIP_START), text(TRIP_END)];
  const lonFirst = /gaode|amap/i.test(action.name);
  const S = routeEnd(from, locate(from, lonFirst));
  const E = routeEnd(to, locate(to, lonFirst));
  if (!S.located && !E.located) return undefined;
  const low = (xs: (string | undefined)[]) => new Set(xs.filter((x): x is string => !!x).map(streetKey));
  const atStart = low([S.own, ...S.streets]);
  const atEither = low([S.own, ...S.streets, E.own, ...E.streets]);
  const strip = (leg: string): string => [from, to].reduce<string>((t, e) => (e ? t.split(e).join(" ") : t), leg);
  if (S.located) {
    const first = streetsNamed(strip(legs[0])).find((s) => !atStart.has(streetKey(s)));
    if (first) return `the route from "${from}" starts on ${first}, ${S.offshore ? `on ${S.offshore}, which no street reaches` : 'no street there'}`;
  }
  if (!S.located || !E.located) return null;
  // Off an island the ferry is the way out: a street before the road ("At the light, turn left onto Flatbush Avenue" right after Liberty Island's ferry) is the far end's, reached before the drive to it.
  if (S.offshore) {
    const road = legs.findIndex((leg) => /\bramp\b|\bContinue on\b|\bKeep (?:left|right|straight) to stay on\b/.test(leg));
    const before = road < 0 ? [] : legs.slice(1, road).flatMap((leg) => streetsNamed(strip(leg)).filter((st) => !atStart.has(streetKey(st))).map((st) => ({ st, leg })));
    if (before.length) return `the route from "${from}" names ${before[0].st} ("${before[0].leg.slice(0, 60)}") right after ${S.offshore}'s ferry, before the road to it`;
  }
  for (const leg of legs) {
    const off = streetsNamed(strip(leg)).find((s) => !atEither.has(streetKey(s)));
    if (off) return `the route "${from}" → "${to}" names ${off} ("${leg.slice(0, 60)}"), a street at neither end`;
  }
  return null;
}

export const simulatedRouteOffPlace: CaseMeasure = {
  kind: 'case',
  id: 'simulated_route_off_place',
  group: 'text',
  title: 'a simulated route names a street at neither of its ends: "Constitution Avenue NW" (Washington) leaving "1 Infinite Loop, Cupertino, CA", "Mulberry Street" (Manhattan) leaving Liberty Island, Manhattan\'s avenues to a Jersey City address; or the far end\'s street right after an island\'s ferry, before the road ("Flatbush Avenue" off Liberty Island\'s ferry)',
  population: 'cases showing a simulated route answer with a located start or end',
  check: (tc, ctx) => simulatedDefectAmong(tc, ctx, (step) => routeOffPlace(step.action, step.response!.content)),
};

/** Distances the case shows between a simulated route's ends, before or after it (4919.7 km of legs New York City → Los Angeles beside get_distance 4488.454). */
export const simulatedRouteOffDistance: CaseMeasure = {
  kind: 'case',
  id: 'simulated_route_off_distance',
  group: 'text',
  title: 'a simulated route whose legs add up to more than 5% (and 1 km) off the distance the case shows between its two ends, before or after it ("Continue on the highway for 4911.7 km", 4919.7 km in all, New York City → Los Angeles beside get_distance 4488.454)',
  population: 'cases showing a simulated route answer',
  check(tc, ctx) {
    const steps = shownSteps(tc, ctx);
    const simulated = shownSimulatedSteps(tc, ctx);
    if (!steps || !simulated) return undefined;
    return routeDefect([...steps, ...simulated.filter((s) => !steps.includes(s))], true);
  },
};

/**
 * Words a simulated text puts together that its nouns cannot take, or a reason that argues against its own event:
 * "Strong bathroom." (strong is a shower's word), "raised their price target on Tesla, citing margin pressure"
 * (pressure is a reason to cut), "form a joint venture for an undisclosed sum" (a venture is formed, not bought).
 */
const MISFITS: [RegExp, string][] = [
  [/\bstrong (?:bathroom|kitchen|bed|room)\b/i, 'strong said of a room'],
  [/\b(?:raised|lifts?) (?:their |its )?(?:\w+ )?price target (?:on [^.,;]+?,? )?(?:citing|on) margin pressure\b/i, 'a price target raised for margin pressure'],
  [/\bjoint venture for an undisclosed sum\b/i, 'a joint venture bought for a sum'],
];

/** The first misfit a text holds, or undefined. */
export function phraseMisfit(text: string): string | undefined {
  for (const [re, what] of MISFITS) {
    const m = re.exec(text);
    if (m) return `${what}: "${m[0]}"`;
  }
  return undefined;
}

export const simulatedPhraseMisfit: CaseMeasure = {
  kind: 'case',
  id: 'simulated_phrase_misfit',
  group: 'text',
  title: 'a simulated answer puts together words its nouns cannot take or gives a reason against its own event ("Strong bathroom.", "raised their price target …, citing margin pressure", "form a joint venture for an undisclosed sum")',
  population: 'cases showing a simulated answer',
  check: (tc, ctx) => simulatedDefectAmong(tc, ctx, (step) => phraseMisfit(step.response!.content) ?? null),
};

export const REVIEW_ROUTE_MEASURES: CaseMeasure[] = [simulatedPhraseMisfit, simulatedRouteOffPlace, simulatedReviewRatingFractional, simulatedReviewClauseRepeated, simulatedReviewStreetOffStay, simulatedRouteImpossible, simulatedRouteOffDistance];
