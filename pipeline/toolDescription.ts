/**
 * BFCL opens every tool description with a blurb about its toolkit ("This tool belongs to the
 * vehicle control system, which allows users to control … engine, doors …. Tool description: …");
 * the API's own words follow the marker. Thoughts, error wordings and the quality checks all speak
 * of what the API itself does, so they read this part.
 */
const MARKER = 'Tool description:';

/** The API's own description (after BFCL's toolkit blurb), or the whole description. */
export function ownDescription(description: string): string {
  const at = description.indexOf(MARKER);
  return at < 0 ? description : description.slice(at + MARKER.length);
}
