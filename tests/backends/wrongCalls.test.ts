/**
 * Deliberately wrong calls must produce each backend's own kind of error, as BFCL's Python
 * reference implementation does (backend `{"error": ...}` dicts, Python exceptions rendered by
 * BFCL's executor as "Error during execution: ...").
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { type BfclCallResult, createSession, parseBfclJson } from "../../sources/bfcl/backends/index.js";

const DATA = fileURLToPath(new URL("../../sources/bfcl/data/", import.meta.url));
const entries = new Map<string, { initial_config: Record<string, unknown>; involved_classes: string[] }>();
for (const line of readFileSync(DATA + "multi_turn_base.json", "utf8").split("\n")) {
  if (!line.trim()) continue;
  const e = parseBfclJson(line) as { id: string; initial_config: Record<string, unknown>; involved_classes: string[] };
  entries.set(e.id, e);
}
const sessionFor = (id: string) => {
  const e = entries.get(id)!;
  return createSession(e.initial_config, e.involved_classes);
};

function expectBackendError(r: BfclCallResult, message: string): void {
  expect(r.isError).toBe(true);
  expect(r.errorMessage).toBe(message);
  expect(JSON.parse(r.response)).toMatchObject({ error: message });
}

function expectExecError(r: BfclCallResult, message: string): void {
  expect(r.isError).toBe(true);
  expect(r.response).toBe(`Error during execution: ${message}`);
  expect(r.errorMessage).toBe(message);
}

describe("GorillaFileSystem wrong calls", () => {
  // multi_turn_base_0: workspace/{document/{final_report.pdf, previous_report.pdf}, archive/}
  it("nonexistent directory / file / path", () => {
    const s = sessionFor("multi_turn_base_0");
    expectBackendError(
      s.execute("cd", { folder: "temp" }),
      "cd: 'temp': No such file or directory",
    );
    expectBackendError(
      s.execute("cd", { folder: "document/sub" }),
      "cd: document/sub: Unsupported path. Only one folder level at a time is supported.",
    );
    expectBackendError(s.execute("cat", { file_name: "nope.txt" }), "cat: 'nope.txt': No such file or directory");
    expectBackendError(s.execute("cat", { file_name: "document" }), "cat: 'document': Is a directory");
    expectBackendError(s.execute("mv", { source: "ghost.txt", destination: "archive" }), "mv: cannot move 'ghost.txt': No such file or directory");
    expectBackendError(s.execute("touch", { file_name: "a/b.txt" }), "touch: cannot touch 'a/b.txt': Invalid character");
    expectBackendError(s.execute("wc", { file_name: "x", mode: "z" }), "wc: invalid mode 'z'");
    expectBackendError(s.execute("mkdir", { dir_name: "archive" }), "mkdir: cannot create directory 'archive': File exists");
    expectBackendError(s.execute("find", { path: "nowhere", name: "x" }), "find: 'nowhere': No such file or directory");
  });

  it("wrong types raise the Python exception BFCL reports", () => {
    const s = sessionFor("multi_turn_base_0");
    expectExecError(s.execute("cd", { folder: 5 }), "'int' object has no attribute 'rstrip'");
    expectExecError(s.execute("touch", { file_name: 42 }), "argument of type 'int' is not iterable");
    expectExecError(s.execute("cat", { file_name: ["a"] }), "unhashable type: 'list'");
    s.execute("cd", { folder: "document" });
    expectExecError(
      s.execute("tail", { file_name: "final_report.pdf", lines: "5" }),
      "'>' not supported between instances of 'str' and 'int'",
    );
  });

  it("missing / unexpected arguments and unknown methods", () => {
    const s = sessionFor("multi_turn_base_0");
    expectExecError(
      s.execute("mv", { source: "a" }),
      "GorillaFileSystem.mv() missing 1 required positional argument: 'destination'",
    );
    expectExecError(s.execute("ls", { all: true }), "GorillaFileSystem.ls() got an unexpected keyword argument 'all'");
    expectExecError(s.execute("rename", { a: 1 }), "name 'rename' is not defined");
    // a method of a class that is not involved in this entry is just as undefined
    expectExecError(s.execute("fillFuelTank", { fuelAmount: 1 }), "name 'fillFuelTank' is not defined");
    expectExecError(s.execute("GorillaFileSystem.kill", {}), "Function call kill is not allowed.");
  });

  it("keeps state across calls and reports a real success", () => {
    const s = sessionFor("multi_turn_base_0");
    expect(s.execute("GorillaFileSystem.cd", { folder: "document" }).response).toBe(
      '{"current_working_directory": "document"}',
    );
    expect(s.execute("pwd", {}).response).toBe('{"current_working_directory": "/workspace/document"}');
    expect(s.execute("touch", { file_name: "new.txt" })).toEqual({ response: "None", isError: false });
    expectBackendError(s.execute("touch", { file_name: "new.txt" }), "touch: cannot touch 'new.txt': File exists");
  });
});

describe("MathAPI wrong calls", () => {
  const s = createSession({}, ["MathAPI"]);
  it("backend errors", () => {
    expectBackendError(s.execute("mean", { numbers: [] }), "Cannot calculate mean of an empty list");
    expectBackendError(s.execute("mean", { numbers: ["a", 1] }), "All elements in the list must be numbers");
    expectBackendError(s.execute("divide", { a: 1, b: 0 }), "Cannot divide by zero");
    expectBackendError(
      s.execute("square_root", { number: -4, precision: 3 }),
      "Cannot calculate square root of a negative number",
    );
    expectBackendError(
      s.execute("si_unit_conversion", { value: 1, unit_in: "km", unit_out: "parsec" }),
      "Conversion from 'km' to 'parsec' is not supported",
    );
  });
  it("wrong types go through mpmath / Python arithmetic", () => {
    expectBackendError(s.execute("logarithm", { value: "abc", base: 10, precision: 5 }), "cannot create mpf from 'abc'");
    expectBackendError(s.execute("add", { a: 1, b: "2" }), "Both inputs must be numbers");
    const r = s.execute("logarithm", { value: 20, base: 10, precision: 2 });
    expect(r).toEqual({ response: "{'result': mpf('1.3027')}", isError: false });
  });
  it("missing / unexpected arguments and unknown methods", () => {
    expectExecError(
      s.execute("logarithm", { value: 10 }),
      "MathAPI.logarithm() missing 2 required positional arguments: 'base' and 'precision'",
    );
    expectExecError(s.execute("mean", { values: [1] }), "MathAPI.mean() got an unexpected keyword argument 'values'");
    expectExecError(s.execute("median", { numbers: [1] }), "name 'median' is not defined");
  });
});

describe("MessageAPI wrong calls (default workspace: Alice, Bob, Catherine, Daniel)", () => {
  it("unknown user / not logged in / bad receiver", () => {
    const s = createSession({}, ["MessageAPI"]);
    expectBackendError(s.execute("get_user_id", { user: "Zed" }), "User 'Zed' not found in the workspace.");
    expectBackendError(s.execute("send_message", { receiver_id: "USR002", message: "hi" }), "No user is currently logged in.");
    const login = s.execute("message_login", { user_id: "USR999" });
    expect(login).toEqual({
      response: '{"login_status": false, "message": "User ID \'USR999\' not found."}',
      isError: false,
    });
    s.execute("message_login", { user_id: "USR001" });
    expectBackendError(s.execute("send_message", { receiver_id: "USR999", message: "hi" }), "Receiver ID 'USR999' not found.");
    expectBackendError(s.execute("delete_message", { receiver_id: "USR999" }), "Receiver ID USR999 not found.");
    expectBackendError(s.execute("add_contact", { user_name: "Bob" }), "User name 'Bob' already exists.");
  });
  it("missing / unexpected arguments and unknown methods", () => {
    const s = createSession({}, ["MessageAPI"]);
    expectExecError(s.execute("add_contact", { name: "x" }), "MessageAPI.add_contact() got an unexpected keyword argument 'name'");
    expectExecError(
      s.execute("send_message", { message: "x" }),
      "MessageAPI.send_message() missing 1 required positional argument: 'receiver_id'",
    );
    expectExecError(s.execute("list_contacts", {}), "name 'list_contacts' is not defined");
    s.execute("message_login", { user_id: "USR001" });
    expectExecError(s.execute("search_messages", { keyword: 7 }), "'int' object has no attribute 'lower'");
  });
});

describe("TwitterAPI wrong calls", () => {
  it("unauthenticated / bad tweet id / wrong id type", () => {
    const s = sessionFor("multi_turn_base_0"); // analyst_pro, tweets 0..2
    expectBackendError(
      s.execute("post_tweet", { content: "hi" }),
      "User not authenticated. Please authenticate before posting.",
    );
    expect(s.execute("authenticate_twitter", { username: "analyst_pro", password: "Kj8#mP9$vL2" }).response).toBe(
      '{"authentication_status": true}',
    );
    expectBackendError(s.execute("comment", { tweet_id: 999, comment_content: "x" }), "Tweet with ID 999 not found.");
    // ids are ints: the string "1" is a different dict key
    expectBackendError(s.execute("retweet", { tweet_id: "1" }), "Tweet with ID 1 not found.");
    expect(s.execute("retweet", { tweet_id: 1 }).response).toBe('{"retweet_status": "Successfully retweeted"}');
  });
  it("missing / unexpected arguments and unknown methods", () => {
    const s = sessionFor("multi_turn_base_0");
    expectExecError(
      s.execute("mention", { tweet_id: 0 }),
      "TwitterAPI.mention() missing 1 required positional argument: 'mentioned_usernames'",
    );
    expectExecError(
      s.execute("post_tweet", { content: "x", hashtags: ["#a"] }),
      "TwitterAPI.post_tweet() got an unexpected keyword argument 'hashtags'",
    );
    expectExecError(s.execute("delete_tweet", { tweet_id: 0 }), "name 'delete_tweet' is not defined");
  });
});

describe("TicketAPI wrong calls", () => {
  it("bad ticket id / not logged in / invalid values", () => {
    const s = createSession({}, ["TicketAPI"]);
    expectBackendError(s.execute("get_ticket", { ticket_id: 999 }), "Ticket with ID 999 not found.");
    expectBackendError(s.execute("create_ticket", { title: "x" }), "User not authenticated. Please log in to create a ticket.");
    s.execute("ticket_login", { username: "u", password: "p" });
    expectBackendError(
      s.execute("create_ticket", { title: "x", priority: 9 }),
      "Invalid priority. Priority must be between 1 and 5.",
    );
    expectExecError(
      s.execute("create_ticket", { title: "x", priority: "high" }),
      "'<' not supported between instances of 'str' and 'int'",
    );
    const created = s.execute("create_ticket", { title: "x" });
    expect(created.response).toBe(
      '{"id": 1, "title": "x", "description": "", "status": "Open", "priority": 1, "created_by": "u"}',
    );
    expectBackendError(
      s.execute("edit_ticket", { ticket_id: 1, updates: { owner: "bob" } }),
      "Invalid fields for update: owner",
    );
    expectBackendError(s.execute("close_ticket", { ticket_id: "1" }), "Ticket with ID 1 not found.");
  });
  it("missing / unexpected arguments and unknown methods", () => {
    const s = createSession({}, ["TicketAPI"]);
    expectExecError(
      s.execute("resolve_ticket", { ticket_id: 1 }),
      "TicketAPI.resolve_ticket() missing 1 required positional argument: 'resolution'",
    );
    expectExecError(s.execute("get_ticket", { id: 1 }), "TicketAPI.get_ticket() got an unexpected keyword argument 'id'");
    expectExecError(s.execute("delete_ticket", { ticket_id: 1 }), "name 'delete_ticket' is not defined");
  });
});

describe("TradingBot wrong calls (default state)", () => {
  it("bad order id / unknown symbol / not authenticated / wrong type", () => {
    const s = createSession({}, ["TradingBot"]);
    expectBackendError(
      s.execute("get_order_details", { order_id: 1 }),
      "Order with ID 1 not found.Here is the list of orders_id: [12345, 12446]",
    );
    expectBackendError(s.execute("get_stock_info", { symbol: "FAKE" }), "Stock with symbol 'FAKE' not found.");
    expectBackendError(
      s.execute("place_order", { order_type: "Buy", symbol: "AAPL", price: 1, amount: 1 }),
      "User not authenticated. Please log in to place an order.",
    );
    const watch = s.execute("get_watchlist", {});
    expect(watch.response).toBe("['Error: User not authenticated. Please log in to view the watchlist.']");
    expect(watch.isError).toBe(true);
    s.execute("trading_login", { username: "u", password: "p" });
    expectBackendError(
      s.execute("place_order", { order_type: "Buy", symbol: "FAKE", price: 1, amount: 1 }),
      "Invalid stock symbol: FAKE",
    );
    expectExecError(s.execute("fund_account", { amount: "100" }), "'<=' not supported between instances of 'str' and 'int'");
    expect(s.execute("fund_account", { amount: 100 }).response).toBe(
      '{"status": "Account funded successfully", "new_balance": 10100.0}',
    );
    expectBackendError(s.execute("withdraw_funds", { amount: 5 }), "Market is closed. Transactions are not allowed.");
  });
  it("missing / unexpected arguments and unknown methods", () => {
    const s = createSession({}, ["TradingBot"]);
    expectExecError(
      s.execute("place_order", { order_type: "Buy", symbol: "AAPL", price: 1 }),
      "TradingBot.place_order() missing 1 required positional argument: 'amount'",
    );
    expectExecError(s.execute("cancel_order", { id: 1 }), "TradingBot.cancel_order() got an unexpected keyword argument 'id'");
    expectExecError(s.execute("sell_all", {}), "name 'sell_all' is not defined");
  });
});

describe("TravelAPI wrong calls", () => {
  // multi_turn_base_151: access token abc123xyz, card 144756014165
  it("bad token / unknown route / unknown booking / unknown card", () => {
    const s = sessionFor("multi_turn_base_151");
    const base = { card_id: "144756014165", travel_date: "2026-11-10", travel_from: "SFO", travel_to: "LAX", travel_class: "business" };
    expectBackendError(s.execute("book_flight", { access_token: "wrong", ...base }), "Invalid access token");
    expectBackendError(
      s.execute("book_flight", { access_token: "abc123xyz", ...base, travel_to: "XXX" }),
      "Invalid destination airport code: XXX",
    );
    expectExecError(
      s.execute("get_flight_cost", { travel_from: "SFO", travel_to: "CDG", travel_date: "2026-11-10", travel_class: "economy" }),
      "No available route for the given airports.",
    );
    expectBackendError(s.execute("retrieve_invoice", { access_token: "abc123xyz", booking_id: "0000" }), "Booking not found");
    expectBackendError(
      s.execute("get_credit_card_balance", { access_token: "abc123xyz", card_id: "nope" }),
      "Card not registered. Here are a list of card_id's: ['144756014165']",
    );
    expectExecError(
      s.execute("compute_exchange_rate", { base_currency: "USD", target_currency: "XYZ", value: 10 }),
      "No available exchange rate for the given currencies.",
    );
    expectBackendError(
      s.execute("book_flight", { access_token: "abc123xyz", ...base, travel_date: "10/11/2026" }),
      "Invalid date format. Use YYYY-MM-DD.",
    );
  });
  it("missing / unexpected arguments and unknown methods", () => {
    const s = sessionFor("multi_turn_base_151");
    expectExecError(
      s.execute("cancel_booking", { booking_id: "1" }),
      "TravelAPI.cancel_booking() missing 1 required positional argument: 'access_token'",
    );
    expectExecError(
      s.execute("get_nearest_airport_by_city", { city: "Paris" }),
      "TravelAPI.get_nearest_airport_by_city() got an unexpected keyword argument 'city'",
    );
    expectExecError(s.execute("book_hotel", {}), "name 'book_hotel' is not defined");
  });
});

describe("VehicleControlAPI wrong calls (default car)", () => {
  it("invalid doors / options / values / types", () => {
    const s = createSession({}, ["VehicleControlAPI"]);
    expectBackendError(
      s.execute("startEngine", { ignitionMode: "START" }),
      "All doors must be locked before starting the engine. Here are the unlocked doors: driver, passenger, rear_left, rear_right",
    );
    expectExecError(s.execute("lockDoors", { unlock: false, door: ["trunk"] }), "'trunk'");
    expectExecError(s.execute("fillFuelTank", { fuelAmount: "ten" }), "'<' not supported between instances of 'str' and 'int'");
    expectBackendError(s.execute("fillFuelTank", { fuelAmount: 100 }), "Cannot fill gas above the tank capacity.");
    expectBackendError(s.execute("displayCarStatus", { option: "tires" }), "Invalid option");
    expectBackendError(
      s.execute("estimate_distance", { cityA: "00000", cityB: "83214" }),
      "distance not found in database.",
    );
    expectBackendError(s.execute("pressBrakePedal", { pedalPosition: 2 }), "Pedal position must be between 0 and 1.");
  });
  it("missing / unexpected arguments and unknown methods", () => {
    const s = createSession({}, ["VehicleControlAPI"]);
    expectExecError(
      s.execute("lockDoors", { door: ["driver"] }),
      "VehicleControlAPI.lockDoors() missing 1 required positional argument: 'unlock'",
    );
    expectExecError(
      s.execute("setHeadlights", { mode: "on", brightness: 3 }),
      "VehicleControlAPI.setHeadlights() got an unexpected keyword argument 'brightness'",
    );
    expectExecError(s.execute("honk", {}), "name 'honk' is not defined");
  });
});

describe("session isolation", () => {
  it("never mutates the initial config and keeps sessions independent", () => {
    const config = { TicketAPI: { ticket_queue: [], ticket_counter: 5, current_user: "amy" } };
    const before = JSON.stringify(config);
    const a = createSession(config, ["TicketAPI"]);
    const b = createSession(config, ["TicketAPI"]);
    a.execute("create_ticket", { title: "t" });
    expect(JSON.stringify(config)).toBe(before);
    expectBackendError(b.execute("get_ticket", { ticket_id: 5 }), "Ticket with ID 5 not found.");
    expect(a.execute("get_ticket", { ticket_id: 5 }).isError).toBe(false);
    expect(a.snapshot()).toMatchObject({ TicketAPI: { ticket_counter: 6 } });
  });
});

describe("numbers in the initial config", () => {
  const text = '{"VehicleControlAPI": {"fuelLevel": 10}}';
  const fuel = (config: unknown) =>
    createSession(config as Record<string, unknown>, ["VehicleControlAPI"]).execute("displayCarStatus", { option: "fuel" }).response;
  it("keeps an int an int when the config was read losslessly, as Python does", () => {
    expect(fuel(parseBfclJson(text))).toBe('{"fuelLevel": 10}');
  });
  it("reads BFCL's float fields back as floats when plain JSON.parse lost 10.0 vs 10", () => {
    expect(fuel(JSON.parse(text))).toBe('{"fuelLevel": 10.0}');
  });
});
