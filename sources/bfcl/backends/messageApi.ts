/** MessageAPI — BFCL's workspace messaging backend. */
import { type Backend, dict, method, type MethodTable, scenarioGet } from "./common.js";
import { PyRandom, seedOf } from "./pyRandom.js";
import { pyStr } from "./pythonFormat.js";
import {
  dictSelf,
  getItem,
  listSelf,
  pyAdd,
  PyDict,
  pyEq,
  pyIn,
  pyLower,
  PySet,
  toPlain,
  truthy,
  type PyValue,
  listRemove,
  noAttr,
} from "./pyRuntime.js";

const defaultState = (): Record<string, PyValue> => ({
  generated_ids: new PySet(),
  user_count: 4,
  user_map: dict({ Alice: "USR001", Bob: "USR002", Catherine: "USR003", Daniel: "USR004" }),
  inbox: [
    dict({ USR002: "My name is Alice. I want to connect." }),
    dict({ USR003: "Could you upload the file?" }),
    dict({ USR004: "Could you upload the file?" }),
  ],
  message_count: 3,
  current_user: null,
});

export class MessageAPI implements Backend {
  readonly className = "MessageAPI";
  private random: PyRandom;
  private generatedIds: PyValue;
  private userCount: PyValue;
  private userMap: PyValue;
  private inbox: PyValue;
  private messageCount: PyValue;
  private currentUser: PyValue;

  constructor(scenario: PyDict) {
    const d = defaultState();
    const seed = scenarioGet(scenario, "random_seed", 200191);
    this.random = new PyRandom(seedOf(seed, 200191));
    this.generatedIds = scenarioGet(scenario, "generated_ids", d.generated_ids);
    this.userCount = scenarioGet(scenario, "user_count", d.user_count);
    this.userMap = scenarioGet(scenario, "user_map", d.user_map);
    this.inbox = scenarioGet(scenario, "inbox", d.inbox);
    this.messageCount = scenarioGet(scenario, "message_count", d.message_count);
    this.currentUser = scenarioGet(scenario, "current_user", d.current_user);
  }

  private userMapDict(method: string): PyDict {
    return dictSelf(this.userMap, method);
  }

  private generateId(): PyValue {
    let id = this.random.randint(10000, 99999);
    const ids = this.generatedIds;
    const has = (x: number) => (ids instanceof PySet ? ids.has(x) : pyIn(x, ids));
    while (has(id)) id = this.random.randint(10000, 99999);
    if (!(ids instanceof PySet)) throw noAttr(ids, "add"); // e.g. a JSON list: Python has no list.add
    ids.add(id);
    return dict({ new_id: id });
  }

  listUsers(): PyValue {
    return dict({ user_list: this.userMapDict("keys").keys() });
  }

  getUserId(user: PyValue): PyValue {
    const map = this.userMapDict("get");
    if (!pyIn(user, map)) return dict({ error: `User '${pyStr(user)}' not found in the workspace.` });
    return dict({ user_id: map.get(user) ?? null });
  }

  messageLogin(userId: PyValue): PyValue {
    if (!pyIn(userId, this.userMapDict("values").values())) {
      return dict({ login_status: false, message: `User ID '${pyStr(userId)}' not found.` });
    }
    this.currentUser = userId;
    return dict({ login_status: true, message: `User '${pyStr(userId)}' logged in successfully.` });
  }

  messageGetLoginStatus(): PyValue {
    return dict({ login_status: truthy(this.currentUser) });
  }

  sendMessage(receiverId: PyValue, message: PyValue): PyValue {
    if (!truthy(this.currentUser)) return dict({ error: "No user is currently logged in." });
    if (!pyIn(receiverId, this.userMapDict("values").values())) {
      return dict({ error: `Receiver ID '${pyStr(receiverId)}' not found.` });
    }
    const messageId = this.generateId();
    listSelf(this.inbox, "append").push(PyDict.from([[receiverId, message]]));
    this.messageCount = pyAdd(this.messageCount, 1, "+=");
    return dict({
      sent_status: true,
      message_id: messageId,
      message: `Message sent to '${pyStr(receiverId)}' successfully.`,
    });
  }

  deleteMessage(receiverId: PyValue): PyValue {
    if (!truthy(this.currentUser)) return dict({ error: "No user is currently logged in." });
    const inbox = listSelf(this.inbox, "remove");
    for (const message of [...inbox].reverse()) {
      const [receiver] = firstItemOrIndexError(message);
      if (pyEq(receiver, receiverId)) {
        listRemove(inbox, message);
        return dict({
          deleted_status: true,
          receiver_id: receiver,
          message: `Receiver ${pyStr(receiverId)}'s latest message deleted successfully.`,
        });
      }
    }
    return dict({ error: `Receiver ID ${pyStr(receiverId)} not found.` });
  }

  viewMessagesSent(): PyValue {
    if (!truthy(this.currentUser)) return dict({ error: "No user is currently logged in." });
    const sent = new PyDict();
    for (const message of listSelf(this.inbox, "__iter__")) {
      const [receiver, content] = firstItemOrIndexError(message);
      if (!sent.has(receiver)) sent.set(receiver, [content]);
      else (sent.get(receiver) as PyValue[]).push(content);
    }
    return dict({ messages: sent });
  }

  addContact(userName: PyValue): PyValue {
    const map = this.userMapDict("__setitem__");
    if (pyIn(userName, map)) return dict({ error: `User name '${pyStr(userName)}' already exists.` });
    this.userCount = pyAdd(this.userCount, 1, "+=");
    const userId = `USR${zfill(pyStr(this.userCount), 3)}`;
    if (pyIn(userId, map.values())) return dict({ error: `User ID '${userId}' already exists.` });
    map.set(userName, userId);
    return dict({ added_status: true, user_id: userId, message: `Contact '${pyStr(userName)}' added successfully.` });
  }

  searchMessages(keyword: PyValue): PyValue {
    if (!truthy(this.currentUser)) return dict({ error: "No user is currently logged in." });
    const kw = pyLower(keyword);
    const results: PyValue[] = [];
    for (const message of listSelf(this.inbox, "__iter__")) {
      const [receiver, content] = firstItemOrIndexError(message);
      if (pyIn(kw, pyLower(content))) results.push(dict({ receiver_id: receiver, message: content }));
    }
    return dict({ results });
  }

  getMessageStats(): PyValue {
    if (!truthy(this.currentUser)) return dict({ error: "No user is currently logged in." });
    let received = 0;
    const contacts = new PySet();
    for (const message of listSelf(this.inbox, "__iter__")) {
      const [receiver] = firstItemOrIndexError(message);
      received += 1;
      contacts.add(receiver);
    }
    return dict({ stats: dict({ received_count: received, total_contacts: contacts.size }) });
  }

  readonly methods: MethodTable = {
    add_contact: method(["user_name"], (a) => this.addContact(a)),
    delete_message: method(["receiver_id"], (a) => this.deleteMessage(a)),
    get_message_stats: method([], () => this.getMessageStats()),
    get_user_id: method(["user"], (a) => this.getUserId(a)),
    list_users: method([], () => this.listUsers()),
    message_get_login_status: method([], () => this.messageGetLoginStatus()),
    message_login: method(["user_id"], (a) => this.messageLogin(a)),
    search_messages: method(["keyword"], (a) => this.searchMessages(a)),
    send_message: method(["receiver_id", "message"], (a, b) => this.sendMessage(a, b)),
    view_messages_sent: method([], () => this.viewMessagesSent()),
  };

  snapshot(): unknown {
    return {
      generated_ids: toPlain(this.generatedIds),
      user_count: toPlain(this.userCount),
      user_map: toPlain(this.userMap),
      inbox: toPlain(this.inbox),
      message_count: toPlain(this.messageCount),
      current_user: toPlain(this.currentUser),
    };
  }
}

/** str.zfill: zeros go after a leading sign ("-1".zfill(3) == "-01"). */
function zfill(s: string, width: number): string {
  const sign = s.startsWith("-") || s.startsWith("+") ? s[0] : "";
  return sign + s.slice(sign.length).padStart(width - sign.length, "0");
}

/** list(message.items())[0], raising IndexError on an empty dict like Python. */
function firstItemOrIndexError(message: PyValue): [PyValue, PyValue] {
  const items = dictSelf(message, "items").entries();
  return getItem(items as unknown as PyValue, 0) as unknown as [PyValue, PyValue];
}
