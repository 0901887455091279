/**
 * A forecast counted in days from today, for a calendar day the user names, where nothing the case
 * shows says what today is: T-Eval's plan for "the weather at these beaches on October 17, 2023"
 * (teval_query_314_2) calls `Weather.forecast_weather(days=1)`, a tool forecasting "the N upcoming
 * days". days=1 is right only if today is October 17; with no today shown (no clock answer, no "today
 * is …"), days=2 or days=3 is as right a reading, so the case has no one right answer. A count the
 * request fixes itself ("the next three days", "today", "tomorrow") needs no today, nor one a shown call
 * already passes (a hallucination case's wrong call `get_weather_forecast(days=3)`: the correction keeps it).
 */
import { FINISH_ACTION, type Action, type ChatMessage, type ToolDoc } from '../schemas.js';
import { namesCalendarDay, statedToday } from '../resolution/statedToday.js';
import { shownAction } from './evidence.js';

/** The integer parameter of a tool counting days ahead of today ("forecast weather in the N upcoming days", "the N number of days later"). */
export function daysAheadParam(doc: ToolDoc | undefined): string | undefined {
  if (!doc) return undefined;
  const params = [...doc.required_parameters, ...doc.optional_parameters];
  const hit = params.find((p) => /^int/i.test(p.type) && /\bdays?\b/i.test(`${p.name} ${p.description ?? ''}`) && /\b(?:upcoming|later|ahead|next|coming|forecast)\b/i.test(`${doc.description} ${p.description ?? ''}`));
  return hit?.name;
}

/** Words in a request's weather sentence that fix the count of days with no today: "the next three days", "today", "tomorrow". */
const COUNT_FIXED = /\b(?:today|tonight|tomorrow|(?:next|coming|following|upcoming)\s+(?:few\s+|\d+\s+|(?:one|two|three|four|five|six|seven)\s+)?days?|(?:\d+|one|two|three|four|five|six|seven)[- ]days?)\b/i;
const ASKS_WEATHER = /\b(?:weather|forecasts?|temperatures?)\b|天气/i;

/** A clock's answer among the shown calls before `historyEnd`: a tool named for the time or date answering with a YYYY-MM-DD day. */
function clockShown(messages: readonly ChatMessage[], historyEnd: number): boolean {
  for (let i = 0; i + 1 < Math.min(historyEnd, messages.length); i++) {
    if (messages[i].role !== 'assistant' || messages[i + 1].role !== 'function') continue;
    const api = shownAction(messages[i].content)?.name.split('.').pop() ?? '';
    if (/time|date|today|now/i.test(api) && /\b(?:19|20)\d\d-\d{2}-\d{2}\b/.test(messages[i + 1].content)) return true;
  }
  return false;
}

/**
 * Why a ground-truth call's count of days ahead rests on a today the case never shows, or undefined:
 * the request's weather sentences name a calendar day and fix no count themselves, and neither the
 * user ("today is …") nor a clock answer shown before `historyEnd` says what day it is.
 */
export function unanchoredDayCount(messages: readonly ChatMessage[], groundTruth: Action | Action[], tools: readonly ToolDoc[], historyEnd = messages.length): string | undefined {
  const request = messages.filter((m) => m.role === 'user').map((m) => m.content).join('\n');
  for (const a of Array.isArray(groundTruth) ? groundTruth : [groundTruth]) {
    if (a.name === FINISH_ACTION || !a.args || typeof a.args !== 'object') continue;
    const key = daysAheadParam(tools.find((t) => t.name === a.name));
    if (!key || !(key in a.args)) continue;
    const value = (a.args as Record<string, unknown>)[key];
    const passedBefore = messages.some((m) => {
      const shown = m.role === 'assistant' ? shownAction(m.content) : undefined;
      return !!shown?.args && typeof shown.args === 'object' && String((shown.args as Record<string, unknown>)[key]) === String(value);
    });
    if (passedBefore) continue;
    const weather = request.split(/(?<=[.?!。？！])\s*/).filter((s) => ASKS_WEATHER.test(s));
    if (weather.some((s) => COUNT_FIXED.test(s))) continue;
    const dated = weather.find((s) => namesCalendarDay(s));
    if (!dated || statedToday(request) || clockShown(messages, historyEnd)) continue;
    return `${a.name}(${key}=${String(value)}) counts days from a today nothing in the case gives, for "${dated.trim().slice(0, 120)}"`;
  }
  return undefined;
}
