/** GorillaFileSystem — BFCL's in-memory file system backend. */
import { type Backend, dict, method, type MethodTable } from "./common.js";
import { formatFixed, pyStr } from "./pythonFormat.js";
import {
  getItem,
  isDict,
  pyAdd,
  pyCmp,
  pyCompareForSort,
  PyDict,
  PyException,
  pyIn,
  pyIter,
  pyLen,
  pyRstrip,
  pySplitLines,
  pySplitWhitespace,
  pyStripChars,
  strSelf,
  toPlain,
  truthy,
  typeError,
  type PyValue,
  valueError,
  isIntLike,
  noAttr,
  num,
} from "./pyRuntime.js";

class FsFile {
  constructor(
    public name: PyValue,
    public content: PyValue = "",
  ) {}
}

class FsDir {
  /** name -> entry; keys are whatever Python would have stored (always str in practice). */
  contents = new PyDict();
  constructor(
    public name: PyValue,
    public parent: FsDir | null = null,
  ) {}

  has(name: PyValue): boolean {
    return this.contents.has(name);
  }
  /** Directory._get_item */
  getItem(name: PyValue): FsFile | FsDir | undefined {
    if (name === ".") return this;
    return this.contents.get(name) as unknown as FsFile | FsDir | undefined;
  }
  entries(): [PyValue, FsFile | FsDir][] {
    return this.contents.entries() as unknown as [PyValue, FsFile | FsDir][];
  }
  put(name: PyValue, entry: FsFile | FsDir): void {
    this.contents.set(name, entry as unknown as PyValue);
  }
  addFile(name: PyValue, content: PyValue = ""): void {
    if (this.has(name)) throw valueError(`File '${pyStr(name)}' already exists in directory '${pyStr(this.name)}'.`);
    this.put(name, new FsFile(name, content));
  }
  addDirectory(name: PyValue): void {
    if (this.has(name)) throw valueError(`Directory '${pyStr(name)}' already exists in directory '${pyStr(this.name)}'.`);
    this.put(name, new FsDir(name, this));
  }
}

const INVALID_NAME_CHARS = '|/\\?%*:"><';

export class GorillaFileSystem implements Backend {
  readonly className = "GorillaFileSystem";
  private root: FsDir;
  private currentDir: FsDir;

  constructor(scenario: PyDict) {
    this.root = this.loadRoot(scenario);
    this.currentDir = this.root;
  }

  private loadRoot(scenario: PyDict): FsDir {
    if (!scenario.has("root")) return new FsDir("/", null);
    const rootMap = scenario.get("root") as PyValue;
    const first = pyIter(rootMap)[0];
    if (first === undefined) throw new PyException("IndexError", "list index out of range");
    const rootDir = new FsDir(first, null);
    return this.loadDirectory(getItem(getItem(rootMap, first), "contents"), rootDir);
  }

  private loadDirectory(current: PyValue, parent: FsDir): FsDir {
    if (!isDict(current)) throw noAttr(current, "items");
    for (const [name, data] of current.entries()) {
      const type = getItem(data, "type");
      if (type === "directory") {
        const dir = new FsDir(name, parent);
        parent.put(name, this.loadDirectory(getItem(data, "contents"), dir));
      } else if (type === "file") {
        parent.put(name, new FsFile(name, getItem(data, "content")));
      }
    }
    return parent;
  }

  // -------------------------------------------------------------------------

  private validName(name: PyValue): boolean {
    for (const c of INVALID_NAME_CHARS) if (pyIn(c, name)) return false;
    return true;
  }

  /** _navigate_to_directory */
  private navigate(path: PyValue): FsDir | PyDict {
    if (path === null || path === ".") return this.currentDir;
    if (path === "/") return this.root;
    const p = strSelf(path, "strip");
    const dirs = pyStripChars(p, "/").split("/");
    let temp = p.startsWith("/") ? this.root : this.currentDir;
    for (const name of dirs) {
      const next = temp.getItem(name);
      if (next instanceof FsDir) temp = next;
      else return dict({ error: `cd: '${p}': No such file or directory` });
    }
    return temp;
  }

  /** `name in self._current_dir.contents` */
  private inCwd(name: PyValue): boolean {
    return pyIn(name, this.currentDir.contents);
  }

  pwd(): PyValue {
    const parts: PyValue[] = [];
    let d: FsDir | null = this.currentDir;
    while (d !== null) {
      parts.push(d.name);
      d = d.parent;
    }
    return dict({ current_working_directory: "/" + parts.reverse().map((x) => pyStr(x)).join("/") });
  }

  ls(a: PyValue): PyValue {
    let contents = this.currentDir.contents.keys();
    if (!truthy(a)) contents = contents.filter((item) => !strSelf(item, "startswith").startsWith("."));
    return dict({ current_directory_content: contents });
  }

  cd(folderArg: PyValue): PyValue {
    let folder = pyRstrip(strSelf(folderArg, "rstrip"), "/");
    if (folder === "") folder = "/";
    if (folder !== "." && folder !== ".." && folder !== "/" && folder.includes("/")) {
      return dict({ error: `cd: ${folder}: Unsupported path. Only one folder level at a time is supported.` });
    }
    if (folder === "..") {
      if (this.currentDir.parent) this.currentDir = this.currentDir.parent;
      else if (this.root === this.currentDir) return dict({ error: "Current directory is already the root. Cannot go back." });
      else return dict({ error: "cd: ..: No such directory" });
      return new PyDict();
    }
    const target = this.navigate(folder);
    if (target instanceof PyDict) return target; // _navigate_to_directory's own "cd: '<folder>': No such file or directory"
    this.currentDir = target;
    return dict({ current_working_directory: target.name });
  }

  mkdir(dirName: PyValue): PyValue {
    if (!this.validName(dirName)) {
      return dict({ error: `mkdir: cannot create directory '${pyStr(dirName)}': Invalid character` });
    }
    if (this.inCwd(dirName)) return dict({ error: `mkdir: cannot create directory '${pyStr(dirName)}': File exists` });
    this.currentDir.addDirectory(dirName);
    return null;
  }

  touch(fileName: PyValue): PyValue {
    if (!this.validName(fileName)) return dict({ error: `touch: cannot touch '${pyStr(fileName)}': Invalid character` });
    if (this.inCwd(fileName)) return dict({ error: `touch: cannot touch '${pyStr(fileName)}': File exists` });
    this.currentDir.addFile(fileName);
    return null;
  }

  echo(content: PyValue, fileName: PyValue): PyValue {
    if (fileName === null) return dict({ terminal_output: content });
    if (!this.validName(fileName)) return dict({ error: `echo: cannot write to '${pyStr(fileName)}': Invalid character` });
    if (truthy(fileName)) {
      if (this.inCwd(fileName)) {
        const item = this.currentDir.getItem(fileName);
        if (item instanceof FsFile) item.content = content;
        else throw new PyException("AttributeError", "'Directory' object has no attribute '_write'");
        return null;
      }
      return dict({ error: `echo: cannot write to '${pyStr(fileName)}': No such file` });
    }
    return dict({ terminal_output: content });
  }

  cat(fileName: PyValue): PyValue {
    if (!this.validName(fileName)) return dict({ error: `cat: '${pyStr(fileName)}': Invalid character` });
    if (this.inCwd(fileName)) {
      const item = this.currentDir.getItem(fileName);
      if (item instanceof FsFile) return dict({ file_content: item.content });
      return dict({ error: `cat: '${pyStr(fileName)}': Is a directory` });
    }
    return dict({ error: `cat: '${pyStr(fileName)}': No such file or directory` });
  }

  find(path: PyValue, name: PyValue): PyValue {
    const matches: PyValue[] = [];
    const target = this.navigate(path);
    if (target instanceof PyDict) {
      const msg = pyStr(target.get("error") ?? "");
      return dict({ error: msg.startsWith("cd:") ? "find:" + msg.slice(3) : msg });
    }
    const search = (dir: FsDir, base: string): void => {
      for (const [itemName, item] of dir.entries()) {
        const itemPath = `${base}/${pyStr(itemName)}`;
        if (name === null || pyIn(name, itemName)) matches.push(itemPath);
        if (item instanceof FsDir) search(item, itemPath);
      }
    };
    search(target, pyRstrip(strSelf(path, "rstrip"), "/"));
    return dict({ matches });
  }

  /** Resolve a File in the cwd, or undefined (the shared "No such file" branch). */
  private fileInCwd(fileName: PyValue): FsFile | undefined {
    if (!this.inCwd(fileName)) return undefined;
    const item = this.currentDir.getItem(fileName);
    return item instanceof FsFile ? item : undefined;
  }

  wc(fileName: PyValue, mode: PyValue): PyValue {
    if (!pyIn(mode, ["l", "w", "c"])) return dict({ error: `wc: invalid mode '${pyStr(mode)}'` });
    const file = this.fileInCwd(fileName);
    if (file) {
      if (mode === "l") return dict({ count: pySplitLines(strSelf(file.content, "splitlines")).length, type: "lines" });
      if (mode === "w") return dict({ count: pySplitWhitespace(strSelf(file.content, "split")).length, type: "words" });
      return dict({ count: pyLen(file.content), type: "characters" });
    }
    return dict({ error: `wc: ${pyStr(fileName)}: No such file or directory` });
  }

  sort(fileName: PyValue): PyValue {
    const file = this.fileInCwd(fileName);
    if (file) {
      const lines = pySplitLines(strSelf(file.content, "splitlines"));
      return dict({ sorted_content: [...lines].sort(pyCompareForSort).join("\n") });
    }
    return dict({ error: `sort: ${pyStr(fileName)}: No such file or directory` });
  }

  grep(fileName: PyValue, pattern: PyValue): PyValue {
    const file = this.fileInCwd(fileName);
    if (file) {
      const lines = pySplitLines(strSelf(file.content, "splitlines"));
      return dict({ matching_lines: lines.filter((line) => pyIn(pattern, line)) });
    }
    return dict({ error: `grep: ${pyStr(fileName)}: No such file or directory` });
  }

  du(humanReadable: PyValue): PyValue {
    const size = (item: FsFile | FsDir): number => {
      if (item instanceof FsFile) return Buffer.byteLength(strSelf(item.content, "encode"), "utf8");
      let total = 0;
      for (const [, child] of item.entries()) total += size(child);
      return total;
    };
    let total: number = size(this.currentDir);
    let sizeStr: string;
    if (truthy(humanReadable)) {
      let unit: string | undefined;
      for (const u of ["B", "KB", "MB", "GB", "TB"]) {
        if (total < 1024) {
          unit = u;
          break;
        }
        total /= 1024;
      }
      sizeStr = `${formatFixed(total, 2)} ${unit ?? "PB"}`;
    } else {
      sizeStr = `${total} bytes`;
    }
    return dict({ disk_usage: sizeStr });
  }

  tail(fileName: PyValue, linesArg: PyValue): PyValue {
    const file = this.fileInCwd(fileName);
    if (file) {
      const content = pySplitLines(strSelf(file.content, "splitlines"));
      let lines = linesArg;
      if (pyCmp(lines, ">", content.length)) lines = content.length;
      if (!isIntLike(lines)) throw typeError("slice indices must be integers or None or have an __index__ method");
      // content[-lines:]
      let start = -num(lines);
      if (start < 0) start = Math.max(0, content.length + start);
      const last = content.slice(Math.min(start, content.length));
      return dict({ last_lines: last.join("\n") });
    }
    return dict({ error: `tail: ${pyStr(fileName)}: No such file or directory` });
  }

  diff(name1: PyValue, name2: PyValue): PyValue {
    if (this.inCwd(name1) && this.inCwd(name2)) {
      const f1 = this.currentDir.getItem(name1);
      const f2 = this.currentDir.getItem(name2);
      if (f1 instanceof FsFile && f2 instanceof FsFile) {
        const c1 = pySplitLines(strSelf(f1.content, "splitlines"));
        const c2 = pySplitLines(strSelf(f2.content, "splitlines"));
        const out: string[] = [];
        for (let i = 0; i < Math.min(c1.length, c2.length); i++) {
          if (c1[i] !== c2[i]) out.push(`- ${c1[i]}\n+ ${c2[i]}`);
        }
        return dict({ diff_lines: out.join("\n") });
      }
    }
    return dict({ error: `diff: ${pyStr(name1)} or ${pyStr(name2)}: No such file or directory` });
  }

  mv(source: PyValue, destination: PyValue): PyValue {
    if (!this.inCwd(source)) return dict({ error: `mv: cannot move '${pyStr(source)}': No such file or directory` });
    const item = this.currentDir.getItem(source);
    if (!(item instanceof FsFile || item instanceof FsDir)) {
      return dict({ error: `mv: cannot move '${pyStr(source)}': Not a file or directory` });
    }
    if (pyIn("/", destination)) {
      return dict({ error: "mv: path not allowed in destination. Provide only a file or directory name." });
    }
    const src = pyStr(source);
    const dst = pyStr(destination);
    if (this.inCwd(destination)) {
      const destItem = this.currentDir.getItem(destination);
      if (destItem instanceof FsDir) {
        if (destItem.has(source)) return dict({ error: `mv: cannot move '${src}' to '${dst}/${src}': File exists` });
        this.currentDir.contents.delete(source);
        if (item instanceof FsFile) destItem.addFile(source, item.content);
        else {
          destItem.addDirectory(source);
          (destItem.getItem(source) as FsDir).contents = item.contents;
        }
        return dict({ result: `'${src}' moved to '${dst}/${src}'` });
      }
      return dict({ error: `mv: cannot move '${src}' to '${dst}': Not a directory` });
    }
    this.currentDir.contents.delete(source);
    if (item instanceof FsFile) this.currentDir.addFile(destination, item.content);
    else {
      this.currentDir.addDirectory(destination);
      (this.currentDir.getItem(destination) as FsDir).contents = item.contents;
    }
    return dict({ result: `'${src}' moved to '${dst}'` });
  }

  rm(fileName: PyValue): PyValue {
    if (this.inCwd(fileName)) {
      this.currentDir.contents.delete(fileName);
      return dict({ result: `'${pyStr(fileName)}' removed` });
    }
    return dict({ error: `rm: cannot remove '${pyStr(fileName)}': No such file or directory` });
  }

  rmdir(dirName: PyValue): PyValue {
    if (this.inCwd(dirName)) {
      const item = this.currentDir.getItem(dirName);
      if (item instanceof FsDir) {
        if (item.contents.size > 0) {
          return dict({ error: `rmdir: cannot remove '${pyStr(dirName)}': Directory not empty` });
        }
        this.currentDir.contents.delete(dirName);
        return dict({ result: `'${pyStr(dirName)}' removed` });
      }
      return dict({ error: `rmdir: cannot remove '${pyStr(dirName)}': Not a directory` });
    }
    return dict({ error: `rmdir: cannot remove '${pyStr(dirName)}': No such file or directory` });
  }

  cp(source: PyValue, destination: PyValue): PyValue {
    if (!this.inCwd(source)) return dict({ error: `cp: cannot copy '${pyStr(source)}': No such file or directory` });
    const item = this.currentDir.getItem(source);
    if (!(item instanceof FsFile || item instanceof FsDir)) {
      return dict({ error: `cp: cannot copy '${pyStr(source)}': Not a file or directory` });
    }
    if (pyIn("/", destination)) {
      return dict({ error: "cp: path not allowed in destination. Provide only a file or directory name." });
    }
    const src = pyStr(source);
    const dst = pyStr(destination);
    const shallowCopy = (d: PyDict) => PyDict.from(d.entries());
    if (this.inCwd(destination)) {
      const destItem = this.currentDir.getItem(destination);
      if (destItem instanceof FsDir) {
        // BFCL checks f"{destination}/{source}" (never a key), so an existing name raises in _add_file.
        if (destItem.has(pyAdd(pyAdd(destination, "/"), source))) {
          return dict({ error: `cp: cannot copy '${src}' to '${dst}/${src}': File exists` });
        }
        if (item instanceof FsFile) destItem.addFile(source, item.content);
        else {
          destItem.addDirectory(source);
          (destItem.getItem(source) as FsDir).contents = shallowCopy(item.contents);
        }
        return dict({ result: `'${src}' copied to '${dst}/${src}'` });
      }
      return dict({ error: `cp: cannot copy '${src}' to '${dst}': Not a directory` });
    }
    if (item instanceof FsFile) this.currentDir.addFile(destination, item.content);
    else {
      this.currentDir.addDirectory(destination);
      (this.currentDir.getItem(destination) as FsDir).contents = shallowCopy(item.contents);
    }
    return dict({ result: `'${src}' copied to '${dst}'` });
  }

  // -------------------------------------------------------------------------

  readonly methods: MethodTable = {
    cat: method(["file_name"], (a) => this.cat(a)),
    cd: method(["folder"], (a) => this.cd(a)),
    cp: method(["source", "destination"], (a, b) => this.cp(a, b)),
    diff: method(["file_name1", "file_name2"], (a, b) => this.diff(a, b)),
    du: method([["human_readable", false]], (a) => this.du(a)),
    echo: method(["content", ["file_name", null]], (a, b) => this.echo(a, b)),
    find: method([["path", "."], ["name", null]], (a, b) => this.find(a, b)),
    grep: method(["file_name", "pattern"], (a, b) => this.grep(a, b)),
    ls: method([["a", false]], (a) => this.ls(a)),
    mkdir: method(["dir_name"], (a) => this.mkdir(a)),
    mv: method(["source", "destination"], (a, b) => this.mv(a, b)),
    pwd: method([], () => this.pwd()),
    rm: method(["file_name"], (a) => this.rm(a)),
    rmdir: method(["dir_name"], (a) => this.rmdir(a)),
    sort: method(["file_name"], (a) => this.sort(a)),
    tail: method(["file_name", ["lines", 10]], (a, b) => this.tail(a, b)),
    touch: method(["file_name"], (a) => this.touch(a)),
    wc: method(["file_name", ["mode", "l"]], (a, b) => this.wc(a, b)),
  };

  snapshot(): unknown {
    const dump = (d: FsDir): unknown => {
      const contents: Record<string, unknown> = {};
      for (const [name, item] of d.entries()) {
        contents[pyStr(name)] =
          item instanceof FsDir
            ? { type: "directory", contents: (dump(item) as { contents: unknown }).contents }
            : { type: "file", content: toPlain(item.content) };
      }
      return { type: "directory", contents };
    };
    let cwd: string[] = [];
    for (let d: FsDir | null = this.currentDir; d; d = d.parent) cwd.push(pyStr(d.name));
    cwd = cwd.reverse();
    return { root: { [pyStr(this.root.name)]: dump(this.root) }, current_dir: "/" + cwd.join("/") };
  }
}
