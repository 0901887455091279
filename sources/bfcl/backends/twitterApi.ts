/** TwitterAPI (func doc: posting_api.json) — BFCL's social posting backend. */
import { type Backend, dict, method, type MethodTable, scenarioGet } from "./common.js";
import { pyStr } from "./pythonFormat.js";
import {
  dictSelf,
  getItem,
  listRemove,
  listSelf,
  pyAdd,
  PyDict,
  pyEq,
  pyIn,
  pyIntOf,
  pyIter,
  pyLower,
  toPlain,
  truthy,
  type PyValue,
} from "./pyRuntime.js";

export class TwitterAPI implements Backend {
  readonly className = "TwitterAPI";
  private username: PyValue;
  private password: PyValue;
  private authenticated: PyValue;
  private tweets: PyDict;
  private comments: PyValue;
  private retweets: PyValue;
  private followingList: PyValue;
  private tweetCounter: PyValue;

  constructor(scenario: PyDict) {
    this.username = scenarioGet(scenario, "username", "john");
    this.password = scenarioGet(scenario, "password", "john123");
    this.authenticated = scenarioGet(scenario, "authenticated", false);
    const tweets = dictSelf(scenarioGet(scenario, "tweets", new PyDict()), "items");
    // BFCL converts the tweet ids (JSON object keys) to ints on load.
    this.tweets = PyDict.from(tweets.entries().map(([k, v]) => [pyIntOf(k), v]));
    this.comments = scenarioGet(scenario, "comments", new PyDict());
    this.retweets = scenarioGet(scenario, "retweets", new PyDict());
    this.followingList = scenarioGet(scenario, "following_list", ["alice", "bob"]);
    this.tweetCounter = scenarioGet(scenario, "tweet_counter", 0);
  }

  authenticateTwitter(username: PyValue, password: PyValue): PyValue {
    if (pyEq(username, this.username) && pyEq(password, this.password)) {
      this.authenticated = true;
      return dict({ authentication_status: true });
    }
    return dict({ authentication_status: false });
  }

  postingGetLoginStatus(): PyValue {
    return dict({ login_status: truthy(this.authenticated) });
  }

  postTweet(content: PyValue, tags: PyValue, mentions: PyValue): PyValue {
    if (!truthy(this.authenticated)) return dict({ error: "User not authenticated. Please authenticate before posting." });
    const tweet = dict({ id: this.tweetCounter, username: this.username, content, tags, mentions });
    this.tweets.set(this.tweetCounter, tweet);
    this.tweetCounter = pyAdd(this.tweetCounter, 1, "+=");
    return tweet;
  }

  retweet(tweetId: PyValue): PyValue {
    if (!truthy(this.authenticated)) {
      return dict({ error: "User not authenticated. Please authenticate before retweeting." });
    }
    if (!pyIn(tweetId, this.tweets)) return dict({ error: `Tweet with ID ${pyStr(tweetId)} not found.` });
    const retweets = dictSelf(this.retweets, "__contains__");
    if (!pyIn(this.username, retweets)) retweets.set(this.username, []);
    const mine = getItem(retweets, this.username);
    if (pyIn(tweetId, mine)) return dict({ retweet_status: "Already retweeted" });
    listSelf(mine, "append").push(tweetId);
    return dict({ retweet_status: "Successfully retweeted" });
  }

  comment(tweetId: PyValue, commentContent: PyValue): PyValue {
    if (!truthy(this.authenticated)) {
      return dict({ error: "User not authenticated. Please authenticate before commenting." });
    }
    if (!pyIn(tweetId, this.tweets)) return dict({ error: `Tweet with ID ${pyStr(tweetId)} not found.` });
    const comments = dictSelf(this.comments, "__contains__");
    if (!pyIn(tweetId, comments)) comments.set(tweetId, []);
    listSelf(getItem(comments, tweetId), "append").push(dict({ username: this.username, content: commentContent }));
    return dict({ comment_status: "Comment added successfully" });
  }

  mention(tweetId: PyValue, mentionedUsernames: PyValue): PyValue {
    if (!pyIn(tweetId, this.tweets)) return dict({ error: `Tweet with ID ${pyStr(tweetId)} not found.` });
    const tweet = this.tweets.getItem(tweetId);
    const mentions = listSelf(getItem(tweet, "mentions"), "extend");
    mentions.push(...pyIter(mentionedUsernames));
    return dict({ mention_status: "Users mentioned successfully" });
  }

  followUser(usernameToFollow: PyValue): PyValue {
    if (!truthy(this.authenticated)) {
      return dict({ error: "User not authenticated. Please authenticate before following." });
    }
    if (pyIn(usernameToFollow, this.followingList)) return dict({ follow_status: false });
    listSelf(this.followingList, "append").push(usernameToFollow);
    return dict({ follow_status: true });
  }

  listAllFollowing(): PyValue {
    if (!truthy(this.authenticated)) {
      return dict({ error: "User not authenticated. Please authenticate before listing following." });
    }
    return dict({ following_list: this.followingList });
  }

  unfollowUser(usernameToUnfollow: PyValue): PyValue {
    if (!truthy(this.authenticated)) {
      return dict({ error: "User not authenticated. Please authenticate before unfollowing." });
    }
    if (!pyIn(usernameToUnfollow, this.followingList)) return dict({ unfollow_status: false });
    listRemove(listSelf(this.followingList, "remove"), usernameToUnfollow);
    return dict({ unfollow_status: true });
  }

  getTweet(tweetId: PyValue): PyValue {
    if (!pyIn(tweetId, this.tweets)) return dict({ error: `Tweet with ID ${pyStr(tweetId)} not found.` });
    return this.tweets.getItem(tweetId);
  }

  getUserTweets(username: PyValue): PyValue {
    return this.tweets.values().filter((t) => pyEq(getItem(t, "username"), username));
  }

  searchTweets(keyword: PyValue): PyValue {
    return this.tweets.values().filter((t) => {
      const kw = pyLower(keyword);
      if (pyIn(kw, pyLower(getItem(t, "content")))) return true;
      return pyIn(
        kw,
        pyIter(getItem(t, "tags")).map((tag) => pyLower(tag)),
      );
    });
  }

  getTweetComments(tweetId: PyValue): PyValue {
    if (!pyIn(tweetId, this.tweets)) return dict({ error: `Tweet with ID ${pyStr(tweetId)} not found.` });
    const comments = dictSelf(this.comments, "get");
    return comments.has(tweetId) ? (comments.get(tweetId) as PyValue) : [];
  }

  getUserStats(username: PyValue): PyValue {
    const tweetCount = this.tweets.values().filter((t) => pyEq(getItem(t, "username"), username)).length;
    const followingCount = pyEq(username, this.username) ? pyIter(this.followingList).length : 0;
    const retweets = dictSelf(this.retweets, "get");
    const retweetCount = retweets.has(username) ? pyIter(retweets.get(username) as PyValue).length : 0;
    return dict({ tweet_count: tweetCount, following_count: followingCount, retweet_count: retweetCount });
  }

  readonly methods: MethodTable = {
    authenticate_twitter: method(["username", "password"], (a, b) => this.authenticateTwitter(a, b)),
    comment: method(["tweet_id", "comment_content"], (a, b) => this.comment(a, b)),
    follow_user: method(["username_to_follow"], (a) => this.followUser(a)),
    get_tweet: method(["tweet_id"], (a) => this.getTweet(a)),
    get_tweet_comments: method(["tweet_id"], (a) => this.getTweetComments(a)),
    get_user_stats: method(["username"], (a) => this.getUserStats(a)),
    get_user_tweets: method(["username"], (a) => this.getUserTweets(a)),
    list_all_following: method([], () => this.listAllFollowing()),
    mention: method(["tweet_id", "mentioned_usernames"], (a, b) => this.mention(a, b)),
    // Python's mutable default arguments: the same [] objects are reused by every call.
    post_tweet: method(["content", ["tags", []], ["mentions", []]], (a, b, c) => this.postTweet(a, b, c)),
    posting_get_login_status: method([], () => this.postingGetLoginStatus()),
    retweet: method(["tweet_id"], (a) => this.retweet(a)),
    search_tweets: method(["keyword"], (a) => this.searchTweets(a)),
    unfollow_user: method(["username_to_unfollow"], (a) => this.unfollowUser(a)),
  };

  snapshot(): unknown {
    return {
      username: toPlain(this.username),
      password: toPlain(this.password),
      authenticated: toPlain(this.authenticated),
      tweets: toPlain(this.tweets),
      comments: toPlain(this.comments),
      retweets: toPlain(this.retweets),
      following_list: toPlain(this.followingList),
      tweet_counter: toPlain(this.tweetCounter),
    };
  }
}
