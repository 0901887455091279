/**
 * The kinds of place a rental site lists, and the kind a listing's own name says it is. A listing
 * the search called "Spacious guest suite in Berlin" is a guest suite when its details are asked
 * for, not a "Bright private room near Park Lane": the simulator names the details after the list,
 * and the quality report (simulated_answer_contradicts) flags details that do not.
 */
export const RENTAL_KINDS = ['Entire apartment', 'Private room', 'House', 'Condominium', 'Loft', 'Guest suite'] as const;

/** Words in a listing's name, most telling first, and the kind each says the place is. */
const KIND_WORDS: [RegExp, (typeof RENTAL_KINDS)[number]][] = [
  [/\bguest ?suite\b/i, 'Guest suite'],
  [/\b(private |shared )?room\b|\bbedroom in\b/i, 'Private room'],
  [/\bcondo(minium)?\b/i, 'Condominium'],
  [/\bloft\b/i, 'Loft'],
  [/\b(house|home|villa|cottage|townhouse|bungalow|cabin)\b/i, 'House'],
  [/\b(apartment|apt|flat|studio|rental unit)\b/i, 'Entire apartment'],
];

/** The kind a listing's name says it is ("Cozy loft in Paris" → "Loft"), undefined when it does not say. */
export function rentalKindOf(name: string): (typeof RENTAL_KINDS)[number] | undefined {
  return KIND_WORDS.find(([re]) => re.test(name))?.[1];
}
