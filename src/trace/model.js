// labs trace --html's model: the recorded trace (src/trace/page.rs documents its encoding)
// decoded, and the search replayed step by step, with neither a document nor a window: page.js
// only draws what it says. Of every step it says all that `labs trace --json` says (`record`),
// and the tests of the page hold the two equal at every step of several searches, the model run
// with no DOM in reach (tests/toolkit/page.rs).
'use strict';
const LabsModel = (function () {
  const PLACE = 1, REMOVE = 2, REJECT = 3, SOLUTION = 4;
  const EVENT = { [PLACE]: 'place', [REMOVE]: 'remove', [REJECT]: 'reject', [SOLUTION]: 'solution' };
  // A refusal's line, as `labs trace --json` names it in `why`.
  const WHY = { c: 'column', d: 'diagonal', a: 'anti-diagonal', w: 'row' };
  // The tag of the listing's line that tests each flag.
  const FLAG_LINE = { R: 'w', C: 'c', D: 'd', A: 'a' };

  /**
   * The trace decoded: its boards (one per variant, their steps split), and what all of them
   * share, being the same tree: each step's kind, row and column, read off the first board; after
   * step k (k = 0 is the empty board) the nodes, solutions, depth and each board's probes; each
   * place step's remove and each remove's place (`mate`, -1 while the search never came back);
   * the nodes per level of the whole trace.
   */
  function decode(trace) {
    const n = trace.n;
    const boards = trace.boards.map(function (b) {
      const lineOf = {};
      b.code.forEach(function (l, i) { for (const t of l[2]) lineOf[t] = i; });
      return {
        algo: b.algo, caption: b.caption, unit: b.unit, steps: b.steps === '' ? [] : b.steps.split(';'),
        code: b.code, lineOf: lineOf, flags: b.flags, boardName: b.board, shape: b.shape, masks: b.masks,
        frame: b.frame,
      };
    });
    const total = boards[0].steps.length;
    const kind = new Uint8Array(total), row = new Int16Array(total), col = new Int16Array(total);
    const nodes = new Float64Array(total + 1), solutions = new Float64Array(total + 1);
    const depth = new Int32Array(total + 1);
    nodes[0] = 1;
    const finalLevels = new Float64Array(n + 1);
    finalLevels[0] = 1;
    for (let i = 0; i < total; i++) {
      const head = boards[0].steps[i].split(' ', 1)[0];
      const k = head[0];
      kind[i] = k === 'p' ? PLACE : k === 'x' ? REMOVE : k === 's' ? SOLUTION : REJECT;
      if (kind[i] !== SOLUTION) {
        const dot = head.indexOf('.');
        row[i] = +head.slice(1, dot);
        // A program's own step may carry its source line after the square: `p3.5@12`.
        col[i] = parseInt(head.slice(dot + 1), 10);
      }
      nodes[i + 1] = nodes[i] + (kind[i] === PLACE ? 1 : 0);
      solutions[i + 1] = solutions[i] + (kind[i] === SOLUTION ? 1 : 0);
      depth[i + 1] = depth[i] + (kind[i] === PLACE ? 1 : kind[i] === REMOVE ? -1 : 0);
      if (kind[i] === PLACE) finalLevels[depth[i + 1]] += 1;
    }
    const mate = new Int32Array(total).fill(-1);
    const open = [];
    for (let i = 0; i < total; i++) {
      if (kind[i] === PLACE) open.push(i);
      else if (kind[i] === REMOVE) {
        const j = open.pop();
        mate[i] = j;
        mate[j] = i;
      }
    }
    for (const b of boards) {
      b.probes = new Float64Array(total + 1);
      for (let i = 0; i < total; i++) b.probes[i + 1] = b.probes[i] + cost(b.steps[i]);
    }
    return {
      n: n, complete: trace.complete, boards: boards, total: total, kind: kind, row: row, col: col,
      nodes: nodes, solutions: solutions, depth: depth, mate: mate, finalLevels: finalLevels,
    };
  }

  /** The probes of one encoded step, as [tag, index] pairs, runs expanded. */
  function probesOf(step) {
    const found = [];
    const tokens = step.split(' ');
    for (let t = 1; t < tokens.length; t++) {
      const tag = tokens[t][0];
      const parts = tokens[t].slice(1).split(':');
      const start = +parts[0], stride = parts.length > 1 ? +parts[1] : 0, count = parts.length > 1 ? +parts[2] : 1;
      for (let j = 0; j < count; j++) found.push([tag, start + j * stride]);
    }
    return found;
  }

  /** How many probes one encoded step made. */
  function cost(step) {
    let sum = 0;
    let at = step.indexOf(' ');
    while (at >= 0) {
      const next = step.indexOf(' ', at + 1);
      const token = step.slice(at + 1, next < 0 ? undefined : next);
      const parts = token.split(':');
      sum += parts.length > 1 ? +parts[2] : 1;
      at = next;
    }
    return sum;
  }

  /**
   * The line (from 0) of b's listing on which each probe of step i is examined, in order: what
   * `labs trace --json` gives as `checks` (src/trace/listing.rs, `checks`). A flag on the line
   * that tests it; naive's column, then every square of the board on its diagonal's line (or its
   * inner loop's); kruse's and bordered's squares by the side of the square tried they lie on,
   * the frame square that ends one of bordered's walks on its loop's line; bits's one mask read.
   */
  function checksOf(m, b, i) {
    if (i < 0 || i >= m.total) return [];
    const n = m.n, r = m.row[i], c = m.col[i];
    return probesOf(b.steps[i]).map(function (p, k) {
      const tag = p[0], at = p[1];
      let line;
      if (FLAG_LINE[tag]) line = FLAG_LINE[tag];
      else if (tag === 'm') line = 'c';
      else if (b.algo === 'naive') {
        const y = Math.floor(at / n), x = at % n;
        line = k < n ? 'c' : x + r === y + c ? 'd' : x + y === r + c ? 'a' : 'v';
      } else {
        const framed = tag === 'f', width = framed ? n + 2 : n;
        const y = Math.floor(at / width), x = at % width, centre = c + (framed ? 1 : 0);
        line = x < centre ? 'd' : x === centre ? 'c' : 'a';
        if (framed && (x === 0 || x === n + 1 || y === 0)) line = line.toUpperCase();
      }
      return b.lineOf[line];
    });
  }

  /** The line (from 0) of b's listing that step i stands on, or -1 (before the first step). */
  function lineAt(m, b, i) {
    if (i < 0) return -1;
    // A program's own step names its line itself (`@12`, from 1), or none.
    if (b.algo === 'own') {
      const at = b.steps[i].indexOf('@');
      return at < 0 ? -1 : parseInt(b.steps[i].slice(at + 1), 10) - 1;
    }
    const k = m.kind[i];
    const tag = k === PLACE ? 'p' : k === REMOVE ? 'x' : k === SOLUTION ? 's' : b.steps[i][0];
    return b.lineOf[tag] === undefined ? -1 : b.lineOf[tag];
  }

  /**
   * b's call stack with `queens` (per row, -1 for none) on the board, outermost first, one frame
   * per call of its program's recursion, as `labs trace --json` gives it (`stack`;
   * src/trace/listing.rs): the rows above at their queens' columns and the row of the square
   * (r, c) at that column; after a solution (r < 0) the call past the last row. cell's calls are
   * one per square, up to (r, c).
   */
  function stackOf(m, b, queens, r, c) {
    const n = m.n;
    const fill = function (text, y, x, s) {
      return text.replace('{r1}', y + 1).replace('{c1}', x + 1).replace('{r}', y).replace('{c}', x).replace('{s}', s);
    };
    const frames = [];
    // A program's own stack is not known: it wrote only its steps.
    if (!b.frame.length) return frames;
    if (b.algo === 'cell') {
      const last = r < 0 ? n * n : r * n + c;
      let before = 0;
      for (let k = 0; k <= last; k++) {
        frames.push(fill(b.frame[0], Math.floor(k / n), k % n, before));
        if (k < n * n && queens[Math.floor(k / n)] === k % n) before += 1;
      }
      return frames;
    }
    const top = r < 0 ? n : r;
    for (let y = 0; y <= top; y++) {
      const x = y === top ? (r < 0 ? -1 : c) : queens[y];
      frames.push(x < 0 ? fill(b.frame[0], y, 0, 0) : fill(b.frame[0], y, x, 0) + ' ' + fill(b.frame[1], y, x, 0));
    }
    return frames;
  }

  /** b's call stack at step i, with `queens` as that step left them (none before the first). */
  function stackAt(m, b, queens, i) {
    if (i < 0) return [];
    return m.kind[i] === SOLUTION ? stackOf(m, b, queens, -1, -1) : stackOf(m, b, queens, m.row[i], m.col[i]);
  }

  /** The index of the flag of (r, c) in the flag array f. */
  function flagIndex(m, f, r, c) {
    return f.at[0] * r + f.at[1] * c + f.at[2] * m.n;
  }

  /**
   * The values of b's structures with `queens` on the board, as [name, value] pairs
   * (src/trace/listing.rs says how): each flag array as its bits, bits's row and masks (column n -
   * 1 first), the board a string of rows separated by `/` (`#` its frame), kruse's count.
   */
  function valuesOf(m, b, queens) {
    const n = m.n;
    const placed = [];
    for (let r = 0; r < n; r++) if (queens[r] >= 0) placed.push([r, queens[r]]);
    // A program's own structures are not known: it wrote only its steps.
    if (b.shape === 'none') return [];
    if (b.shape === 'flags') {
      return b.flags.map(function (f) {
        const bits = new Array(f.len[0] * n + f.len[1]).fill('0');
        for (const [r, c] of placed) bits[flagIndex(m, f, r, c)] = '1';
        return [f.name, bits.join('')];
      });
    }
    if (b.shape === 'masks') {
      const masks = [0n, 0n, 0n];
      for (const [r, c] of placed) {
        const down = BigInt(placed.length - r), bit = 1n << BigInt(c);
        masks[0] |= bit;
        masks[1] |= bit << down;
        masks[2] |= bit >> down;
      }
      const binary = function (mask) {
        let text = '';
        for (let c = n - 1; c >= 0; c--) text += (mask >> BigInt(c)) & 1n ? '1' : '0';
        return text;
      };
      return [['row', String(placed.length)]].concat(b.masks.map(function (name, k) { return [name, binary(masks[k])]; }));
    }
    const frame = b.shape === 'framed' ? 1 : 0, side = n + 2 * frame;
    const rows = [];
    for (let i = 0; i < side; i++) {
      let text = '';
      for (let j = 0; j < side; j++) {
        const inside = i >= frame && j >= frame && i < n + frame && j < n + frame;
        text += !inside ? '#' : queens[i - frame] === j - frame ? 'Q' : '.';
      }
      rows.push(text);
    }
    const board = [b.boardName, rows.join('/')];
    return b.shape === 'counted' ? [['count', String(placed.length)], board] : [board];
  }

  /** What one probe read, in the listing's names (as `labs trace --json` writes it). */
  function readOf(m, b, tag, at) {
    const n = m.n;
    if (tag === 's') return b.boardName + '[' + Math.floor(at / n) + '][' + at % n + ']';
    if (tag === 'f') return b.boardName + '[' + Math.floor(at / (n + 2)) + '][' + at % (n + 2) + ']';
    if (tag === 'm') return 'free';
    const f = b.flags.find(function (f) { return f.tag === tag; });
    return f.name + '[' + flagIndex(m, f, Math.floor(at / n), at % n) + ']';
  }

  /** What the first `count` probes of one encoded step read (all of them without `count`). */
  function readsOf(m, b, step, count) {
    return probesOf(step).slice(0, count || undefined).map(function (p) { return readOf(m, b, p[0], p[1]); });
  }

  /**
   * The search tree's node of step i with `queens` as it left them, as `labs trace --json` names
   * it: the path of squares `row.col` from the root, the square refused or removed last.
   */
  function nodeOf(m, queens, i) {
    const path = [];
    for (let r = 0; r < m.n; r++) if (queens[r] >= 0) path.push(r + '.' + queens[r]);
    if (m.kind[i] === REJECT || m.kind[i] === REMOVE) path.push(m.row[i] + '.' + m.col[i]);
    return path.join(' ');
  }

  /**
   * A replay of the model's search: the queens per row (-1 for none), the nodes per level so far,
   * and `current`, the steps made (0: the empty board).
   */
  function Replay(m) {
    this.m = m;
    this.queens = new Int16Array(m.n).fill(-1);
    this.levels = new Float64Array(m.n + 1);
    this.levels[0] = 1;
    this.current = 0;
  }
  /** Makes the next step, if there is one. */
  Replay.prototype.forward = function () {
    const m = this.m, i = this.current;
    if (i >= m.total) return;
    if (m.kind[i] === PLACE) {
      this.queens[m.row[i]] = m.col[i];
      this.levels[m.depth[i + 1]] += 1;
    } else if (m.kind[i] === REMOVE) {
      this.queens[m.row[i]] = -1;
    }
    this.current += 1;
  };
  /** Takes the last step back, if one was made. */
  Replay.prototype.backward = function () {
    const m = this.m, i = this.current - 1;
    if (i < 0) return;
    if (m.kind[i] === PLACE) {
      this.queens[m.row[i]] = -1;
      this.levels[m.depth[i + 1]] -= 1;
    } else if (m.kind[i] === REMOVE) {
      this.queens[m.row[i]] = m.col[i];
    }
    this.current -= 1;
  };
  /** Goes to step `target` (clamped to the trace), from the start when that is shorter. */
  Replay.prototype.seek = function (target) {
    target = Math.max(0, Math.min(this.m.total, Math.floor(target)));
    if (target < this.current && this.current - target > target) {
      this.queens.fill(-1);
      this.levels.fill(0);
      this.levels[0] = 1;
      this.current = 0;
    }
    while (this.current < target) this.forward();
    while (this.current > target) this.backward();
  };

  /**
   * The last step the replay made, for the board b, as one line of `labs trace --json` says it:
   * the step, its event and square, why it was refused, its probes, what they read and on which
   * lines (from 1), the call stack, its line, its tree node and the values of b's structures;
   * `null` before the first step, which no line stands for.
   */
  function record(m, b, replay) {
    if (replay.current < 1) return null;
    const i = replay.current - 1, k = m.kind[i], queens = replay.queens, step = b.steps[i];
    const fromOne = function (line) { return line + 1; };
    return {
      step: i + 1,
      event: EVENT[k],
      square: k === SOLUTION ? null : [m.row[i], m.col[i]],
      why: k === REJECT ? WHY[step[0]] : null,
      probes: b.probes[i + 1] - b.probes[i],
      reads: readsOf(m, b, step),
      checks: checksOf(m, b, i).map(fromOne),
      stack: stackAt(m, b, queens, i),
      line: fromOne(lineAt(m, b, i)),
      node: nodeOf(m, queens, i),
      values: Object.fromEntries(valuesOf(m, b, queens)),
    };
  }

  return {
    PLACE: PLACE, REMOVE: REMOVE, REJECT: REJECT, SOLUTION: SOLUTION,
    decode: decode, probesOf: probesOf, checksOf: checksOf, lineAt: lineAt, stackAt: stackAt, stackOf: stackOf,
    valuesOf: valuesOf, readOf: readOf, readsOf: readsOf, nodeOf: nodeOf, Replay: Replay, record: record,
  };
})();
