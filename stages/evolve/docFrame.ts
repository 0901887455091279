/**
 * How a tool's doc is framed, and an added tool's doc put into the frame of the docs it joins.
 *
 * BFCL opens every doc with a preamble about its toolkit ("This tool belongs to the trading system,
 * which allows users to trade stocks, … Tool description: Get the stock information …"); T-Eval's are a
 * plain line ("get the open, close and afterhours prices of a stock symbol on a certain date"). A
 * distractor in the other benchmark's frame stands out as added, so a model can set it aside unread
 * (extra_tools_doc_frame_foreign). The pool does not always hold enough related tools of the list's own
 * frame (a BFCL file-and-Twitter case lists both whole toolkits; a small build's pool may hold none), so
 * a distractor of the other frame is re-framed: its own text kept word for word, only the frame around
 * it changed — a preamble about its toolkit added before "Tool description:", or BFCL's preamble taken off.
 */
import type { ToolDoc } from '../../pipeline/schemas.js';
import { ownDescription } from '../../pipeline/toolDescription.js';

export type DocFrame = 'toolkit' | 'plain';

/** How a tool's doc is framed: BFCL's "This tool belongs to … Tool description: …", or a plain line (T-Eval's). */
export function docFrame(description: string): DocFrame {
  return /\bTool description:/.test(description) ? 'toolkit' : 'plain';
}

/**
 * What each T-Eval toolkit is, said as BFCL's preambles say theirs ("This tool belongs to the travel
 * system, which allows users to book flights, manage credit cards, and view budget information."):
 * what the toolkit's tools do between them, nothing a single tool's own text does not bear out.
 */
const TOOLKIT_PREAMBLES: Record<string, string> = {
  AirbnbSearch: 'This tool belongs to the Airbnb search service, which allows users to find properties, check their availability, and view their details, prices, and reviews.',
  ArxivSearch: 'This tool belongs to the arXiv search service, which allows users to look up the meta information of articles on arXiv.',
  BINGMap: 'This tool belongs to the Bing map service, which provides the coordinates of locations, the distances and routes between them, and places nearby.',
  Email: 'This tool belongs to the email system, which allows users to read the emails in their inbox and send emails.',
  FileOperation: 'This tool belongs to the file operation toolkit, which allows users to read files from disk and write files to it.',
  FilmDouban: 'This tool belongs to the Douban film service, which lists the films playing and coming soon in China and gives the details of a film.',
  FilmTMDB: 'This tool belongs to the TMDB movie database, which allows users to search movies and view their details, reviews, rankings, and similar movies.',
  GaodeMap: 'This tool belongs to the Gaode map service, which provides the coordinates of locations, the distances and routes between them, and places nearby.',
  GoogleScholar: 'This tool belongs to the Google Scholar API, which allows users to search scholarly articles, look up authors, and get citation formats.',
  GoogleSearch: 'This tool belongs to the Google search API, which returns web results for a query.',
  PolygonFinance: 'This tool belongs to the Polygon.io finance API, which provides stock tickers, their details and news, and their prices over time.',
  PPT: 'This tool belongs to the PPT toolkit, which allows users to create presentation files, add pages of text and images to them, and save them.',
  ReserveMeeting: 'This tool belongs to the meeting room system, which allows users to check which rooms are free and book a meeting room.',
  TimeTool: 'This tool belongs to the time toolkit, which tells the current time and the day of the week.',
  Weather: "This tool belongs to the weather service, which provides today's weather and forecasts for the coming days.",
};

/** A toolkit the table does not know (a user's own tools): named as its class is, "FooBar" -> "the Foo Bar toolkit". */
function preambleOf(toolName: string): string {
  const cls = toolName.includes('.') ? toolName.slice(0, toolName.indexOf('.')) : '';
  if (TOOLKIT_PREAMBLES[cls]) return TOOLKIT_PREAMBLES[cls];
  const spaced = cls.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').trim();
  return spaced ? `This tool belongs to the ${spaced} toolkit.` : 'This tool belongs to a toolkit of its own.';
}

/** A plain line as the API's own text after BFCL's marker: capitalised, ending in a stop, as BFCL's own texts are ("Get user ID from user name."). */
function asOwnText(line: string): string {
  const t = line.trim();
  const capital = t.charAt(0).toUpperCase() + t.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** `tool` with its doc in `frame`: its own text kept, a toolkit preamble put before it or BFCL's taken off. */
export function reframed<T extends Pick<ToolDoc, 'name' | 'description'>>(tool: T, frame: DocFrame): T {
  if (docFrame(tool.description) === frame) return tool;
  const description = frame === 'toolkit' ? `${preambleOf(tool.name)} Tool description: ${asOwnText(tool.description)}` : ownDescription(tool.description).trim();
  return { ...tool, description };
}

/**
 * The added tools framed as the listed docs are: a doc of the other frame re-framed (reframed) when
 * every listed doc has one frame. A list of both frames already shows both, so nothing is changed.
 */
export function framedLikeListed<T extends Pick<ToolDoc, 'name' | 'description'>>(added: T[], listed: Pick<ToolDoc, 'description'>[]): T[] {
  const frames = new Set(listed.map((t) => docFrame(t.description)));
  if (frames.size !== 1) return added;
  const [frame] = frames;
  return added.map((t) => reframed(t, frame));
}
