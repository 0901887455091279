/** TradingBot — BFCL's stock trading backend. */
import { type Backend, dict, method, type MethodTable, scenarioGet, strptime, strptimeYmd } from "./common.js";
import { PyRandom, seedOf } from "./pyRandom.js";
import { formatValueFixed, pyStr, strRepr } from "./pythonFormat.js";
import {
  dictSelf,
  f,
  getItem,
  listRemove,
  listSelf,
  pyAbs,
  pyAdd,
  pyCmp,
  PyDict,
  pyFloatOf,
  pyIn,
  pyIntOf,
  pyLower,
  pyMul,
  pyIter,
  pySub,
  setItem,
  strSelf,
  toPlain,
  truthy,
  typeError,
  typeName,
  type PyValue,
  valueError,
} from "./pyRuntime.js";

/** datetime(2024, 9, 1, 10, 30) — BFCL's frozen "now" for the trading system. */
const CURRENT_TIME_MS = Date.UTC(2024, 8, 1, 10, 30, 0);

const stock = (price: number, pct: number, volume: number, ma5: number, ma20: number): PyDict =>
  dict({ price: f(price), percent_change: f(pct), volume: f(volume), "MA(5)": f(ma5), "MA(20)": f(ma20) });

const defaultState = (): Record<string, PyValue> => ({
  orders: PyDict.from([
    [12345, dict({ id: 12345, order_type: "Buy", symbol: "AAPL", price: f(210.65), amount: 10, status: "Completed" })],
    [12446, dict({ id: 12446, order_type: "Sell", symbol: "GOOG", price: f(2840.56), amount: 5, status: "Pending" })],
  ]),
  account_info: dict({ account_id: 12345, balance: f(10000.0), binding_card: 1974202140965533 }),
  authenticated: false,
  market_status: "Closed",
  order_counter: 12446,
  stocks: dict({
    AAPL: stock(227.16, 0.17, 2.552, 227.11, 227.09),
    GOOG: stock(2840.34, 0.24, 1.123, 2835.67, 2842.15),
    TSLA: stock(667.92, -0.12, 1.654, 671.15, 668.2),
    MSFT: stock(310.23, 0.09, 3.234, 309.88, 310.11),
    NVDA: stock(220.34, 0.34, 1.234, 220.45, 220.67),
    ALPH: stock(1320.45, -0.08, 1.567, 1321.12, 1325.78),
    OMEG: stock(457.23, 0.12, 2.345, 456.78, 458.12),
    QUAS: stock(725.89, -0.03, 1.789, 726.45, 728.0),
    NEPT: stock(88.34, 0.19, 0.654, 88.21, 88.67),
    SYNX: stock(345.67, 0.11, 2.112, 345.34, 346.12),
    ZETA: stock(22.09, -0.05, 0.789, 22.12, 22.34),
  }),
  watch_list: ["NVDA"],
  transaction_history: [],
  random_seed: 1053520,
});

/** get_symbol_by_name's table: company name → ticker. */
export const SYMBOLS: Readonly<Record<string, string>> = {
  Apple: "AAPL",
  Google: "GOOG",
  Tesla: "TSLA",
  Microsoft: "MSFT",
  Nvidia: "NVDA",
  "Zeta Corp": "ZETA",
  "Alpha Tech": "ALPH",
  "Omega Industries": "OMEG",
  "Quasar Ltd.": "QUAS",
  "Neptune Systems": "NEPT",
  "Synex Solutions": "SYNX",
  Amazon: "AMZN",
  Gorilla: "GORI",
};

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

export class TradingBot implements Backend {
  readonly className = "TradingBot";
  private orders: PyDict;
  private accountInfo: PyValue;
  private authenticated: PyValue;
  private marketStatus: PyValue;
  private orderCounter: PyValue;
  private stocks: PyValue;
  private watchList: PyValue;
  private transactionHistory: PyValue;
  private random: PyRandom;

  constructor(scenario: PyDict) {
    const d = defaultState();
    const orders = dictSelf(scenarioGet(scenario, "orders", d.orders), "items");
    this.orders = PyDict.from(
      orders.entries().map(([k, v]) => [typeof k === "string" && /^\d+$/.test(k) ? pyIntOf(k) : k, v]),
    );
    this.accountInfo = scenarioGet(scenario, "account_info", d.account_info);
    this.authenticated = scenarioGet(scenario, "authenticated", d.authenticated);
    this.marketStatus = scenarioGet(scenario, "market_status", d.market_status);
    this.orderCounter = scenarioGet(scenario, "order_counter", d.order_counter);
    this.stocks = scenarioGet(scenario, "stocks", d.stocks);
    this.watchList = scenarioGet(scenario, "watch_list", d.watch_list);
    this.transactionHistory = scenarioGet(scenario, "transaction_history", d.transaction_history);
    const seed = scenarioGet(scenario, "random_seed", d.random_seed);
    this.random = new PyRandom(seedOf(seed, 1053520));
  }

  private stocksDict(m: string): PyDict {
    return dictSelf(this.stocks, m);
  }

  private transactionTimestamp(): string {
    const offset = this.random.randint(0, 86400); // randint(start_ts, start_ts + 1 day)
    const t = new Date(CURRENT_TIME_MS + offset * 1000);
    return (
      `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ` +
      `${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`
    );
  }

  getCurrentTime(): PyValue {
    return dict({ current_time: "10:30 AM" });
  }

  getSymbolByName(name: PyValue): PyValue {
    const map = dict(SYMBOLS);
    return dict({ symbol: map.has(name) ? (map.get(name) as PyValue) : "Stock not found" });
  }

  getStockInfo(symbol: PyValue): PyValue {
    const stocks = this.stocksDict("__contains__");
    if (!pyIn(symbol, stocks)) return dict({ error: `Stock with symbol '${pyStr(symbol)}' not found.` });
    return stocks.getItem(symbol);
  }

  getOrderDetails(orderId: PyValue): PyValue {
    if (!pyIn(orderId, this.orders)) {
      return dict({
        error:
          `Order with ID ${pyStr(orderId)} not found.` +
          "Here is the list of orders_id: " +
          pyStr(this.orders.keys()),
      });
    }
    return this.orders.getItem(orderId);
  }

  cancelOrder(orderId: PyValue): PyValue {
    if (!pyIn(orderId, this.orders)) return dict({ error: `Order with ID ${pyStr(orderId)} not found.` });
    const order = this.orders.getItem(orderId);
    if (getItem(order, "status") === "Completed") {
      return dict({ error: `Can't cancel order ${pyStr(orderId)}. Order is already completed.` });
    }
    setItem(order, "status", "Cancelled");
    return dict({ order_id: orderId, status: "Cancelled" });
  }

  placeOrder(orderType: PyValue, symbol: PyValue, priceArg: PyValue, amount: PyValue): PyValue {
    if (!truthy(this.authenticated)) return dict({ error: "User not authenticated. Please log in to place an order." });
    if (!pyIn(symbol, this.stocksDict("__contains__"))) return dict({ error: `Invalid stock symbol: ${pyStr(symbol)}` });
    if (pyCmp(priceArg, "<=", 0) || pyCmp(amount, "<=", 0)) {
      return dict({ error: "Price and amount must be positive values." });
    }
    if (pyLower(orderType) === "buy") {
      const totalCost = pyMul(pyFloatOf(priceArg), pyIntOf(amount));
      const account = dictSelf(this.accountInfo, "get");
      const balance = account.has("balance") ? (account.get("balance") as PyValue) : 0;
      if (pyCmp(totalCost, ">", balance)) {
        return dict({
          error: `Insufficient funds: required $${formatValueFixed(totalCost, 2)} but only $${formatValueFixed(balance, 2)} available.`,
        });
      }
    }
    const price = pyFloatOf(priceArg);
    const orderId = this.orderCounter;
    this.orders.set(
      orderId,
      dict({ id: orderId, order_type: orderType, symbol, price, amount, status: "Open" }),
    );
    this.orderCounter = pyAdd(this.orderCounter, 1, "+=");
    return dict({ order_id: orderId, order_type: orderType, status: "Pending", price, amount });
  }

  withdrawFunds(amount: PyValue): PyValue {
    if (!truthy(this.authenticated)) {
      return dict({ error: "User not authenticated. Please log in to make a transaction." });
    }
    if (this.marketStatus !== "Open") return dict({ error: "Market is closed. Transactions are not allowed." });
    if (pyCmp(amount, "<=", 0)) return dict({ error: "Transaction amount must be positive." });
    const balance = getItem(this.accountInfo, "balance");
    if (pyCmp(amount, ">", balance)) return dict({ error: "Insufficient funds for withdrawal." });
    setItem(this.accountInfo, "balance", pySub(balance, amount, "-="));
    listSelf(this.transactionHistory, "append").push(
      dict({ type: "withdrawal", amount, timestamp: this.transactionTimestamp() }),
    );
    return dict({ status: "Withdrawal successful", new_balance: getItem(this.accountInfo, "balance") });
  }

  getAccountInfo(): PyValue {
    if (!truthy(this.authenticated)) {
      return dict({ error: "User not authenticated. Please log in to view account information." });
    }
    return this.accountInfo;
  }

  tradingLogin(_username: PyValue, _password: PyValue): PyValue {
    if (truthy(this.authenticated)) return dict({ status: "Already logged in" });
    this.authenticated = true;
    return dict({ status: "Logged in successfully" });
  }

  tradingGetLoginStatus(): PyValue {
    return dict({ status: truthy(this.authenticated) });
  }

  tradingLogout(): PyValue {
    if (!truthy(this.authenticated)) return dict({ status: "No user is currently logged in" });
    this.authenticated = false;
    return dict({ status: "Logged out successfully" });
  }

  fundAccount(amount: PyValue): PyValue {
    if (!truthy(this.authenticated)) return dict({ error: "User not authenticated. Please log in to fund the account." });
    if (pyCmp(amount, "<=", 0)) return dict({ error: "Funding amount must be positive." });
    setItem(this.accountInfo, "balance", pyAdd(getItem(this.accountInfo, "balance"), amount, "+="));
    listSelf(this.transactionHistory, "append").push(
      dict({ type: "deposit", amount, timestamp: this.transactionTimestamp() }),
    );
    return dict({ status: "Account funded successfully", new_balance: getItem(this.accountInfo, "balance") });
  }

  removeStockFromWatchlist(symbol: PyValue): PyValue {
    if (!truthy(this.authenticated)) {
      return dict({ error: "User not authenticated. Please log in to modify the watchlist." });
    }
    if (!pyIn(symbol, this.watchList)) return dict({ error: `Stock ${pyStr(symbol)} not found in watchlist.` });
    listRemove(listSelf(this.watchList, "remove"), symbol);
    return dict({ status: `Stock ${pyStr(symbol)} removed from watchlist successfully.` });
  }

  getWatchlist(): PyValue {
    if (!truthy(this.authenticated)) return ["Error: User not authenticated. Please log in to view the watchlist."];
    return dict({ watchlist: this.watchList });
  }

  getOrderHistory(): PyValue {
    if (!truthy(this.authenticated)) {
      return [dict({ error: "User not authenticated. Please log in to view order history." })];
    }
    return dict({ history: this.orders.keys() });
  }

  getTransactionHistory(startDate: PyValue, endDate: PyValue): PyValue {
    if (!truthy(this.authenticated)) {
      return [dict({ error: "User not authenticated. Please log in to view transaction history." })];
    }
    const start = truthy(startDate) ? strptimeYmd(startDate) : -Infinity;
    const end = truthy(endDate) ? strptimeYmd(endDate) : Infinity;
    const filtered = pyIter(this.transactionHistory).filter((t) => {
      const ts = strptime(getItem(t, "timestamp"), "%Y-%m-%d %H:%M:%S");
      return start <= ts && ts <= end;
    });
    return dict({ transaction_history: filtered });
  }

  getAvailableStocks(sector: PyValue): PyValue {
    const sectors = dict({ Technology: ["AAPL", "GOOG", "MSFT", "NVDA"], Automobile: ["TSLA", "F", "GM"] });
    return dict({ stock_list: sectors.has(sector) ? (sectors.get(sector) as PyValue) : [] });
  }

  filterStocksByPrice(stocks: PyValue, minPrice: PyValue, maxPrice: PyValue): PyValue {
    const all = this.stocksDict("get");
    const priceOf = (symbol: PyValue): PyValue => {
      const info = all.has(symbol) ? (all.get(symbol) as PyValue) : new PyDict();
      const d = dictSelf(info, "get");
      return d.has("price") ? (d.get("price") as PyValue) : 0;
    };
    const filtered = pyIter(stocks).filter(
      (symbol) => pyCmp(priceOf(symbol), ">=", minPrice) && pyCmp(priceOf(symbol), "<=", maxPrice),
    );
    return dict({ filtered_stocks: filtered });
  }

  addToWatchlist(stockSymbol: PyValue): PyValue {
    if (!pyIn(stockSymbol, this.watchList)) {
      if (pyIn(stockSymbol, this.stocksDict("__contains__"))) listSelf(this.watchList, "append").push(stockSymbol);
    }
    return dict({ watchlist: this.watchList });
  }

  notifyPriceChange(stocks: PyValue, threshold: PyValue): PyValue {
    const all = this.stocksDict("__contains__");
    const changed = pyIter(stocks).filter(
      (symbol) => pyIn(symbol, all) && pyCmp(pyAbs(getItem(all.getItem(symbol), "percent_change")), ">=", threshold),
    );
    if (changed.length > 0) {
      const bad = changed.findIndex((s) => typeof s !== "string");
      if (bad >= 0) throw typeError(`sequence item ${bad}: expected str instance, ${typeName(changed[bad])} found`);
      return dict({ notification: `Stocks ${changed.join(", ")} have significant price changes.` });
    }
    return dict({ notification: "No significant price changes in the selected stocks." });
  }

  readonly methods: MethodTable = {
    add_to_watchlist: method(["stock"], (a) => this.addToWatchlist(a)),
    cancel_order: method(["order_id"], (a) => this.cancelOrder(a)),
    filter_stocks_by_price: method(["stocks", "min_price", "max_price"], (a, b, c) =>
      this.filterStocksByPrice(a, b, c),
    ),
    fund_account: method(["amount"], (a) => this.fundAccount(a)),
    get_account_info: method([], () => this.getAccountInfo()),
    get_available_stocks: method(["sector"], (a) => this.getAvailableStocks(a)),
    get_current_time: method([], () => this.getCurrentTime()),
    get_order_details: method(["order_id"], (a) => this.getOrderDetails(a)),
    get_order_history: method([], () => this.getOrderHistory()),
    get_stock_info: method(["symbol"], (a) => this.getStockInfo(a)),
    get_symbol_by_name: method(["name"], (a) => this.getSymbolByName(a)),
    get_transaction_history: method([["start_date", null], ["end_date", null]], (a, b) =>
      this.getTransactionHistory(a, b),
    ),
    get_watchlist: method([], () => this.getWatchlist()),
    notify_price_change: method(["stocks", "threshold"], (a, b) => this.notifyPriceChange(a, b)),
    place_order: method(["order_type", "symbol", "price", "amount"], (a, b, c, d) => this.placeOrder(a, b, c, d)),
    remove_stock_from_watchlist: method(["symbol"], (a) => this.removeStockFromWatchlist(a)),
    trading_get_login_status: method([], () => this.tradingGetLoginStatus()),
    trading_login: method(["username", "password"], (a, b) => this.tradingLogin(a, b)),
    trading_logout: method([], () => this.tradingLogout()),
    withdraw_funds: method(["amount"], (a) => this.withdrawFunds(a)),
  };

  snapshot(): unknown {
    return {
      orders: toPlain(this.orders),
      account_info: toPlain(this.accountInfo),
      authenticated: toPlain(this.authenticated),
      market_status: toPlain(this.marketStatus),
      order_counter: toPlain(this.orderCounter),
      stocks: toPlain(this.stocks),
      watch_list: toPlain(this.watchList),
      transaction_history: toPlain(this.transactionHistory),
    };
  }
}

