/** TicketAPI — BFCL's support-ticket backend. */
import { type Backend, dict, method, type MethodTable, scenarioGet } from "./common.js";
import { pyStr } from "./pythonFormat.js";
import {
  dictSelf,
  getItem,
  listSelf,
  pyAdd,
  pyCmp,
  PyDict,
  pyEq,
  pyIter,
  pyLower,
  setItem,
  toPlain,
  truthy,
  typeError,
  typeName,
  type PyValue,
} from "./pyRuntime.js";

const VALID_FIELDS = ["title", "description", "status", "priority"];

export class TicketAPI implements Backend {
  readonly className = "TicketAPI";
  private ticketQueue: PyValue;
  private ticketCounter: PyValue;
  private currentUser: PyValue;

  constructor(scenario: PyDict) {
    this.ticketQueue = scenarioGet(scenario, "ticket_queue", []);
    this.ticketCounter = scenarioGet(scenario, "ticket_counter", 1);
    this.currentUser = scenarioGet(scenario, "current_user", null);
  }

  private findTicket(ticketId: PyValue): PyValue | undefined {
    for (const ticket of pyIter(this.ticketQueue)) {
      if (pyEq(getItem(ticket, "id"), ticketId)) return ticket;
    }
    return undefined;
  }

  createTicket(title: PyValue, description: PyValue, priority: PyValue): PyValue {
    if (!truthy(this.currentUser)) return dict({ error: "User not authenticated. Please log in to create a ticket." });
    if (pyCmp(priority, "<", 1) || pyCmp(priority, ">", 5)) {
      return dict({ error: "Invalid priority. Priority must be between 1 and 5." });
    }
    const ticket = dict({
      id: this.ticketCounter,
      title,
      description,
      status: "Open",
      priority,
      created_by: this.currentUser,
    });
    listSelf(this.ticketQueue, "append").push(ticket);
    this.ticketCounter = pyAdd(this.ticketCounter, 1, "+=");
    return ticket;
  }

  getTicket(ticketId: PyValue): PyValue {
    const ticket = this.findTicket(ticketId);
    if (!truthy(ticket ?? null)) return dict({ error: `Ticket with ID ${pyStr(ticketId)} not found.` });
    return ticket as PyValue;
  }

  closeTicket(ticketId: PyValue): PyValue {
    const ticket = this.findTicket(ticketId);
    if (!truthy(ticket ?? null)) return dict({ error: `Ticket with ID ${pyStr(ticketId)} not found.` });
    if (pyEq(getItem(ticket as PyValue, "status"), "Closed")) {
      return dict({ error: `Ticket with ID ${pyStr(ticketId)} is already closed.` });
    }
    setItem(ticket, "status", "Closed");
    return dict({ status: `Ticket ${pyStr(ticketId)} has been closed successfully.` });
  }

  resolveTicket(ticketId: PyValue, resolution: PyValue): PyValue {
    const ticket = this.findTicket(ticketId);
    if (!truthy(ticket ?? null)) return dict({ error: `Ticket with ID ${pyStr(ticketId)} not found.` });
    if (pyEq(getItem(ticket as PyValue, "status"), "Resolved")) {
      return dict({ error: `Ticket with ID ${pyStr(ticketId)} is already resolved.` });
    }
    setItem(ticket, "status", "Resolved");
    setItem(ticket, "resolution", resolution);
    return dict({ status: `Ticket ${pyStr(ticketId)} has been resolved successfully.` });
  }

  editTicket(ticketId: PyValue, updates: PyValue): PyValue {
    const ticket = this.findTicket(ticketId);
    if (!truthy(ticket ?? null)) return dict({ error: `Ticket with ID ${pyStr(ticketId)} not found.` });
    const upd = dictSelf(updates, "keys");
    const invalid = upd.keys().filter((k) => !VALID_FIELDS.some((v) => pyEq(v, k)));
    if (invalid.length > 0) {
      // ', '.join(set): Python's set order for str keys is hash-seeded per process, so BFCL itself prints
      // these in a run-dependent order; insertion order is one of them. This and book_flight's class set are
      // the only intended differences from BFCL (README "Fidelity"; the fixture accepts any order Python printed).
      const bad = invalid.findIndex((k) => typeof k !== "string");
      if (bad >= 0) throw typeError(`sequence item ${bad}: expected str instance, ${typeName(invalid[bad])} found`);
      return dict({ error: `Invalid fields for update: ${invalid.join(", ")}` });
    }
    for (const [key, value] of upd.entries()) {
      if (value !== null) setItem(ticket, key, value);
    }
    return dict({ status: `Ticket ${pyStr(ticketId)} has been updated successfully.` });
  }

  ticketLogin(username: PyValue, password: PyValue): PyValue {
    if (truthy(username) && truthy(password)) {
      this.currentUser = username;
      return dict({ success: true });
    }
    return dict({ success: false });
  }

  ticketGetLoginStatus(): PyValue {
    return dict({ login_status: truthy(this.currentUser) });
  }

  logout(): PyValue {
    if (truthy(this.currentUser)) {
      this.currentUser = null;
      return dict({ success: true });
    }
    return dict({ success: false });
  }

  getUserTickets(status: PyValue): PyValue {
    if (!truthy(this.currentUser)) return [dict({ error: "User not authenticated. Please log in to view tickets." })];
    let tickets = pyIter(this.ticketQueue).filter((t) => pyEq(getItem(t, "created_by"), this.currentUser));
    if (truthy(status)) {
      // status.lower() runs per ticket, after the ticket's own: with no tickets a non-str status never fails.
      tickets = tickets.filter((t) => {
        const own = pyLower(getItem(t, "status"));
        return own === pyLower(status);
      });
    }
    return tickets;
  }

  readonly methods: MethodTable = {
    close_ticket: method(["ticket_id"], (a) => this.closeTicket(a)),
    create_ticket: method(["title", ["description", ""], ["priority", 1]], (a, b, c) => this.createTicket(a, b, c)),
    edit_ticket: method(["ticket_id", "updates"], (a, b) => this.editTicket(a, b)),
    get_ticket: method(["ticket_id"], (a) => this.getTicket(a)),
    get_user_tickets: method([["status", null]], (a) => this.getUserTickets(a)),
    logout: method([], () => this.logout()),
    resolve_ticket: method(["ticket_id", "resolution"], (a, b) => this.resolveTicket(a, b)),
    ticket_get_login_status: method([], () => this.ticketGetLoginStatus()),
    ticket_login: method(["username", "password"], (a, b) => this.ticketLogin(a, b)),
  };

  snapshot(): unknown {
    return {
      ticket_queue: toPlain(this.ticketQueue),
      ticket_counter: toPlain(this.ticketCounter),
      current_user: toPlain(this.currentUser),
    };
  }
}
