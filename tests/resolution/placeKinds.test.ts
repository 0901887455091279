/**
 * One table of place kinds (simulatorRules.ts PLACE_KINDS) for PLACE_CATEGORY and namedLikeAKind's
 * ending words: namesOnePlace answers as the two separate lists did, on every term built from the
 * kinds, the old ending words (library, hall, garden, tavern… that PLACE_CATEGORY never let through)
 * and the modifiers.
 */
import { describe, expect, it } from 'vitest';
import { namesOnePlace } from '../../pipeline/resolution/simulatorRules.js';

const OLD_CATEGORY = /\b(restaurants?|caf[eé]s?|coffee shops?|hotels?|stations?|parks?|museums?|shops?|stores?|bars?|markets?|attractions?|galler(y|ies)|theat(er|re)s?|cinemas?|camping|campsites?|beach(es)?|eater(y|ies)|baker(y|ies)|pharmac(y|ies)|hospitals?|schools?|gyms?|catering|spaces?|exhibitions?)$/i;
const OLD_MODIFIER = /^(?:art|science|history|children's|train|bus|subway|gas|police|fire|high|middle|elementary|primary|public|farmers'?|flea|water|amusement|theme|national|state|city|dog|skate|night|super|fish|food|coffee|book|grocery|convenience|department|movie|local|nearby|best|top|good|popular|famous|cheap|luxury|boutique|italian|french|chinese|japanese|mexican|indian|thai|korean|vegan|vegetarian|seafood|sushi|pizza)$/i;
function oldNamedLikeAKind(term: string): boolean {
  const words = term.split(/\s+/);
  if (words.length < 2 || !words.every((w) => /^[\p{Lu}\d]/u.test(w))) return false;
  if (!/^(?:park|museum|beach|station|school|hospital|theat(?:er|re)|gallery|market|library|hall|garden|tavern|grill|bar|caf[eé]|restaurant|kitchen|hotel|inn)$/i.test(words[words.length - 1])) return false;
  return words.length >= 3 || !OLD_MODIFIER.test(words[0]);
}
function oldNamesOnePlace(term: string): boolean {
  const t = term.trim();
  if (!/(^|\s)\p{Lu}/u.test(t) && !/\d/.test(t)) return false;
  return !OLD_CATEGORY.test(t) || oldNamedLikeAKind(t);
}

describe('one table of place kinds', () => {
  it('namesOnePlace answers as PLACE_CATEGORY and the old ending words did', () => {
    const kinds = ['restaurant', 'restaurants', 'Restaurant', 'café', 'Cafe', 'cafés', 'coffee shop', 'Coffee Shop', 'hotel', 'Hotels', 'station', 'Station', 'park', 'Park', 'Parks', 'museum', 'Museum', 'shop', 'Shop', 'store', 'bar', 'Bar', 'Bars', 'market', 'Market', 'attractions', 'gallery', 'Gallery', 'galleries', 'theater', 'Theatre', 'theatres', 'cinema', 'Cinema', 'camping', 'campsite', 'beach', 'Beach', 'Beaches', 'eatery', 'eateries', 'bakery', 'pharmacy', 'Pharmacy', 'hospital', 'Hospital', 'school', 'School', 'gym', 'catering', 'space', 'exhibition', 'Library', 'Hall', 'Garden', 'Tavern', 'Grill', 'Kitchen', 'Inn', 'Square', 'Tower'];
    const heads = ['', 'Griffith', 'Eleven Madison', 'Water', 'Art', 'High', 'Italian', 'italian', 'Central', 'Blue Door', 'Madison Square', 'gas', 'Gas', '5th Avenue', '21', 'the', 'Top Rated'];
    let n = 0;
    for (const h of heads) for (const k of kinds) {
      const term = `${h} ${k}`.trim();
      expect(namesOnePlace(term), term).toBe(oldNamesOnePlace(term));
      n++;
    }
    expect(n).toBeGreaterThan(900);
    expect(namesOnePlace('Eleven Madison Park')).toBe(true);
    expect(namesOnePlace('Water Park')).toBe(false);
  });
});
