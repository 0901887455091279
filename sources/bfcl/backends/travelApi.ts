/** TravelAPI (func doc: travel_booking.json) — BFCL's travel booking backend. */
import { type Backend, dict, method, type MethodTable, scenarioGet, strptimeYmd } from "./common.js";
import { PyRandom, seedOf } from "./pyRandom.js";
import { pyStr, roundFloat } from "./pythonFormat.js";
import {
  deepCopy,
  dictSelf,
  f,
  getItem,
  hashKey,
  pyAdd,
  pyCmp,
  PyDict,
  pyEq,
  PyException,
  pyFloatOf,
  pyIn,
  pyIntOf,
  pyIter,
  pyMod,
  pyMul,
  pySub,
  pyTrueDiv,
  setItem,
  strSelf,
  toPlain,
  type PyValue,
  valueError,
} from "./pyRuntime.js";

const ROUTES = `
SFO: LAX 200 JFK 500 ORD 400 BOS 450 RMS 300 SBK 350 MPC 370 SVP 320 SHD 330 SSV 340 OKD 360 WLB 310 CRH 380 ATV 390 PHV 420 GFD 430 CIA 700
LAX: SFO 100 JFK 600 ORD 500 BOS 550 RMS 310 SBK 320 MPC 330 SVP 340 SHD 350 SSV 360 OKD 370 WLB 380 CRH 390 ATV 400 PHV 410 GFD 420 HND 430
JFK: ORD 300 BOS 250 RMS 450 SBK 460 MPC 470 SVP 480 SHD 490 SSV 500 OKD 510 WLB 520 CRH 530 ATV 540 PHV 550 GFD 560 LAX 570 HND 800 PVG 950 PEK 1000
ORD: LAX 180 BOS 200 RMS 350 SBK 360 MPC 370 SVP 380 SHD 390 SSV 400 OKD 410 WLB 420 CRH 430 ATV 440 PHV 450 GFD 460
BOS: RMS 400 SBK 410 MPC 420 SVP 430 SHD 440 SSV 450 OKD 460 WLB 470 CRH 480 ATV 490 PHV 500 GFD 510
RMS: BOS 200 JFK 210 SBK 220 MPC 230 SVP 240 SHD 250 SSV 260 OKD 270 WLB 280 CRH 290 ATV 300 PHV 310 GFD 320 LAX 330
SBK: MPC 200 SVP 210 SHD 220 SSV 230 OKD 240 WLB 250 CRH 260 ATV 270 PHV 280 GFD 290
MPC: SVP 210 SHD 220 SSV 230 OKD 240 WLB 250 CRH 260 ATV 270 PHV 280 GFD 290
SVP: SHD 230 SSV 240 OKD 250 WLB 260 CRH 270 ATV 280 PHV 290 GFD 300
SHD: SSV 220 OKD 230 WLB 240 CRH 250 ATV 260 PHV 270 GFD 280
SSV: OKD 240 WLB 250 CRH 260 ATV 270 PHV 280 GFD 290
OKD: WLB 230 CRH 240 ATV 250 PHV 260 GFD 270 LAX 220
WLB: CRH 250 ATV 260 PHV 270 GFD 280
CRH: ATV 240 PHV 250 GFD 260 SFO 270 RMS 280 HKG 290 JFK 300
ATV: PHV 230 GFD 240
PHV: GFD 220
LHR: CDG 100`;

/** base cost per (from, to) route */
const BASE_COSTS = new Map<string, number>();
for (const line of ROUTES.trim().split("\n")) {
  const [from, rest] = line.split(": ");
  const parts = rest.split(" ");
  for (let i = 0; i < parts.length; i += 2) BASE_COSTS.set(`${from}|${parts[i]}`, Number(parts[i + 1]));
}

const AIRPORTS = [
  "RMS", "SBK", "MPC", "SVP", "SHD", "CDG", "LHR", "SSV", "OKD", "WLB", "PEK", "HND",
  "HKG", "CIA", "CRH", "ATV", "PHV", "GFD", "SFO", "LAX", "JFK", "ORD", "BOS",
];

const NEAREST_AIRPORT: Record<string, string> = {
  Rivermist: "RMS",
  Stonebrook: "SBK",
  Maplecrest: "MPC",
  Silverpine: "SVP",
  Shadowridge: "SHD",
  London: "LHR",
  Paris: "CDG",
  "Sunset Valley": "SSV",
  Oakendale: "OKD",
  Willowbend: "WLB",
  "Crescent Hollow": "CRH",
  Autumnville: "ATV",
  Pinehaven: "PHV",
  Greenfield: "GFD",
  "San Francisco": "SFO",
  "Los Angeles": "LAX",
  "New York": "JFK",
  Chicago: "ORD",
  Boston: "BOS",
  Beijing: "PEK",
  "Hong Kong": "HKG",
  Rome: "CIA",
  Tokyo: "HND",
};

const EXCHANGE_RATES: [string, string, PyValue][] = [
  ["USD", "RMB", 7],
  ["USD", "EUR", f(0.8)],
  ["USD", "JPY", 110],
  ["USD", "GBP", f(0.7)],
  ["USD", "CAD", f(1.3)],
  ["USD", "AUD", f(1.4)],
  ["USD", "INR", 70],
  ["USD", "RUB", 60],
  ["USD", "BRL", f(3.8)],
  ["USD", "MXN", 20],
];

/** The date age checks are made against (BFCL v3 multi-turn's release period). */
export const BFCL_REFERENCE_TODAY = '2024-09-19';

export class TravelAPI implements Backend {
  readonly className = "TravelAPI";
  private random: PyRandom;
  private creditCardList: PyValue;
  private bookingRecord: PyValue;
  private accessToken: PyValue;
  private tokenType: PyValue;
  private tokenExpiresIn: PyValue;
  private tokenScope: PyValue;
  private userFirstName: PyValue;
  private userLastName: PyValue;
  private budgetLimit: PyValue;
  private flightCostLookup = new PyDict();

  constructor(scenario: PyDict) {
    const seed = scenarioGet(scenario, "random_seed", 141053);
    this.random = new PyRandom(seedOf(seed, 141053));
    this.creditCardList = scenarioGet(scenario, "credit_card_list", new PyDict());
    this.bookingRecord = scenarioGet(scenario, "booking_record", new PyDict());
    this.accessToken = scenarioGet(scenario, "access_token", null);
    this.tokenType = scenarioGet(scenario, "token_type", null);
    this.tokenExpiresIn = scenarioGet(scenario, "token_expires_in", null);
    this.tokenScope = scenarioGet(scenario, "token_scope", null);
    this.userFirstName = scenarioGet(scenario, "user_first_name", null);
    this.userLastName = scenarioGet(scenario, "user_last_name", null);
    this.budgetLimit = scenarioGet(scenario, "budget_limit", null);
  }

  private cards(m: string): PyDict {
    return dictSelf(this.creditCardList, m);
  }
  private bookings(m: string): PyDict {
    return dictSelf(this.bookingRecord, m);
  }
  private tokenExpired(): boolean {
    return pyEq(this.tokenExpiresIn, 0);
  }

  authenticateTravel(
    _clientId: PyValue,
    _clientSecret: PyValue,
    _refreshToken: PyValue,
    grantType: PyValue,
    userFirstName: PyValue,
    userLastName: PyValue,
  ): PyValue {
    this.tokenExpiresIn = 2;
    this.accessToken = String(this.random.randint(100000, 999999));
    this.tokenType = "Bearer";
    this.tokenScope = grantType;
    this.userFirstName = userFirstName;
    this.userLastName = userLastName;
    return dict({ expires_in: 2, access_token: this.accessToken, token_type: "Bearer", scope: grantType });
  }

  travelGetLoginStatus(): PyValue {
    const notLoggedIn = this.tokenExpiresIn === null || pyEq(this.tokenExpiresIn, 0);
    return dict({ status: !notLoggedIn });
  }

  getBudgetFiscalYear(_lastModifiedAfter: PyValue, _includeRemoved: PyValue): PyValue {
    return dict({ budget_fiscal_year: "2018" });
  }

  registerCreditCard(
    accessToken: PyValue,
    cardNumber: PyValue,
    expirationDate: PyValue,
    cardholderName: PyValue,
    cardVerificationNumber: PyValue,
  ): PyValue {
    if (this.tokenExpiresIn === null) return dict({ error: "Token not initialized" });
    if (this.tokenExpired()) return dict({ error: "Token expired" });
    if (!pyEq(accessToken, this.accessToken)) return dict({ error: "Invalid access token" });
    const cards = this.cards("__contains__");
    if (pyIn(cardNumber, cards)) return dict({ error: "Card already registered" });
    const cardId = String(this.random.randint(100000000000, 999999999999));
    cards.set(
      cardId,
      dict({
        card_number: cardNumber,
        expiration_date: expirationDate,
        cardholder_name: cardholderName,
        card_verification_number: cardVerificationNumber,
        balance: this.random.randint(10000, 99999),
      }),
    );
    return dict({ card_id: cardId });
  }

  getFlightCost(travelFrom: PyValue, travelTo: PyValue, travelDate: PyValue, travelClass: PyValue): PyValue {
    // tuple (from, to) in dict: hashing raises for unhashable parts
    hashKey(travelFrom);
    hashKey(travelTo);
    const key = typeof travelFrom === "string" && typeof travelTo === "string" ? `${travelFrom}|${travelTo}` : "";
    const base = BASE_COSTS.get(key);
    if (base === undefined) throw valueError("No available route for the given airports.");
    let factor: number;
    if (travelClass === "economy") factor = 1;
    else if (travelClass === "business") factor = 2;
    else if (travelClass === "first") factor = 5;
    else throw valueError("Invalid travel class. Options are: economy, business, first.");
    // sum(int(char) for char in travel_date if char.isdigit()): a list's items may be longer strings, or not str at all.
    let digitSum: PyValue = 0;
    for (const ch of pyIter(travelDate)) {
      if (/^\d+$/.test(strSelf(ch, "isdigit"))) digitSum = pyAdd(digitSum, pyIntOf(ch));
    }
    const multiplier = pyEq(pyMod(digitSum, 2), 0) ? 2 : 1;
    const cost = f(base * factor * multiplier);
    this.flightCostLookup = PyDict.from([
      [`${pyStr(travelFrom)}|${pyStr(travelTo)}|${pyStr(travelClass)}|${pyStr(travelDate)}`, dict({ cost })],
    ]);
    return dict({ travel_cost_list: [cost] });
  }

  getCreditCardBalance(accessToken: PyValue, cardId: PyValue): PyValue {
    if (this.tokenExpired()) return dict({ error: "Token expired" });
    if (!pyEq(accessToken, this.accessToken)) return dict({ error: "Invalid access token" });
    const cards = this.cards("__contains__");
    if (!pyIn(cardId, cards)) {
      return dict({ error: "Card not registered. Here are a list of card_id's: " + pyStr(cards.keys()) });
    }
    return dict({ card_balance: getItem(cards.getItem(cardId), "balance") });
  }

  bookFlight(
    accessToken: PyValue,
    cardId: PyValue,
    travelDate: PyValue,
    travelFrom: PyValue,
    travelTo: PyValue,
    travelClass: PyValue,
  ): PyValue {
    const fail = (error: string) => dict({ booking_status: false, error });
    if (this.tokenExpired()) return fail("Token expired");
    if (!pyEq(accessToken, this.accessToken)) return fail("Invalid access token");
    const cards = this.cards("__contains__");
    if (!pyIn(cardId, cards)) return fail("Card not registered");
    const card = cards.getItem(cardId);
    if (!pyIn("balance", card)) return fail("Balance not found");
    if (!pyIn(travelFrom, AIRPORTS)) return fail(`Invalid departure airport code: ${pyStr(travelFrom)}`);
    if (!pyIn(travelTo, AIRPORTS)) return fail(`Invalid destination airport code: ${pyStr(travelTo)}`);
    try {
      strptimeYmd(travelDate);
    } catch (e) {
      if (e instanceof PyException && e.pyType === "ValueError") return fail("Invalid date format. Use YYYY-MM-DD.");
      throw e;
    }
    hashKey(travelClass); // `in valid_classes` (a set) raises for an unhashable class
    if (!pyIn(travelClass, ["economy", "business", "first"])) {
      // f"... {valid_classes}" prints a set, whose order depends on Python's per-process string hashing;
      // this order is one BFCL itself prints. One of the two intended differences (README "Fidelity").
      return fail("Invalid travel class. Must be one of {'economy', 'business', 'first'}");
    }
    let travelCost: PyValue;
    try {
      this.getFlightCost(travelFrom, travelTo, travelDate, travelClass);
      const key = `${pyStr(travelFrom)}|${pyStr(travelTo)}|${pyStr(travelClass)}|${pyStr(travelDate)}`;
      const entry = this.flightCostLookup.get(key);
      if (entry === undefined || entry === null) return fail("No available route for the given parameters");
      travelCost = getItem(entry, "cost");
    } catch (e) {
      if (e instanceof PyException && e.pyType === "ValueError") return fail(e.pyMessage);
      throw e;
    }
    if (pyCmp(getItem(card, "balance"), "<", travelCost)) return fail("Insufficient funds");
    if (this.budgetLimit !== null && pyCmp(getItem(card, "balance"), "<", this.budgetLimit)) {
      return fail("Balance is less than budget limit");
    }
    setItem(card, "balance", pySub(getItem(card, "balance"), travelCost, "-="));
    const bookingId = String(this.random.randint(1000000, 9999999));
    const transactionId = String(this.random.randint(10000000, 99999999));
    this.bookings("__setitem__").set(
      bookingId,
      dict({
        card_id: cardId,
        travel_date: travelDate,
        travel_from: travelFrom,
        travel_to: travelTo,
        travel_class: travelClass,
        travel_cost: travelCost,
        transaction_id: transactionId,
      }),
    );
    return dict({ booking_id: bookingId, transaction_id: transactionId, booking_status: true, booking_history: new PyDict() });
  }

  retrieveInvoice(accessToken: PyValue, bookingId: PyValue, _insuranceId: PyValue): PyValue {
    if (this.tokenExpired()) return dict({ error: "Token expired" });
    if (!pyEq(accessToken, this.accessToken)) return dict({ error: "Invalid access token" });
    const bookings = this.bookings("__contains__");
    if (!pyIn(bookingId, bookings)) return dict({ error: "Booking not found" });
    const b = bookings.getItem(bookingId);
    const invoice = dict({
      booking_id: bookingId,
      travel_date: getItem(b, "travel_date"),
      travel_from: getItem(b, "travel_from"),
      travel_to: getItem(b, "travel_to"),
      travel_class: getItem(b, "travel_class"),
      travel_cost: getItem(b, "travel_cost"),
      transaction_id: getItem(b, "transaction_id"),
    });
    return dict({ invoice });
  }

  getBookingHistory(accessToken: PyValue): PyValue {
    if (this.tokenExpired()) return dict({ error: "Token expired" });
    if (!pyEq(accessToken, this.accessToken)) return dict({ error: "Invalid access token" });
    return dict({ booking_history: deepCopy(this.bookingRecord) });
  }

  listAllAirports(): PyValue {
    return [...AIRPORTS];
  }

  cancelBooking(accessToken: PyValue, bookingId: PyValue): PyValue {
    if (this.tokenExpired()) return dict({ cancel_status: false, error: "Token expired" });
    if (!pyEq(accessToken, this.accessToken)) return dict({ cancel_status: false, error: "Invalid access token" });
    const bookings = this.bookings("__contains__");
    if (!pyIn(bookingId, bookings)) return dict({ cancel_status: false, error: "Booking not found" });
    const b = bookings.getItem(bookingId);
    const cardId = getItem(b, "card_id");
    const cost = getItem(b, "travel_cost");
    const card = getItem(this.creditCardList, cardId);
    setItem(card, "balance", pyAdd(getItem(card, "balance"), cost, "+="));
    bookings.delete(bookingId);
    return dict({ cancel_status: true });
  }

  computeExchangeRate(baseCurrency: PyValue, targetCurrency: PyValue, value: PyValue): PyValue {
    for (const [from, to, rate] of EXCHANGE_RATES) {
      if (pyEq(baseCurrency, from) && pyEq(targetCurrency, to)) {
        return dict({ exchanged_value: pyFloatOf(pyMul(value, rate)) });
      }
      if (pyEq(baseCurrency, to) && pyEq(targetCurrency, from)) {
        return dict({ exchanged_value: f(roundFloat(pyTrueDiv(value, rate).value, 2)) });
      }
    }
    throw valueError("No available exchange rate for the given currencies.");
  }

  verifyTravelerInformation(
    firstName: PyValue,
    lastName: PyValue,
    dateOfBirth: PyValue,
    passportNumber: PyValue,
  ): PyValue {
    if (!pyEq(this.userFirstName, firstName) || !pyEq(this.userLastName, lastName)) {
      return dict({
        verification_status: false,
        verification_failure:
          "Cannot book flight information for another user." +
          `Expected ${pyStr(this.userFirstName)} ${pyStr(this.userLastName)}, got ${pyStr(firstName)} ${pyStr(lastName)}`,
      });
    }
    let birth: Date;
    try {
      birth = new Date(strptimeYmd(dateOfBirth));
    } catch (e) {
      if (e instanceof PyException && e.pyType === "ValueError") {
        return dict({
          verification_status: false,
          verification_failure: "Invalid date of birth format. Please use YYYY-MM-DD.",
        });
      }
      throw e;
    }
    // BFCL reads the wall clock here; a benchmark rebuilt next year must give the same answers, so
    // "today" is pinned (override with FORGE_BFCL_TODAY=YYYY-MM-DD to reproduce BFCL on a given day).
    const today = new Date(strptimeYmd(process.env.FORGE_BFCL_TODAY ?? BFCL_REFERENCE_TODAY));
    const [ty, tm, td] = [today.getUTCFullYear(), today.getUTCMonth() + 1, today.getUTCDate()];
    const [by, bm, bd] = [birth.getUTCFullYear(), birth.getUTCMonth() + 1, birth.getUTCDate()];
    const age = ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
    if (age < 18) {
      return dict({ verification_status: false, verification_failure: "Traveler must be at least 18 years old." });
    }
    if (!strSelf(passportNumber, "startswith").startsWith("US")) {
      return dict({ verification_status: false, verification_failure: "Passport must be issued by the United States." });
    }
    return dict({ verification_status: true });
  }

  setBudgetLimit(accessToken: PyValue, budgetLimit: PyValue): PyValue {
    if (this.tokenExpired()) return dict({ error: "Token expired" });
    if (!pyEq(accessToken, this.accessToken)) return dict({ error: "Invalid access token" });
    const limit = pyFloatOf(budgetLimit);
    this.budgetLimit = limit;
    return dict({ budget_limit: limit });
  }

  getNearestAirportByCity(location: PyValue): PyValue {
    const map = dict(NEAREST_AIRPORT);
    return dict({ nearest_airport: map.has(location) ? (map.get(location) as PyValue) : "Unknown" });
  }

  purchaseInsurance(
    accessToken: PyValue,
    _insuranceType: PyValue,
    bookingId: PyValue,
    insuranceCost: PyValue,
    cardId: PyValue,
  ): PyValue {
    const fail = (error: string) => dict({ insurance_status: false, error });
    if (this.tokenExpired()) return fail("Token expired");
    if (!pyEq(accessToken, this.accessToken)) return fail("Invalid access token");
    if (this.budgetLimit !== null && pyCmp(this.budgetLimit, "<", insuranceCost)) return fail("Exceeded budget limit");
    if (!pyIn(bookingId, this.bookings("__contains__"))) return fail("Booking not found");
    const cards = this.cards("__contains__");
    if (!pyIn(cardId, cards)) return fail("Credit card not registered");
    const card = cards.getItem(cardId);
    setItem(card, "balance", pySub(getItem(card, "balance"), insuranceCost, "-="));
    return dict({ insurance_id: String(this.random.randint(100000000, 999999999)), insurance_status: true });
  }

  contactCustomerSupport(bookingId: PyValue, _message: PyValue): PyValue {
    if (!pyIn(bookingId, this.bookings("__contains__"))) return dict({ error: "Booking not found" });
    return dict({
      customer_support_message:
        "Thank you for contacting customer support. Your message has been received and we will get back to you shortly.",
    });
  }

  getAllCreditCards(): PyValue {
    return dict({ credit_card_list: this.creditCardList });
  }

  readonly methods: MethodTable = {
    authenticate_travel: method(
      ["client_id", "client_secret", "refresh_token", "grant_type", "user_first_name", "user_last_name"],
      (a, b, c, d, e, g) => this.authenticateTravel(a, b, c, d, e, g),
    ),
    book_flight: method(
      ["access_token", "card_id", "travel_date", "travel_from", "travel_to", "travel_class"],
      (a, b, c, d, e, g) => this.bookFlight(a, b, c, d, e, g),
    ),
    cancel_booking: method(["access_token", "booking_id"], (a, b) => this.cancelBooking(a, b)),
    compute_exchange_rate: method(["base_currency", "target_currency", "value"], (a, b, c) =>
      this.computeExchangeRate(a, b, c),
    ),
    contact_customer_support: method(["booking_id", "message"], (a, b) => this.contactCustomerSupport(a, b)),
    get_all_credit_cards: method([], () => this.getAllCreditCards()),
    get_booking_history: method(["access_token"], (a) => this.getBookingHistory(a)),
    get_budget_fiscal_year: method([["lastModifiedAfter", null], ["includeRemoved", null]], (a, b) =>
      this.getBudgetFiscalYear(a, b),
    ),
    get_credit_card_balance: method(["access_token", "card_id"], (a, b) => this.getCreditCardBalance(a, b)),
    get_flight_cost: method(["travel_from", "travel_to", "travel_date", "travel_class"], (a, b, c, d) =>
      this.getFlightCost(a, b, c, d),
    ),
    get_nearest_airport_by_city: method(["location"], (a) => this.getNearestAirportByCity(a)),
    list_all_airports: method([], () => this.listAllAirports()),
    purchase_insurance: method(
      ["access_token", "insurance_type", "booking_id", "insurance_cost", "card_id"],
      (a, b, c, d, e) => this.purchaseInsurance(a, b, c, d, e),
    ),
    register_credit_card: method(
      ["access_token", "card_number", "expiration_date", "cardholder_name", "card_verification_number"],
      (a, b, c, d, e) => this.registerCreditCard(a, b, c, d, e),
    ),
    retrieve_invoice: method(["access_token", ["booking_id", null], ["insurance_id", null]], (a, b, c) =>
      this.retrieveInvoice(a, b, c),
    ),
    set_budget_limit: method(["access_token", "budget_limit"], (a, b) => this.setBudgetLimit(a, b)),
    travel_get_login_status: method([], () => this.travelGetLoginStatus()),
    verify_traveler_information: method(
      ["first_name", "last_name", "date_of_birth", "passport_number"],
      (a, b, c, d) => this.verifyTravelerInformation(a, b, c, d),
    ),
  };

  snapshot(): unknown {
    return {
      credit_card_list: toPlain(this.creditCardList),
      booking_record: toPlain(this.bookingRecord),
      access_token: toPlain(this.accessToken),
      token_type: toPlain(this.tokenType),
      token_expires_in: toPlain(this.tokenExpiresIn),
      token_scope: toPlain(this.tokenScope),
      user_first_name: toPlain(this.userFirstName),
      user_last_name: toPlain(this.userLastName),
      budget_limit: toPlain(this.budgetLimit),
    };
  }
}

