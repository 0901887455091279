/**
 * Parses BFCL's ground-truth calls, written in Python call syntax: `mv(source='a', destination='b')`,
 * `sort('final_report.pdf')`, `ls(a=True)`. Literals: strings in both quote styles with escapes,
 * ints, floats, True/False/None, lists, tuples, dicts, negative numbers.
 */
export interface PythonCall {
  name: string;
  positional: unknown[];
  keywords: Record<string, unknown>;
  /** Keyword values that were Python floats (so `5.0` stays a float to a type-aware writer). */
  floatKeywords: string[];
}

export class PythonSyntaxError extends Error {}

class Parser {
  private i = 0;
  floats = new Set<unknown>();
  constructor(private readonly src: string) {}

  fail(message: string): never {
    throw new PythonSyntaxError(`${message} at offset ${this.i} in ${JSON.stringify(this.src)}`);
  }

  ws(): void {
    while (this.i < this.src.length && /\s/.test(this.src[this.i])) this.i++;
  }

  peek(): string {
    this.ws();
    return this.src[this.i] ?? '';
  }

  eat(ch: string): void {
    if (this.peek() !== ch) this.fail(`expected "${ch}"`);
    this.i++;
  }

  done(): boolean {
    this.ws();
    return this.i >= this.src.length;
  }

  identifier(): string {
    this.ws();
    const m = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(this.src.slice(this.i));
    if (!m) this.fail('expected a name');
    this.i += m[0].length;
    return m[0];
  }

  value(): unknown {
    const c = this.peek();
    if (c === "'" || c === '"') return this.string();
    if (c === '[') return this.sequence('[', ']');
    if (c === '(') return this.sequence('(', ')');
    if (c === '{') return this.dict();
    if (c === '-' || c === '+' || c === '.' || /[0-9]/.test(c)) return this.number();
    const word = this.identifier();
    if (word === 'True') return true;
    if (word === 'False') return false;
    if (word === 'None') return null;
    this.fail(`unsupported expression "${word}"`);
  }

  string(): string {
    // Adjacent literals concatenate, as in Python.
    let out = '';
    while (this.peek() === "'" || this.peek() === '"') {
      const quote = this.src[this.i];
      const triple = this.src.startsWith(quote.repeat(3), this.i);
      const close = triple ? quote.repeat(3) : quote;
      this.i += close.length;
      for (;;) {
        if (this.i >= this.src.length) this.fail('unterminated string');
        if (this.src.startsWith(close, this.i)) {
          this.i += close.length;
          break;
        }
        const ch = this.src[this.i];
        if (ch === '\\') {
          const n = this.src[this.i + 1];
          const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', '0': '\0', '\n': '' };
          if (n in simple) {
            out += simple[n];
            this.i += 2;
          } else if (n === 'x' || n === 'u') {
            const len = n === 'x' ? 2 : 4;
            const hex = this.src.slice(this.i + 2, this.i + 2 + len);
            if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== len) this.fail('bad escape');
            out += String.fromCharCode(parseInt(hex, 16));
            this.i += 2 + len;
          } else {
            out += ch + n;
            this.i += 2;
          }
        } else {
          out += ch;
          this.i++;
        }
      }
    }
    return out;
  }

  number(): number {
    this.ws();
    const m = /^[+-]?(\d[\d_]*)?(\.\d*)?([eE][+-]?\d+)?/.exec(this.src.slice(this.i));
    if (!m || m[0] === '' || m[0] === '-' || m[0] === '+') this.fail('bad number');
    this.i += m[0].length;
    const n = Number(m[0].replace(/_/g, ''));
    if (!Number.isFinite(n)) this.fail('bad number');
    return n;
  }

  sequence(open: string, close: string): unknown[] {
    this.eat(open);
    const out: unknown[] = [];
    while (this.peek() !== close) {
      out.push(this.value());
      if (this.peek() === ',') this.i++;
      else break;
    }
    this.eat(close);
    return out;
  }

  dict(): Record<string, unknown> {
    this.eat('{');
    const out: Record<string, unknown> = {};
    while (this.peek() !== '}') {
      const key = this.value();
      if (typeof key !== 'string' && typeof key !== 'number') this.fail('dict keys must be strings or numbers');
      this.eat(':');
      out[String(key)] = this.value();
      if (this.peek() === ',') this.i++;
      else break;
    }
    this.eat('}');
    return out;
  }

  call(): PythonCall {
    const name = this.identifier();
    this.eat('(');
    const positional: unknown[] = [];
    const keywords: Record<string, unknown> = {};
    const floatKeywords: string[] = [];
    while (this.peek() !== ')') {
      const save = this.i;
      const kw = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=(?!=)/.exec(this.src.slice(this.i));
      if (kw) {
        this.i += kw[0].length;
        if (kw[1] in keywords) this.fail(`keyword argument repeated: ${kw[1]}`);
        const start = this.i;
        keywords[kw[1]] = this.value();
        if (typeof keywords[kw[1]] === 'number' && /[.eE]/.test(this.src.slice(start, this.i))) floatKeywords.push(kw[1]);
      } else {
        if (Object.keys(keywords).length > 0) this.fail('positional argument follows keyword argument');
        this.i = save;
        positional.push(this.value());
      }
      if (this.peek() === ',') this.i++;
      else break;
    }
    this.eat(')');
    if (!this.done()) this.fail('unexpected text after the call');
    return { name, positional, keywords, floatKeywords };
  }
}

export function parsePythonCall(src: string): PythonCall {
  return new Parser(src.trim()).call();
}

/** Names positional arguments after the function's parameter order. Throws on wrong arity. */
export function bindArguments(call: PythonCall, paramOrder: string[]): Record<string, unknown> {
  if (call.positional.length > paramOrder.length) {
    throw new PythonSyntaxError(`${call.name}() takes ${paramOrder.length} positional arguments but ${call.positional.length} were given`);
  }
  const args: Record<string, unknown> = {};
  call.positional.forEach((v, i) => (args[paramOrder[i]] = v));
  for (const [k, v] of Object.entries(call.keywords)) {
    if (k in args) throw new PythonSyntaxError(`${call.name}() got multiple values for argument '${k}'`);
    args[k] = v;
  }
  return args;
}
