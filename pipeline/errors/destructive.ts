/**
 * A wrong tool that removes what the request never asked to remove: remove_stock_from_watchlist(MSFT)
 * when the user asked for Microsoft's stock details, rmdir("documents") when they asked for a file
 * there, delete_message(USR007) when they asked to send USR007 a message. No model reading the request
 * takes the opposite action on the user's object, so such a "slip" is no plausible tool selection
 * error; and had the service let it through it would have destroyed the user's data (a watchlist
 * entry, a folder, a message). Shared by the tool selection injector (it never draws such a tool)
 * and the quality measure tool_select_destroys_unasked.
 */

/** Verbs of calls that take away something of the user's: an item, a folder, a message, a follow, money. */
const DESTROY_VERBS = new Set(['remove', 'delete', 'rm', 'rmdir', 'cancel', 'unfollow', 'erase', 'clear', 'drop', 'revoke', 'unsubscribe', 'withdraw', 'purge', 'discard']);

/** A request that asks to take something away: then a removal at another step is a slip of its own kind. */
const ASKS_REMOVAL = /\b(?:remov|delet|cancel|unfollow|eras|get rid|discard|withdraw|revok|unsubscrib|purg|wip(?:e|ing)\b|rm\b|rmdir\b)/i;

function verbOf(name: string): string {
  return name.slice(name.indexOf('.') + 1).replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase().split('_').filter(Boolean)[0] ?? '';
}

/** Does a call of this tool take something away (remove_stock_from_watchlist, rmdir, delete_message)? */
export function destroys(name: string): boolean {
  return DESTROY_VERBS.has(verbOf(name));
}

/**
 * Why `wrong`, drawn for `correct`, removes what the request (the user's turn of the step) never asked
 * to remove, or undefined. A removal for a removal (rm for rmdir) and one where the request asks to
 * take something away are slips of their own kind and stay.
 */
export function destroysUnasked(correctName: string, wrongName: string, request: string): string | undefined {
  if (!destroys(wrongName) || destroys(correctName)) return undefined;
  if (ASKS_REMOVAL.test(request)) return undefined;
  const short = (n: string) => n.slice(n.indexOf('.') + 1);
  return `${short(wrongName)} removes what the request never asked to remove (the step is ${short(correctName)})`;
}
