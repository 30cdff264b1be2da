// labs trace --html: draws the replay of the steps a variant reported, as src/trace/model.js
// decodes and replays them from what src/trace/page.rs recorded. Nothing here searches or
// replays: every square, queen and count shown comes from the model. The board shown is always
// described by the data attributes of #state (and #state-vs for the second variant), which the
// tests read. Every word shown comes from `trace.words`, in the page's language
// (src/trace/words.rs).
'use strict';
(function () {
  document.documentElement.classList.add('js');
  const trace = JSON.parse(document.getElementById('trace').textContent);
  const W = trace.words;
  const n = trace.n;
  const SIZE = 40; // one square, in SVG units
  const SVG = 'http://www.w3.org/2000/svg';
  const SPEEDS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 5000]; // steps per second

  /** The text of `key`, its `{name}`s filled in from `vars`. */
  function say(key, vars) {
    return W[key].replace(/\{(\w+)\}/g, function (_, name) { return vars[name]; });
  }
  /** `k` and the noun `key` (`steps`, `unit.square`, …) in the singular or plural. */
  function counted(k, key) {
    return say(key + (k === 1 ? '.one' : '.other'), { k: k });
  }

  // The model (src/trace/model.js): the steps decoded, and the replay that moves through them.
  // Everything below only draws what it says.
  const M = LabsModel;
  const model = M.decode(trace);
  const PLACE = M.PLACE, REMOVE = M.REMOVE, REJECT = M.REJECT, SOLUTION = M.SOLUTION;
  const boards = model.boards.slice(), total = model.total, kind = model.kind, row = model.row, col = model.col;
  const nodes = model.nodes, solutions = model.solutions, depth = model.depth, mate = model.mate;
  const finalLevels = model.finalLevels;
  const replay = new M.Replay(model);
  // The board being shown: queens per row (-1 for none), and nodes per level.
  const queens = replay.queens, levels = replay.levels;
  // Each board's model and replay: the page's own for the variants of one tree.
  for (const b of boards) {
    b.m = model;
    b.replay = replay;
  }
  // `labs trace --own`: the program's own steps are the page's; with --vs the variant beside them
  // walks its own tree, with its own model and replay, kept where its place/remove stream
  // stands with the program's (`aligned`), and the first difference marked on both.
  const own = trace.own || null;
  const versus = own && own.vs ? M.decode({ n: n, complete: own.vs.complete, boards: [own.vs.board] }) : null;
  if (versus) {
    const b = versus.boards[0];
    b.m = versus;
    b.replay = new M.Replay(versus);
    boards.push(b);
  }
  /** The steps (from 0) of m's place and remove events, in order. */
  function moves(m) {
    const at = [];
    for (let j = 0; j < m.total; j++) if (m.kind[j] === PLACE || m.kind[j] === REMOVE) at.push(j);
    return at;
  }
  const ownMoves = own ? moves(model) : [], versusMoves = versus ? moves(versus) : [];
  // The program's place and remove events made by each of its steps.
  const movesBy = new Int32Array(total + 1);
  for (let j = 0; j < total; j++) movesBy[j + 1] = movesBy[j] + (kind[j] === PLACE || kind[j] === REMOVE ? 1 : 0);
  /**
   * The variant's step that stands where the program's step s does: just after its own place or
   * remove of the same index (and the solution that follows it), its refusals before it made.
   */
  function aligned(s) {
    const k = movesBy[s];
    if (k === 0) return 0;
    if (k > versusMoves.length) return versus.total;
    const t = versusMoves[k - 1] + 1;
    return t < versus.total && versus.kind[t] === SOLUTION ? t + 1 : t;
  }
  // The first difference (K from 1 over place and remove events): the step of each side's K-th
  // event, -1 where that side had ended; `differsAt` the program's step that shows it.
  const K = own && own.index ? own.index : 0;
  const ownDiffers = K && K <= ownMoves.length ? ownMoves[K - 1] : -1;
  const versusDiffers = K && versus && K <= versusMoves.length ? versusMoves[K - 1] : -1;
  const differsAt = !K ? -1 : ownDiffers >= 0 ? ownDiffers + 1 : total;
  const probesOf = M.probesOf;
  /** The lines (from 0) on which b's checks of step i are made. */
  function checksOf(b, i) { return M.checksOf(b.m, b, i); }
  /** What one of b's probes read. */
  function readOf(b, tag, at) { return M.readOf(b.m, b, tag, at); }

  // The fine mode: every check a sub-step. `sub` checks of the next step (replay.current) are shown.
  let fine = false, sub = 0;
  // The presenter's screen: board, caption, code, call stack and the tree's path on one screen.
  let presenting = false;
  /** How many sub-steps the next step has: the most checks any board of the page's tree makes for it. */
  function subSteps() {
    if (replay.current >= total) return 0;
    return Math.max.apply(null, boards.map(function (b) { return b.replay === replay ? checksOf(b, replay.current).length : 0; }));
  }

  /**
   * What b shows after its step i: in the fine mode, within the next step's checks, how many of
   * them are made so far (else 0), and the encoded step they or the step made belong to.
   */
  function shownStep(b, i) {
    const checks = fine && sub > 0 && b.replay === replay ? Math.min(sub, checksOf(b, replay.current).length) : 0;
    return [checks, checks ? b.steps[replay.current] : i >= 0 ? b.steps[i] : ''];
  }

  function seek(target) {
    sub = 0;
    replay.seek(target);
    render();
  }

  // Drawing. The board's squares are SIZE units; around them the coordinates (and bordered's
  // frame), and below them a band for the banner, so that no banner covers a queen.
  function el(name, attrs, parent, text) {
    const e = document.createElementNS(SVG, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    if (parent) parent.appendChild(e);
    return e;
  }

  const side = n * SIZE;
  const framed = boards.some(function (b) { return b.algo === 'bordered'; });
  const frame = framed ? SIZE : 0;
  // The coordinates' font size: a seventh of a square's width and more, so that on a board as
  // small as a projector's --vs lane leaves (280 px at 1024×768) they are still 16 px.
  const label = Math.max(12, side / 14);
  const margin = frame + 1.6 * label;
  const band = Math.max(16, Math.min(40, side / 9));
  const width = side + 2 * margin;
  const height = side + 2 * margin + band;
  const holder = document.getElementById('boards');
  holder.style.setProperty('--k', boards.length);
  holder.classList.toggle('vs', boards.length > 1);
  // The board keeps its shape whatever the lane's size: page.css sizes it from this ratio.
  holder.style.setProperty('--ratio', width / height);

  // A lane per variant: the board, and beside it (under it on a phone) the step's words, the
  // probes, then the program and the data, built below with the panes.
  for (const b of boards) {
    const section = document.createElement('section');
    section.className = 'board';
    section.dataset.algo = b.algo;
    const picture = document.createElement('div');
    picture.className = 'picture';
    section.appendChild(picture);
    b.side = document.createElement('div');
    b.side.className = 'side';
    section.appendChild(b.side);
    const title = document.createElement('h2');
    title.textContent = b.caption;
    b.side.appendChild(title);
    b.svg = el('svg', { viewBox: (-margin) + ' ' + (-margin) + ' ' + width + ' ' + height, role: 'img' }, picture);
    if (b.algo === 'bordered') {
      for (let i = 0; i < n + 2; i++) {
        for (let j = 0; j < n + 2; j++) {
          if (i === 0 || j === 0 || i === n + 1 || j === n + 1) {
            el('rect', { x: (j - 1) * SIZE, y: (i - 1) * SIZE, width: SIZE, height: SIZE, class: 'frame' }, b.svg);
          }
        }
      }
    }
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        el('rect', { x: c * SIZE, y: r * SIZE, width: SIZE, height: SIZE, class: (r + c) % 2 ? 'dark' : 'light' }, b.svg);
      }
    }
    // Row numbers on the left, column numbers on top: (row, col) from 0, as every caption says.
    for (let k = 0; k < n; k++) {
      const at = k * SIZE + SIZE / 2, off = -frame - 0.8 * label;
      el('text', { class: 'coord', x: at, y: off, 'font-size': label, 'data-col': k }, b.svg, k);
      el('text', { class: 'coord', x: off, y: at, 'font-size': label, 'data-row': k }, b.svg, k);
    }
    b.overlay = el('g', {}, b.svg);
    b.lines = el('g', {}, b.svg);
    b.queens = [];
    for (let r = 0; r < n; r++) {
      b.queens.push(el('text', { class: 'queen', y: r * SIZE + SIZE / 2, display: 'none' }, b.svg, '♛'));
    }
    b.badges = el('g', {}, b.svg);
    b.marks = el('g', {}, b.svg);
    b.banner = el('text', { class: 'banner', x: side / 2, y: side + frame + band / 2 + 2 }, b.svg);
    const caption = document.createElement('p');
    caption.className = 'caption';
    b.caption = caption;
    b.side.appendChild(caption);
    const tally = document.createElement('p');
    tally.className = 'probes';
    tally.append(W.probes + ': ');
    b.tally = document.createElement('b');
    tally.appendChild(b.tally);
    // A program's own steps read nothing the page knows of.
    tally.hidden = b.algo === 'own';
    b.side.appendChild(tally);
    // The presenter's screen: the tree's path from the root to the step's node, in words.
    b.path = document.createElement('p');
    b.path.className = 'path';
    b.side.appendChild(b.path);
    holder.appendChild(section);
  }

  function square(g, r, c, cls) {
    return el('rect', { x: c * SIZE, y: r * SIZE, width: SIZE, height: SIZE, class: cls }, g);
  }

  /**
   * A read square: a smaller square inside it, so the square's own colour still shows. One the
   * step read `times` > 1 times has a second ring inside and `×times` in its corner, drawn in
   * `badges` (above the queens, so that a queen never hides it).
   */
  function read(g, r, c, times, badges) {
    const inset = SIZE / 8;
    el('rect', { x: c * SIZE + inset, y: r * SIZE + inset, width: SIZE - 2 * inset, height: SIZE - 2 * inset, class: 'probe' }, g);
    if (!(times > 1)) return;
    const ring = 2 * inset;
    el('rect', { x: c * SIZE + ring, y: r * SIZE + ring, width: SIZE - 2 * ring, height: SIZE - 2 * ring, class: 'probe-again' }, g);
    // In the square's top right corner, over the edge of the read mark, clear of the inner ring.
    el('text', { class: 'again', x: (c + 1) * SIZE - 1.5, y: r * SIZE + 1.5 }, badges || g, '×' + times);
  }

  /**
   * How often the check of one encoded step read each place, in the listing's names (`readOf`):
   * a Map from name to times, in the order first read.
   */
  function timesRead(b, step) {
    const times = new Map();
    for (const [tag, at] of probesOf(step)) {
      const place = readOf(b, tag, at);
      times.set(place, (times.get(place) || 0) + 1);
    }
    return times;
  }

  /**
   * What the check of step i cost, in words: its probes as the document counts them and, where
   * it read a place more than once, how many different places and how many of them again.
   */
  function costOf(b, i, spent) {
    // bits reads a row's one mask before its first step; its other steps read nothing more.
    if (b.unit === 'mask' && spent === 0) return W['read.mask'];
    const count = counted(spent, 'unit.' + b.unit);
    const times = timesRead(b, b.steps[i]);
    if (times.size === spent) return say('read', { count: count });
    let again = 0;
    for (const t of times.values()) if (t > 1) again += 1;
    // Each place read again read exactly twice: the places read twice are the extra probes.
    const key = again === spent - times.size ? 'read.twice' : 'read.again';
    return say(key, { count: count, distinct: times.size, again: again });
  }

  /** The ends of the line of kind `tag` (R, C, D or A) through (r, c), as [r0, c0, r1, c1]. */
  function ends(tag, r, c) {
    if (tag === 'R') return [r, 0, r, n - 1];
    if (tag === 'C') return [0, c, n - 1, c];
    if (tag === 'D') {
      const back = Math.min(r, c), on = Math.min(n - 1 - r, n - 1 - c);
      return [r - back, c - back, r + on, c + on];
    }
    const back = Math.min(r, n - 1 - c), on = Math.min(n - 1 - r, c);
    return [r - back, c + back, r + on, c - on];
  }

  /** The line of kind `tag` through (r, c), drawn through the centres of its squares. */
  function line(g, tag, r, c, cls) {
    const [r0, c0, r1, c1] = ends(tag, r, c);
    const centre = function (k) { return k * SIZE + SIZE / 2; };
    // A line of one square is a dot: a short stroke with round caps.
    const dx = r0 === r1 && c0 === c1 ? 0.01 : 0;
    el('line', { x1: centre(c0), y1: centre(r0), x2: centre(c1) + dx, y2: centre(r1), class: cls }, g);
  }

  /** Whether (qr, qc) is on the line of kind `tag` through (r, c). */
  function onLine(tag, r, c, qr, qc) {
    return tag === 'R' ? qr === r : tag === 'C' ? qc === c : tag === 'D' ? qr - qc === r - c : qr + qc === r + c;
  }

  const ATTACK = { c: 'C', d: 'D', a: 'A', w: 'R' };

  /** What b's step i did, in words. */
  function describe(b, i) {
    if (i < 0) return '';
    const m = b.m, k = m.kind[i], r = m.row[i], c = m.col[i];
    // A program's own steps read nothing the page knows of.
    const cost = b.algo === 'own' ? '' : k === PLACE || k === REJECT ? ' — ' + costOf(b, i, b.probes[i + 1] - b.probes[i]) : '';
    if (k === PLACE) return say('place', { r: r, c: c }) + cost;
    if (k === REJECT && b.algo === 'own') return say('reject.own', { r: r, c: c });
    if (k === REJECT) return say('reject', { r: r, c: c, line: W['line.' + b.steps[i][0]] }) + cost;
    if (k === REMOVE) return say('remove', { r: r, c: c });
    return say('solution', { k: m.solutions[i + 1] });
  }

  function render() {
    for (const b of boards) if (b.replay !== replay) b.replay.seek(aligned(replay.current));
    for (const b of boards) {
      const m = b.m, queens = b.replay.queens, total = m.total, solutions = m.solutions, row = m.row, col = m.col;
      const i = b.replay.current - 1;
      const k = i >= 0 ? m.kind[i] : 0;
      const r = i >= 0 ? row[i] : -1, c = i >= 0 ? col[i] : -1;
      const ended = b.replay.current === total && m.complete && solutions[total] === 0;
      b.overlay.replaceChildren();
      b.lines.replaceChildren();
      b.marks.replaceChildren();
      b.badges.replaceChildren();
      b.svg.classList.remove('flash');
      const [checks, step] = shownStep(b, i);
      // What the check read, under the queens: lines for flags, rows for masks, squares, each
      // square once with how many times it was read.
      const squares = new Map();
      for (const [tag, at] of probesOf(step).slice(0, checks || undefined)) {
        if (tag === 's' || tag === 'f' || tag === 'm') {
          const key = tag + at;
          squares.set(key, [tag, at, (squares.has(key) ? squares.get(key)[2] : 0) + 1]);
        } else line(b.lines, tag, Math.floor(at / n), at % n, 'flag-line');
      }
      for (const [tag, at, times] of squares.values()) {
        if (tag === 's') read(b.overlay, Math.floor(at / n), at % n, times, b.badges);
        else if (tag === 'f') read(b.overlay, Math.floor(at / (n + 2)) - 1, (at % (n + 2)) - 1, times, b.badges);
        else for (let j = 0; j < n; j++) read(b.overlay, at, j, times, b.badges);
      }
      if (checks) square(b.marks, row[replay.current], col[replay.current], 'tried');
      else if (k === REJECT) {
        // A program's own refusal says no line: only its square is marked.
        const tag = ATTACK[step[0]];
        if (tag) line(b.lines, tag, r, c, 'attack');
        for (let q = 0; q < n; q++) {
          if (tag && queens[q] >= 0 && onLine(tag, r, c, q, queens[q])) {
            el('circle', { class: 'attacker', cx: queens[q] * SIZE + SIZE / 2, cy: q * SIZE + SIZE / 2, r: SIZE * 0.46 }, b.marks);
          }
        }
        el('text', { class: 'mark', x: c * SIZE + SIZE / 2, y: r * SIZE + SIZE / 2 }, b.marks, '✗');
      }
      if (!checks && (k === PLACE || k === REJECT)) square(b.marks, r, c, 'tried');
      if (!checks && k === REMOVE) square(b.marks, r, c, 'left');
      const at = [];
      for (let q = 0; q < n; q++) {
        b.queens[q].setAttribute('display', queens[q] < 0 ? 'none' : 'inline');
        if (queens[q] >= 0) {
          b.queens[q].setAttribute('x', queens[q] * SIZE + SIZE / 2);
          at.push('(' + q + ',' + queens[q] + ')');
        }
      }
      const banner = k === SOLUTION ? say('solution', { k: solutions[b.replay.current] }) : ended ? W['no-solution'] : '';
      b.banner.textContent = banner;
      // The banner's size follows the band, and shrinks to the board's width if it must.
      b.banner.setAttribute('font-size', Math.min(band * 0.8, (width - 8) / (0.62 * Math.max(1, banner.length))));
      if (k === SOLUTION) {
        void b.svg.getBoundingClientRect();
        b.svg.classList.add('flash');
      }
      const words = checks ? checkWords(b, checks) : describe(b, i);
      b.caption.textContent = words;
      b.tally.textContent = b.probes[b.replay.current];
      const placed = at.length ? say('board.queens', { list: at.join(' ') }) : W['board.none'];
      b.svg.setAttribute('aria-label', say('board', { algo: b.algo, k: b.replay.current, queens: placed, what: words || banner }));
    }
    const ended = replay.current === total && trace.complete && solutions[total] === 0;
    document.getElementById('step').textContent = replay.current;
    // The checks mode's sub-step: 40.2 is the second check after step 40.
    document.getElementById('sub').textContent = fine && sub > 0 ? '.' + sub : '';
    document.getElementById('nodes').textContent = nodes[replay.current];
    document.getElementById('solutions').textContent = solutions[replay.current];
    document.getElementById('depth').textContent = depth[replay.current];
    document.getElementById('goto').value = replay.current;
    document.getElementById('link').href = address();
    const now = replay.current === 0 ? W['now.empty']
      : replay.current === total ? (!trace.complete ? W['now.last'] : ended ? say('now.none', { n: n }) : W['now.end']) : '';
    document.getElementById('now').textContent = now;
    // The live region speaks when the replay stands still, not at every step of a play.
    if (timer === null) document.getElementById('spoken').textContent = boards.map(function (b) { return b.svg.getAttribute('aria-label'); }).join(' ');
    renderProfile();
    for (const t of trees) renderTree(t);
    for (const b of boards) {
      const squares = b.tree.node ? b.tree.node.split(' ').map(function (at) { return '(' + at.replace('.', ',') + ')'; }) : [];
      b.path.textContent = say('tree.path', { path: ['∅'].concat(squares).join(' → ') });
    }
    renderTimeline();
    for (const b of boards) renderPanes(b, b.replay.current - 1);
    boards.forEach(function (b, index) {
      const state = document.getElementById(index === 0 ? 'state' : 'state-vs');
      const m = b.m, at = b.replay.current;
      state.dataset.algo = b.algo;
      state.dataset.step = at;
      state.dataset.nodes = m.nodes[at];
      state.dataset.probes = b.probes[at];
      state.dataset.solutions = m.solutions[at];
      state.dataset.queens = b.replay.queens.join(',').replace(/-1/g, '-');
      state.dataset.depth = m.depth[at];
      state.dataset.total = m.total;
      state.dataset.playing = timer !== null;
      state.dataset.line = b.lit < 0 ? '' : b.lit + 1;
      state.dataset.next = b.next >= 0 ? b.next + 1 : '';
      state.dataset.node = b.tree.node;
      state.dataset.values = b.values;
      state.dataset.reads = b.reads;
      state.dataset.fine = fine;
      state.dataset.sub = sub;
      state.dataset.stack = b.stack;
      state.dataset.quiz = asked ? 'asking' : quizzing ? 'on' : 'off';
      state.dataset.ready = 'true';
    });
  }

  // The panes: each variant's program with the step's line lit and its structures with what the
  // step read; the search tree around the current path; the timeline of the whole search.
  for (const b of boards) {
    const section = document.createElement('section');
    section.className = 'pane';
    section.setAttribute('aria-label', say('pane', { algo: b.algo }));
    const code = document.createElement('ol');
    code.className = 'code';
    b.codeLines = b.code.map(function (l) {
      const li = document.createElement('li');
      const text = document.createElement('code');
      text.textContent = l[0];
      li.appendChild(text);
      if (l[1]) {
        const comment = document.createElement('span');
        comment.className = 'comment';
        comment.textContent = ' // ' + l[1];
        li.appendChild(comment);
      }
      code.appendChild(li);
      return li;
    });
    section.appendChild(code);
    // A program given as a command: no source to light its lines in.
    if (b.algo === 'own' && !b.code.length) {
      const none = document.createElement('p');
      none.className = 'note';
      none.id = 'source-none';
      none.textContent = W['source.none'];
      section.appendChild(none);
    }
    b.codeBox = code;
    b.data = document.createElement('div');
    b.data.className = 'data';
    section.appendChild(b.data);
    b.lit = -1;
    b.side.appendChild(section);
  }

  function renderPanes(b, i) {
    const m = b.m, queens = b.replay.queens, kind = m.kind, row = m.row, col = m.col;
    const [checks, step] = shownStep(b, i);
    const lit = checks ? checksOf(b, replay.current)[checks - 1] : M.lineAt(m, b, i);
    // A program's own `@LINE` may point past its source (or have none to point in).
    if (b.codeLines[b.lit]) b.codeLines[b.lit].classList.remove('lit', 'ran');
    if (b.codeLines[lit]) b.codeLines[lit].classList.add('lit');
    b.lit = lit;
    // The checks mode's arrows, as Python Tutor's: the line that just ran, and the next one (the
    // next check, or the line of the step those checks lead to).
    let next = -1;
    if (fine && b.replay === replay && replay.current < total) {
      const all = checksOf(b, replay.current);
      next = checks < all.length ? all[checks] : M.lineAt(m, b, replay.current);
    }
    if (b.codeLines[b.next]) b.codeLines[b.next].classList.remove('next');
    if (fine && b.codeLines[lit]) b.codeLines[lit].classList.add('ran');
    if (b.codeLines[next]) b.codeLines[next].classList.add('next');
    b.next = next;
    const reads = M.readsOf(m, b, step, checks);
    b.reads = reads.join(' ');
    const values = M.valuesOf(m, b, queens);
    b.values = JSON.stringify(Object.fromEntries(values));
    // Drawn: each structure with the places the step read marked, and the one that refused it.
    const read = new Set(reads);
    const refused = !checks && i >= 0 && kind[i] === REJECT;
    b.data.replaceChildren();
    for (const [name, value] of values) {
      const block = document.createElement('div');
      block.className = 'struct';
      const label = document.createElement('span');
      label.className = 'name';
      label.textContent = name;
      block.appendChild(label);
      const cells = document.createElement('span');
      cells.className = 'cells';
      const rows = value.split('/');
      const flag = b.flags.find(function (f) { return f.name === name; });
      const mask = b.shape === 'masks' && b.masks.indexOf(name) >= 0;
      // bits's masks as the board is drawn, column 0 on the left, under a row of the columns'
      // numbers: in binary (the values' text) column 0 is the last digit.
      if (mask && name === b.masks[0]) {
        const head = document.createElement('span');
        head.className = 'cell-row head';
        for (let k = 0; k < n; k++) {
          const cell = document.createElement('span');
          cell.className = 'cell head';
          cell.textContent = k;
          head.appendChild(cell);
        }
        cells.appendChild(head);
      }
      rows.forEach(function (value, r) {
        const text = mask ? [...value].reverse().join('') : value;
        const line = document.createElement('span');
        line.className = 'cell-row';
        for (let k = 0; k < text.length; k++) {
          const cell = document.createElement('span');
          cell.textContent = text[k];
          cell.className = 'cell' + (text[k] === '1' || text[k] === 'Q' ? ' on' : text[k] === '#' ? ' edge' : '');
          // Where this cell is, in the names `reads` uses.
          const here = flag ? name + '[' + k + ']' : mask ? 'free' : rows.length > 1 ? name + '[' + r + '][' + k + ']' : '';
          if (here && read.has(here)) cell.classList.add('read');
          if (flag) cell.title = name + '[' + k + ']';
          // bits refuses column c when bit c of a mask is set.
          if (mask && refused && k === col[i] && text[k] === '1') cell.classList.add('refused');
          line.appendChild(cell);
        }
        cells.appendChild(line);
      });
      block.appendChild(cells);
      b.data.appendChild(block);
    }
    if (b.shape === 'masks') {
      const note = document.createElement('p');
      note.className = 'note';
      note.textContent = W['masks.note'];
      b.data.appendChild(note);
    }
    // The call stack: at the square being checked, or at the step's.
    const frames = checks ? M.stackOf(m, b, queens, row[replay.current], col[replay.current]) : M.stackAt(m, b, queens, i);
    b.stack = frames.join(' | ');
    if (fine || presenting) {
      const box = document.createElement('div');
      box.className = 'stack';
      const title = document.createElement('span');
      title.className = 'name';
      title.textContent = W.stack;
      box.appendChild(title);
      const list = document.createElement('ol');
      const hidden = Math.max(0, frames.length - STACK_SHOWN);
      if (hidden) {
        const more = document.createElement('li');
        more.className = 'note';
        more.textContent = say('stack.more', { k: hidden });
        list.appendChild(more);
      }
      // bordered's calls count its framed board from 1, as its document does: each with its square from 0.
      const topX = checks ? col[replay.current] : i >= 0 && kind[i] !== SOLUTION ? col[i] : -1;
      // Each frame, as Python Tutor draws one: its call and its locals (its parameters, its loop
      // variable); a check made in a helper function is a frame of its own, with the loop
      // variables its read names; the frame that checks lists what it read so far, with the values.
      const calls = frames.map(function (frame) { return frameOf(b, frame); });
      const helper = checks ? helperFrame(b, lit, calls, reads) : null;
      if (helper) calls.push(helper);
      if (checks && calls.length) {
        calls[calls.length - 1].read = reads.map(function (read) { const v = valueOf(values, read); return v === null ? read : read + '=' + v; });
      }
      calls.forEach(function (frame, y) {
        if (y < hidden) return;
        const x = y < frames.length - 1 ? queens[y] : topX;
        const li = document.createElement('li');
        const call = document.createElement('span');
        call.className = 'call';
        call.textContent = b.shape === 'framed' && x >= 0 && y < n && y < frames.length ? frame.text + ' (' + y + ',' + x + ')' : frame.text;
        li.appendChild(call);
        li.dataset.call = frame.call;
        li.dataset.locals = frame.locals.map(function (v) { return v[0] + '=' + v[1]; }).join(' ');
        if (frame.locals.length) {
          const locals = document.createElement('span');
          locals.className = 'locals';
          locals.textContent = frame.locals.map(function (v) { return v[0] + ' = ' + v[1]; }).join(', ');
          li.appendChild(locals);
        }
        if (frame.read) {
          li.dataset.read = frame.read.join(' ');
          const read = document.createElement('span');
          read.className = 'locals read';
          read.textContent = say('stack.read', { list: frame.read.join(', ') });
          li.appendChild(read);
        }
        if (frame === helper) li.classList.add('helper');
        list.appendChild(li);
      });
      if (list.lastChild) list.lastChild.classList.add('top');
      box.appendChild(list);
      b.data.appendChild(box);
    }
    if (reads.length) {
      const note = document.createElement('p');
      note.className = 'note reads';
      const shown = reads.map(function (read) { return shownRead(b, read); });
      note.textContent = say('reads', { list: shown.length > 12 ? shown.slice(0, 12).join(' ') + ' …' : shown.join(' ') });
      b.data.appendChild(note);
    }
    if (b.codeLines[lit]) inView(b.codeBox, b.codeLines[lit]);
  }

  /**
   * A read as the page shows it: bordered's framed `a[i][j]` (from 1, as its document counts)
   * with its square from 0 beside it, or `#` for the frame.
   */
  function shownRead(b, read) {
    const at = b.shape === 'framed' && /^\w+\[(\d+)\]\[(\d+)\]$/.exec(read);
    if (!at) return read;
    const y = +at[1] - 1, x = +at[2] - 1;
    return read + (y >= 0 && x >= 0 && y < n && x < n ? ' (' + y + ',' + x + ')' : ' #');
  }
  /**
   * The functions of b's listing, each with its name, its parameters' names and its lines
   * [from, to): a function starts at a line that is not indented and opens a body.
   */
  function functionsOf(b) {
    if (b.functions) return b.functions;
    b.functions = [];
    b.code.forEach(function (l, k) {
      const head = /^[A-Za-z_][\w\s*]*?\b(\w+)\s*\(([^)]*)\)\s*\{/.exec(l[0]);
      if (!head) return;
      const last = b.functions[b.functions.length - 1];
      if (last) last.to = k;
      const params = head[2].split(',').map(function (p) { const name = /(\w+)\s*$/.exec(p.trim()); return name ? name[1] : ''; });
      b.functions.push({ name: head[1], params: params.filter(Boolean), from: k, to: b.code.length });
    });
    return b.functions;
  }
  /**
   * One frame of `labs trace --json`'s stack, `dfs(1) c=0`, as its call (`dfs(1)`) and its locals:
   * the parameters the listing names, bound to the call's numbers, then the `name=value`s after it.
   */
  function frameOf(b, frame) {
    const call = [], locals = [];
    for (const token of frame.split(' ')) {
      const named = /^(\w+)=(.+)$/.exec(token);
      if (named && call.length) locals.push([named[1], named[2]]);
      else call.push(token);
    }
    const text = call.join(' ').replace(/,$/, '');
    const head = /^(\w+)\((.*)\)$/.exec(text);
    const f = head && functionsOf(b).find(function (f) { return f.name === head[1]; });
    const args = head ? head[2].split(',').map(function (a) { return a.trim(); }) : [];
    const params = [];
    if (f && f.params.length === args.length) {
      args.forEach(function (a, k) { if (/^-?\d+$/.test(a)) params.push([f.params[k], a]); });
    }
    return { text: frame, call: text, locals: params.concat(locals) };
  }
  /**
   * The frame of a helper function the check on `line` runs in (naive's is_valid), called with
   * the square being checked, its loop variables bound by what its reads name (`queen[i][col]`
   * read as `queen[2][1]` makes i = 2); null where the check runs in the caller's own body.
   */
  function helperFrame(b, line, calls, reads) {
    const f = functionsOf(b).find(function (f) { return f.from <= line && line < f.to; });
    const top = calls[calls.length - 1];
    if (!f || !top || top.call.startsWith(f.name + '(')) return null;
    const r = row[replay.current], c = col[replay.current];
    const args = f.params.length === 2 ? [r, c] : [];
    const locals = args.map(function (a, k) { return [f.params[k], String(a)]; });
    const text = b.code[line][0];
    const bound = new Set(f.params);
    const last = reads[reads.length - 1];
    const at = last && /^(\w+)((?:\[\d+\])+)$/.exec(last);
    if (at) {
      const numbers = at[2].slice(1, -1).split('][');
      const used = new RegExp(at[1] + '((?:\\[[^\\]]+\\])+)').exec(text);
      if (used) {
        used[1].slice(1, -1).split('][').forEach(function (expr, k) {
          if (/^\w+$/.test(expr) && !bound.has(expr) && numbers[k] !== undefined) {
            bound.add(expr);
            locals.push([expr, numbers[k]]);
          }
        });
      }
    }
    const call = f.name + '(' + args.join(', ') + ')';
    return { text: call, call: call, locals: locals };
  }
  /** What the read `name[k]` or `name[i][j]` found in b's values (as `labs trace --json` writes them). */
  function valueOf(values, read) {
    const at = /^(\w+)\[(\d+)\](?:\[(\d+)\])?$/.exec(read);
    const value = at && values.find(function (v) { return v[0] === at[1]; });
    if (!value) return null;
    return at[3] === undefined ? value[1][+at[2]] : value[1].split('/')[+at[2]][+at[3]];
  }

  /** The caption of b's check `k` (from 1) of the next step. */
  function checkWords(b, k) {
    const p = probesOf(b.steps[replay.current])[k - 1];
    return say('check', { k: k, m: checksOf(b, replay.current).length, r: row[replay.current], c: col[replay.current], read: readOf(b, p[0], p[1]) });
  }
  // The innermost frames of a call stack shown; the others are counted.
  const STACK_SHOWN = 8;

  /** Scrolls `box` (never the page) so that its child `line` is in sight: centred when it was not. */
  function inView(box, line) {
    const top = line.offsetTop;
    if (top < box.scrollTop || top + line.offsetHeight > box.scrollTop + box.clientHeight) {
      // A line taller than its pane shows its start.
      box.scrollTop = top - Math.max(0, box.clientHeight - line.offsetHeight) / 2;
    }
  }

  // The quiz (q), as VisuAlgo asks: before the next step shows a refusal or a backtrack, the page
  // asks which line refuses the square, or how many nodes the subtree left held; an answer (or
  // → again) shows the step, and the page says whether the answer was right.
  let quizzing = false, asked = null;
  const quiz = document.getElementById('quiz');
  /** Asks about the next step, if it is one to ask about; whether it asked. */
  function ask() {
    const j = replay.current;
    if (j >= total || boards[0].algo === 'own') return false;
    let question, choices, right;
    if (kind[j] === REJECT) {
      right = boards[0].steps[j][0];
      const lines = ['c', 'd', 'a'].concat(boards[0].steps.some(function (s) { return s[0] === 'w'; }) ? ['w'] : []);
      question = say('quiz.line', { r: row[j], c: col[j] });
      choices = lines.map(function (l) { return [l, W['line.' + l]]; });
    } else if (kind[j] === REMOVE) {
      const below = nodes[j + 1] - nodes[mate[j]] - 1;
      right = String(below);
      question = say('quiz.below', { r: row[j], c: col[j] });
      const guesses = [below, 2 * below + 1, Math.floor(below / 2), below + 3].filter(function (g, k, all) { return all.indexOf(g) === k; });
      choices = guesses.sort(function (a, b) { return a - b; }).map(function (g) { return [String(g), String(g)]; });
    } else return false;
    pause();
    asked = { right: right, words: choices.find(function (c) { return c[0] === right; })[1] };
    document.getElementById('quiz-question').textContent = question;
    document.getElementById('quiz-said').textContent = '';
    const buttons = document.getElementById('quiz-choices');
    buttons.replaceChildren();
    for (const [value, words] of choices) {
      const button = document.createElement('button');
      button.textContent = words;
      button.dataset.answer = value;
      button.addEventListener('click', function () { reveal(value); });
      buttons.appendChild(button);
    }
    quiz.hidden = false;
    render();
    return true;
  }
  /** Shows the step asked about, saying whether `answer` (none: → again) was right. */
  function reveal(answer) {
    const was = asked;
    asked = null;
    document.getElementById('quiz-choices').replaceChildren();
    document.getElementById('quiz-said').textContent = answer === undefined ? '' : say(answer === was.right ? 'quiz.right' : 'quiz.wrong', { answer: was.words });
    step(1);
  }

  // The search tree, seen whole: the path from the root to the current node and, under each
  // node on it, every child tried so far — refused squares as stubs, finished subtrees either
  // drawn whole or folded into one node that says what they held ("37 · 0★"). It fits its box:
  // the finished subtrees nearest the search are drawn whole while they fit, the older ones
  // folded, one at a time as the search goes on. Drawing costs what is drawn, never the whole
  // search: a node's element is kept from step to step and only moved. `z` zooms into the region
  // around the current node (the whole tree when the search so far is short) and back.
  // A tree: its model and replay, its svg and box, the subtrees its reader (un)folded, the node
  // shown, and the step (-1: none) of the first difference, marked. The page's own tree is
  // `#tree`; the variant of `--own --vs`, walking a tree of its own, gets `#tree-vs` beside it.
  function Tree(b, svg, box, differs) {
    this.m = b.m;
    this.replay = b.replay;
    this.board = b;
    this.svg = svg;
    this.box = box;
    // The subtrees the reader folded (false) or unfolded (true), by their place step.
    this.user = new Map();
    this.node = '';
    this.differs = differs;
    // Every level holds one row's squares, so a node is named by its column and its level by its
    // row; else (cell, a program's own search) a node says its (row,col) and a level its depth.
    const m = b.m;
    let byRow = true;
    for (let j = 0; j < m.total && byRow; j++) {
      if (m.kind[j] !== SOLUTION && m.row[j] !== m.depth[j] - (m.kind[j] === REMOVE ? 1 : 0)) byRow = false;
    }
    this.byRow = byRow;
    // Each finished place's subtree drawn whole: the width of its leaves side by side, in units.
    this.whole = new Float64Array(m.total);
    const sums = [0];
    for (let j = 0; j < m.total; j++) {
      if (m.kind[j] === PLACE) sums.push(0);
      else if (m.kind[j] === REMOVE) {
        const p = m.mate[j], inside = sums.pop();
        this.whole[p] = inside > 0 ? inside : slot(this, p, 'done');
        sums[sums.length - 1] += this.whole[p];
      } else sums[sums.length - 1] += slot(this, j, m.kind[j] === SOLUTION ? 'solution' : 'refused');
    }
    this.drawn = new Map();
    this.edges = el('g', {}, svg);
    this.levels = el('g', { class: 'levels' }, svg);
    this.nodes = el('g', {}, svg);
    b.tree = this;
  }
  // A level's height and the room between two leaves, in the tree's units (a label is 11 units,
  // drawn as large as the page's text times the tree's zoom).
  const TREE_Y = 40, TREE_GAP = 3;
  // The zoomed tree is drawn whole while the search so far is this short, and else up to this
  // many boxes wide around the current node.
  const TREE_UNFOLDED = 1500, TREE_REGION = 4;
  const TREE_ZOOMS = [0.7, 0.85, 1, 1.2, 1.4, 1.7, 2];
  let treeZoom = 1, zoomed = false;
  // The glyph of the line that refused a stub: column, ↘, ↙, row; a program's own refusal.
  const STUB = { c: '|', d: '↘', a: '↙', w: '—', r: '✗' };
  // Text widths in the tree's units, measured once each on a canvas (which lays nothing out).
  const measure = document.createElement('canvas').getContext('2d');
  measure.font = '11px ' + getComputedStyle(document.body).fontFamily;
  const measured = new Map();
  function textWidth(text) {
    let w = measured.get(text);
    if (w === undefined) {
      w = measure.measureText(text).width;
      measured.set(text, w);
    }
    return w;
  }
  /**
   * The positions a search without checks would visit below a square refused in row r of an
   * n×n board, the square's own included: n choices in each row below, (n^(n-r) - 1) / (n - 1).
   */
  function pruned(n, r) {
    return n === 1 ? 1 : Math.round((Math.pow(n, n - r) - 1) / (n - 1));
  }
  /** The label of tree t's node of step j: its column, or its (row,col). */
  function nodeLabel(t, j) {
    return t.byRow ? String(t.m.col[j]) : t.m.row[j] + ',' + t.m.col[j];
  }
  /** What a folded subtree of place j held: its nodes below and its solutions. */
  function summary(t, j) {
    const m = t.m;
    return say('tree.summary', { k: m.nodes[m.mate[j] + 1] - m.nodes[j] - 1, s: m.solutions[m.mate[j]] - m.solutions[j] });
  }
  /** What the steps from j up to (not with) `until` held: their nodes and solutions. */
  function grouped(t, j, until) {
    const m = t.m;
    return say('tree.summary', { k: m.nodes[until] - m.nodes[j], s: m.solutions[until] - m.solutions[j] });
  }
  /** The label of a group of siblings, from step j to `until`: the columns they span. */
  function groupLabel(t, j, until) {
    return t.byRow ? t.m.col[j] + '–' + t.m.col[until - 1] : '…';
  }
  /** The box of a node of kind `shape` at step j: [width, height], in units. */
  function nodeBox(t, j, shape, until) {
    if (shape === 'group') return [Math.max(textWidth(groupLabel(t, j, until)), textWidth(grouped(t, j, until))) + 8, 32];
    if (shape === 'refused') return [Math.max(12, textWidth(STUB[t.board.steps[j][0]] || '✗') + 4), 16];
    if (shape === 'folded') return [Math.max(textWidth(nodeLabel(t, j)), textWidth(summary(t, j))) + 8, 32];
    const label = shape === 'root' ? '∅' : shape === 'solution' ? '★' : nodeLabel(t, j);
    return [Math.max(18, textWidth(label) + 8), 20];
  }
  /** The width a leaf of kind `shape` at step j takes, its room beside it included. */
  function slot(t, j, shape) {
    return nodeBox(t, j, shape)[0] + TREE_GAP;
  }

  /**
   * The nodes of tree t to draw at its step, laid out tidily (each leaf a slot of its own, left to
   * right in the search's order, each parent above the middle of its children, so that no two
   * edges cross and no two boxes meet): the path's nodes open, the finished subtrees in `open`
   * drawn whole, the reader's choices kept. Returns the root, the width, the deepest level and
   * the finished children of the path's nodes (those that can fold), newest first.
   */
  function layTree(t, open, grouped) {
    const m = t.m, kind = m.kind, mate = m.mate, now = t.replay.current;
    const finished = function (j) { return mate[j] >= 0 && mate[j] < now; };
    let deepest = 0;
    const foldable = [];
    function lay(p, d, whole) {
      const done = p >= 0 && finished(p);
      const node = { step: p, depth: d, kids: [] };
      const shown = !done || (t.user.has(p) ? t.user.get(p) : whole || open.has(p));
      node.shape = p < 0 ? 'root' : !done ? 'path' : shown ? 'done' : 'folded';
      deepest = Math.max(deepest, d);
      if (shown) {
        // The reader's unfolding opens one level; what the search unfolds is drawn whole.
        const inner = done && !t.user.get(p) && (whole || open.has(p));
        const end = done ? mate[p] : now;
        let j = p + 1;
        while (j < end) {
          if (kind[j] === PLACE) {
            const kid = lay(j, d + 1, inner);
            node.kids.push(kid);
            if (!done && finished(j)) foldable.push(j);
            j = finished(j) ? mate[j] + 1 : end;
          } else {
            node.kids.push({ step: j, depth: d + 1, kids: [], shape: kind[j] === SOLUTION ? 'solution' : 'refused' });
            deepest = Math.max(deepest, d + 1);
            j += 1;
          }
        }
        // High on a path too long for the box, what was tried before the latest child is one node.
        if (!done && d < grouped && node.kids.length > 2) {
          const last = node.kids[node.kids.length - 1];
          const group = { step: node.kids[0].step, until: last.step, depth: d + 1, kids: [], shape: 'group' };
          for (let k = foldable.length - 1; k >= 0; k--) if (foldable[k] > p && foldable[k] < last.step) foldable.splice(k, 1);
          node.kids = [group, last];
        }
      }
      return node;
    }
    const root = lay(-1, 0, false);
    // Left to right: a leaf takes its box and a gap; a parent wider than its children's span
    // moves them right, so that it meets no neighbour either.
    function shift(node, by) {
      node.x += by;
      for (const kid of node.kids) shift(kid, by);
    }
    function place(node, left) {
      const box = nodeBox(t, node.step, node.shape, node.until);
      node.w = box[0];
      node.h = box[1];
      if (!node.kids.length) {
        node.x = left + node.w / 2;
        return left + node.w + TREE_GAP;
      }
      let right = left;
      for (const kid of node.kids) right = place(kid, right);
      node.x = (node.kids[0].x + node.kids[node.kids.length - 1].x) / 2;
      if (node.x - node.w / 2 < left) {
        const by = left - (node.x - node.w / 2);
        shift(node, by);
        right += by;
      }
      return Math.max(right, node.x + node.w / 2 + TREE_GAP);
    }
    const width = place(root, 0);
    foldable.sort(function (a, b) { return mate[b] - mate[a]; });
    return { root: root, width: width, deepest: deepest, foldable: foldable };
  }

  // What the trees are drawn in, read once and again only when it changes (a resize, A− A+):
  // the page's text in px and each box's width, so that a step forces no layout.
  let textPx = 16;
  function readTextSize() {
    textPx = parseFloat(getComputedStyle(document.documentElement).fontSize);
  }
  readTextSize();

  /**
   * Draws tree t at its step: the whole tree so far, fitted to its box (or, zoomed, the region
   * around the current node, larger), each node's element kept from the step before.
   */
  function renderTree(t) {
    const m = t.m, kind = m.kind, row = m.row, col = m.col, mate = m.mate, solutions = m.solutions, nodes = m.nodes;
    const i = t.replay.current - 1;
    const focus = i < 0 ? -1 : kind[i] === REMOVE ? mate[i] : i;
    const unit = textPx / 11 * treeZoom * (zoomed ? 1.4 : 1);
    if (!t.boxWidth) t.boxWidth = t.box.clientWidth;
    // The levels' names, the path's node beside each, pinned at the left.
    const onPath = [];
    for (let r = 0, d = 1; r < m.n; r++) {
      const q = t.replay.queens[r];
      if (q >= 0) onPath[t.byRow ? r + 1 : d++] = t.byRow ? String(q) : r + ',' + q;
    }
    const levelText = function (d) {
      return say(t.byRow ? 'tree.row' : 'tree.depth', { r: d - 1, d: d }) + (onPath[d] ? ' · ' + onPath[d] : '');
    };
    let margin = 0;
    for (let d = 1; d <= m.n; d++) margin = Math.max(margin, textWidth(levelText(d)));
    margin += 12;
    const room = zoomed ? (t.replay.current <= TREE_UNFOLDED ? Infinity : TREE_REGION * t.boxWidth / unit) : t.boxWidth / unit - 2;
    const budget = room - margin;
    // The finished subtrees nearest the search drawn whole while they fit, newest first.
    const open = new Set();
    let laid = layTree(t, open, 0);
    // Too wide with every finished subtree folded: what each level tried before its latest
    // child becomes one node, from the root down, until the tree fits.
    let levels = 0;
    while (laid.width > budget && levels < laid.deepest) {
      levels += 1;
      laid = layTree(t, open, levels);
    }
    let width = laid.width;
    for (const j of laid.foldable) {
      if (t.user.has(j)) continue;
      const more = t.whole[j] - slot(t, j, 'folded');
      if (width + more > budget) break;
      open.add(j);
      width += more;
    }
    if (open.size) {
      laid = layTree(t, open, levels);
      // A parent wider than its children can add a little to what the leaves promised.
      while (laid.width > budget && open.size) {
        open.delete([...open].pop());
        laid = layTree(t, open, levels);
      }
    }
    const treeWidth = margin + laid.width, treeHeight = (laid.deepest + 1) * TREE_Y + 10;
    t.svg.setAttribute('viewBox', '0 0 ' + treeWidth + ' ' + treeHeight);
    t.svg.setAttribute('width', treeWidth * unit);
    t.svg.setAttribute('height', treeHeight * unit);
    t.svg.dataset.zoom = treeZoom;
    t.svg.dataset.zoomed = zoomed;
    t.svg.dataset.label = (11 * unit).toFixed(2);
    const y = function (d) { return d * TREE_Y + TREE_Y / 2; };
    // The levels' names: made once each, their text changed when the path's node changes.
    while (t.levels.childNodes.length < laid.deepest) el('text', { class: 'level', x: 4 }, t.levels);
    for (let d = 1; d <= t.levels.childNodes.length; d++) {
      const text = t.levels.childNodes[d - 1];
      text.setAttribute('display', d <= laid.deepest ? 'inline' : 'none');
      if (d > laid.deepest) continue;
      text.setAttribute('y', y(d));
      const words = levelText(d);
      if (text.textContent !== words) text.textContent = words;
    }
    t.node = '';
    const seen = new Set();
    const path = [];
    // Each node: its element kept while its kind and label stay, moved to where it now stands.
    (function draw(node, parent) {
      const j = node.step;
      const square = j < 0 || kind[j] === SOLUTION ? path.slice() : path.concat([row[j] + '.' + col[j]]);
      const shape = node.shape;
      const label = shape === 'root' ? '∅' : shape === 'solution' ? '★' : shape === 'refused' ? STUB[t.board.steps[j][0]] || '✗'
        : shape === 'group' ? groupLabel(t, j, node.until) : nodeLabel(t, j);
      const extra = shape === 'folded' ? summary(t, j) : shape === 'group' ? grouped(t, j, node.until) : '';
      const key = j + ' ' + shape + ' ' + label + ' ' + extra;
      let drawn = t.drawn.get(key);
      if (!drawn) {
        let cls, words;
        if (j < 0) {
          cls = 'root path';
          words = W['tree.root'];
        } else if (shape === 'solution') {
          cls = 'solution';
          words = say('solution', { k: solutions[j + 1] });
        } else if (shape === 'refused') {
          cls = 'refused';
          words = say('tree.refused', { r: row[j], c: col[j], line: W['line.' + t.board.steps[j][0]] });
          if (t.byRow) words += ' ' + say('tree.pruned', { k: pruned(m.n, row[j]) });
        } else if (shape === 'group') {
          cls = 'group folded';
          words = say('tree.group', { r: row[j], c0: col[j], c1: col[node.until - 1], k: m.nodes[node.until] - m.nodes[j], s: solutions[node.until] - solutions[j] });
        } else if (shape === 'path') {
          cls = 'path';
          words = '(' + row[j] + ',' + col[j] + ')';
        } else {
          const below = nodes[mate[j] + 1] - nodes[j] - 1, found = solutions[mate[j]] - solutions[j];
          cls = 'done' + (found > 0 ? ' found' : '') + (shape === 'folded' ? ' folded' : '');
          words = say('tree.done', { r: row[j], c: col[j], k: below, s: found });
        }
        if (j >= 0 && j === t.differs) {
          cls += ' differs';
          words += ' — ' + say('differs', { k: K });
        }
        const g = el('g', { class: 'tnode ' + cls, 'data-step': j, 'data-node': square.join(' ') });
        drawn = { g: g, rect: el('rect', shape === 'refused' ? {} : { rx: shape === 'folded' ? 8 : 10 }, g), text: el('text', {}, g, label), x: NaN, y: NaN };
        // A refusal is shaded by how much it pruned: the boards a search without checks would
        // have visited below the square, on a log scale, the refusals nearest the root darkest.
        if (shape === 'refused' && t.byRow) {
          const k = pruned(m.n, row[j]);
          g.dataset.pruned = k;
          drawn.rect.style.fillOpacity = (0.08 + 0.32 * Math.log(k) / Math.log(pruned(m.n, 0))).toFixed(3);
        }
        if (extra) drawn.extra = el('text', { class: 'summary' }, g, extra);
        if (shape === 'done' || shape === 'folded') {
          drawn.fold = el('path', { class: 'fold', 'data-fold': j, 'data-open': shape === 'done' }, g);
        }
        el('title', {}, g, words);
        drawn.edge = j >= 0 ? el('line', { class: 'edge' }, t.edges) : null;
        t.drawn.set(key, drawn);
        t.nodes.appendChild(g);
      }
      seen.add(key);
      const cx = margin + node.x, cy = y(node.depth), w = node.w, h = node.h;
      if (drawn.x !== cx || drawn.y !== cy) {
        drawn.x = cx;
        drawn.y = cy;
        const top = shape === 'folded' || shape === 'group' ? cy - 10 : cy - h / 2;
        drawn.rect.setAttribute('x', cx - w / 2);
        drawn.rect.setAttribute('y', top);
        drawn.rect.setAttribute('width', w);
        drawn.rect.setAttribute('height', h);
        drawn.text.setAttribute('x', cx);
        drawn.text.setAttribute('y', cy);
        if (drawn.extra) {
          drawn.extra.setAttribute('x', cx);
          drawn.extra.setAttribute('y', cy + 13);
        }
        // The fold's triangle under its node: ▲ folds a subtree drawn whole, ▼ unfolds one.
        if (drawn.fold) {
          const under = top + h + 2;
          drawn.fold.setAttribute('d', shape === 'folded' ? 'M' + (cx - 7) + ' ' + under + 'h14l-7 8z' : 'M' + (cx - 7) + ' ' + (under + 8) + 'h14l-7 -8z');
        }
      }
      if (drawn.edge) {
        const x1 = margin + parent.x, y1 = y(parent.depth) + parent.h / 2 + (parent.shape === 'done' ? 10 : 0), y2 = cy - (shape === 'folded' || shape === 'group' ? 10 : h / 2);
        const ends = x1 + ' ' + y1 + ' ' + cx;
        if (drawn.ends !== ends) {
          drawn.ends = ends;
          drawn.edge.setAttribute('x1', x1);
          drawn.edge.setAttribute('y1', y1);
          drawn.edge.setAttribute('x2', cx);
          drawn.edge.setAttribute('y2', y2);
        }
      }
      const current = j === focus;
      if (current !== drawn.current) {
        drawn.current = current;
        drawn.g.classList.toggle('current', current);
      }
      if (current) t.node = square.join(' ');
      const inner = j >= 0 && (shape === 'path' || shape === 'done');
      if (inner) path.push(row[j] + '.' + col[j]);
      for (const kid of node.kids) draw(kid, node);
      if (inner) path.pop();
    })(laid.root, null);
    for (const [key, drawn] of t.drawn) {
      if (seen.has(key)) continue;
      drawn.g.remove();
      if (drawn.edge) drawn.edge.remove();
      t.drawn.delete(key);
    }
    t.width = treeWidth * unit;
    // Zoomed, the box scrolls: the current node kept in view, the levels' names pinned at its
    // left edge, and a map of the whole drawing above it.
    if (zoomed) {
      const shown = t.svg.querySelector('.tnode.current rect');
      if (shown) {
        const x = (+shown.getAttribute('x') + shown.getAttribute('width') / 2) * unit;
        if (x < t.box.scrollLeft || x > t.box.scrollLeft + t.boxWidth) t.box.scrollLeft = x - t.boxWidth / 2;
      }
    }
    pinLevels(t);
    renderMap(t, treeWidth, treeHeight);
  }
  /** Keeps the levels' names at the left edge of t's box, however it is scrolled. */
  function pinLevels(t) {
    const unit = t.svg.getAttribute('width') / t.svg.viewBox.baseVal.width;
    const by = zoomed ? t.box.scrollLeft / unit : 0;
    t.levels.setAttribute('transform', by ? 'translate(' + by + ' 0)' : '');
    if (t.map) t.map.window.setAttribute('x', by);
  }
  /**
   * The map of tree t: the whole drawing small, with the part its box shows outlined, where the
   * drawing is wider than the box; a click on it scrolls there.
   */
  function renderMap(t, width, height) {
    const wider = zoomed && t.width > t.boxWidth + 1;
    if (!t.map && !wider) return;
    if (!t.map) {
      const svg = el('svg', { class: 'tree-map', id: t.svg.id + '-map', preserveAspectRatio: 'none', role: 'img', 'aria-label': W['tree.map'] });
      t.nodes.id = t.svg.id + '-nodes';
      t.edges.id = t.svg.id + '-edges';
      el('use', { href: '#' + t.edges.id }, svg);
      el('use', { href: '#' + t.nodes.id }, svg);
      t.map = { svg: svg, window: el('rect', { class: 'window', y: 0 }, svg) };
      t.box.before(svg);
      svg.addEventListener('click', function (e) {
        const at = (e.clientX - svg.getBoundingClientRect().left) / svg.clientWidth;
        t.box.scrollLeft = at * t.width - t.boxWidth / 2;
      });
    }
    t.map.svg.style.display = wider ? '' : 'none';
    t.map.svg.setAttribute('viewBox', '0 0 ' + width + ' ' + height);
    t.map.window.setAttribute('width', width * t.boxWidth / t.width);
    t.map.window.setAttribute('height', height);
  }
  const trees = [new Tree(boards[0], document.getElementById('tree'), document.getElementById('tree-box'), ownDiffers)];
  for (const b of boards.slice(1)) b.tree = trees[0];
  if (versus) {
    // The second tree's pane, under the first, with its own heading.
    const pane = document.getElementById('tree-pane');
    const second = document.createElement('section');
    second.id = 'tree-vs-pane';
    const heading = document.createElement('h2');
    heading.textContent = say('tree.vs', { algo: versus.boards[0].algo });
    const box = document.createElement('div');
    box.id = 'tree-vs-box';
    box.className = 'tree-box';
    const svg = document.createElementNS(SVG, 'svg');
    svg.id = 'tree-vs';
    svg.setAttribute('role', 'img');
    box.appendChild(svg);
    second.append(heading, box);
    pane.after(second);
    trees.push(new Tree(boards[1], svg, box, versusDiffers));
  }
  for (const t of trees) {
    t.svg.addEventListener('click', function (e) {
      const fold = e.target.closest('[data-fold]');
      if (fold) {
        t.user.set(+fold.dataset.fold, fold.dataset.open !== 'true');
        renderTree(t);
        return;
      }
      const g = e.target.closest('[data-step]');
      if (!g) return;
      pause();
      seek(t.replay === replay ? +g.dataset.step + 1 : standing(+g.dataset.step + 1));
      remember();
    });
  }
  /** The program's first step at which the variant stands at its step `target` or past it. */
  function standing(target) {
    for (let s = 0; s < total; s++) if (aligned(s) >= target) return s;
    return total;
  }
  /** Zooms the trees `by` steps in (or out, by < 0). */
  function zoomTree(by) {
    treeZoom = TREE_ZOOMS[Math.max(0, Math.min(TREE_ZOOMS.length - 1, TREE_ZOOMS.indexOf(treeZoom) + by))];
    for (const t of trees) renderTree(t);
  }
  /** Zooms into the region around the current node (the whole tree, while the search is short), or back to the tree seen whole. */
  function zoomRegion() {
    zoomed = !zoomed;
    document.getElementById('tree-region').setAttribute('aria-pressed', zoomed);
    for (const t of trees) {
      t.box.classList.toggle('zoomed', zoomed);
      renderTree(t);
    }
  }
  // A code box resized (a window moved to the projector, F11, the presenter's screen) keeps its
  // lit line in view.
  const relit = new ResizeObserver(function () {
    for (const b of boards) if (b.codeLines[b.lit]) inView(b.codeBox, b.codeLines[b.lit]);
  });
  for (const b of boards) relit.observe(b.codeBox);
  // The boxes' widths and the text's size, read again when they change (never at a step).
  const resized = new ResizeObserver(function () {
    readTextSize();
    for (const t of trees) {
      const width = t.box.clientWidth;
      if (width && width !== t.boxWidth) {
        t.boxWidth = width;
        renderTree(t);
      }
    }
  });
  for (const t of trees) {
    resized.observe(t.box);
    t.box.addEventListener('scroll', function () { pinLevels(t); }, { passive: true });
  }

  // The timeline: where the solutions are, how the backtracks spread, and under --vs how each
  // variant's probes grow, over the whole search; the scrubber under it moves the replay.
  const scrub = document.getElementById('scrub');
  const marks = document.getElementById('marks');
  const BUCKETS = 400;
  {
    const per = Math.max(1, total / BUCKETS);
    const backs = new Float64Array(BUCKETS), found = new Uint8Array(BUCKETS);
    for (let j = 0; j < total; j++) {
      const k = Math.min(BUCKETS - 1, Math.floor(j / per));
      if (kind[j] === REMOVE) backs[k] += 1;
      else if (kind[j] === SOLUTION) found[k] = 1;
    }
    const most = Math.max(1, Math.max.apply(null, backs));
    const x = function (k) { return (k + 0.5) * 1000 / BUCKETS; };
    for (let k = 0; k < BUCKETS; k++) {
      if (backs[k]) el('line', { x1: x(k), x2: x(k), y1: 40, y2: 40 - 20 * backs[k] / most, class: 'backtracks' }, marks);
    }
    // Solutions in wider bins, a triangle each, so that dense ones stay apart instead of merging.
    const bins = Math.min(BUCKETS, 120), each = BUCKETS / bins;
    for (let k = 0; k < bins; k++) {
      if (!found.slice(Math.floor(k * each), Math.floor((k + 1) * each)).some(Boolean)) continue;
      const mid = (k + 0.5) * 1000 / bins, half = 0.36 * 1000 / bins;
      el('polygon', { points: (mid - half) + ',0 ' + (mid + half) + ',0 ' + mid + ',15', class: 'found' }, marks);
    }
    // The first difference of --own: a red line across, where the program's step makes it.
    if (differsAt >= 0) {
      const at = total ? differsAt * 1000 / total : 0;
      el('line', { x1: at, x2: at, y1: 0, y2: 40, class: 'differs', id: 'timeline-differs', 'data-step': differsAt }, marks);
    }
    if (boards.length > 1 && !versus) {
      const top = Math.max.apply(null, boards.map(function (b) { return b.probes[total]; })) || 1;
      boards.forEach(function (b, index) {
        const points = [];
        for (let k = 0; k <= BUCKETS; k++) {
          points.push((k * 1000 / BUCKETS) + ',' + (40 - 38 * b.probes[Math.min(total, Math.round(k * per))] / top));
        }
        el('polyline', { points: points.join(' '), class: 'chart chart-' + index }, marks);
      });
    }
  }
  const cursor = el('line', { y1: 0, y2: 40, class: 'cursor' }, marks);
  function renderTimeline() {
    const x = total ? replay.current * 1000 / total : 0;
    cursor.setAttribute('x1', x);
    cursor.setAttribute('x2', x);
    scrub.value = replay.current;
  }
  scrub.addEventListener('input', function () {
    pause(false);
    seek(+scrub.value);
  });
  scrub.addEventListener('change', remember);

  const profile = document.getElementById('profile');
  const profileRows = [];
  const widest = Math.max.apply(null, finalLevels);
  for (let level = 0; level <= n; level++) {
    const tr = profile.insertRow();
    tr.insertCell().textContent = level;
    const count = tr.insertCell();
    const bar = document.createElement('div');
    bar.className = 'bar';
    tr.insertCell().appendChild(bar);
    profileRows.push([count, bar]);
  }

  function renderProfile() {
    for (let level = 0; level <= n; level++) {
      profileRows[level][0].textContent = levels[level];
      profileRows[level][1].style.width = (8 * levels[level] / widest) + 'em';
    }
  }

  // Playing: a timer advances by the speed, drawing once per tick.
  let timer = null, last = 0, owed = 0;
  const speed = document.getElementById('speed');
  function perSecond() {
    return SPEEDS[+speed.value];
  }
  function showSpeed() {
    document.getElementById('speed-shown').textContent = counted(perSecond(), 'per-second');
  }
  function tick() {
    const now = performance.now();
    owed += (now - last) * perSecond() / 1000;
    last = now;
    const steps = Math.floor(owed);
    owed -= steps;
    if (steps > 0) seek(replay.current + steps);
    if (replay.current >= total) pause();
  }
  function play() {
    if (timer !== null) return;
    if (replay.current >= total) seek(0);
    last = performance.now();
    owed = 0;
    timer = setInterval(tick, 1000 / 30);
    document.getElementById('play').textContent = W.pause;
    render();
  }
  /** Stops playing; keeps the moment in the address unless the address itself moved it. */
  function pause(keep) {
    if (timer === null) return;
    clearInterval(timer);
    timer = null;
    document.getElementById('play').textContent = W.play;
    if (keep !== false) remember();
    render();
  }
  function toggle() {
    if (timer === null) play(); else pause();
  }
  /** Keeps the moment in the address, so the page's address links to it. */
  function remember() {
    try {
      history.replaceState(null, '', address());
    } catch (e) {
      // Some browsers refuse it for files; the link still shows the address.
    }
  }
  function step(by) {
    pause();
    seek(replay.current + by);
    remember();
  }
  /** Goes back to the step before the latest step of kind `wanted` behind the current one, or to the start. */
  function previous(wanted) {
    pause();
    for (let j = replay.current - 2; j >= 0; j--) {
      if (kind[j] === wanted) {
        seek(j + 1);
        remember();
        return;
      }
    }
    seek(0);
    remember();
  }
  function next(wanted) {
    pause();
    for (let j = replay.current; j < total; j++) {
      if (kind[j] === wanted) {
        seek(j + 1);
        remember();
        return;
      }
    }
    seek(total);
    remember();
  }

  // The text's size, in % of the size the window gives (page.css's --scale), kept in the address.
  const SCALES = [70, 80, 90, 100, 115, 130, 150, 175, 200];
  let scale = 100;
  function setScale(wanted) {
    scale = SCALES.indexOf(wanted) >= 0 ? wanted : 100;
    document.documentElement.style.setProperty('--scale', scale / 100);
    document.getElementById('state').dataset.text = scale;
    readTextSize();
  }
  /** The address of this moment: its step, and the text's size unless it is the window's own. */
  function address() {
    return '#step=' + replay.current + (scale === 100 ? '' : '&text=' + scale);
  }
  /** Plays `by` speeds faster (or slower, by < 0), as the speed slider would. */
  function faster(by) {
    speed.value = Math.max(0, Math.min(SPEEDS.length - 1, +speed.value + by));
    showSpeed();
  }
  // The list of keys: every button's title (each says its key) and the keys without a button.
  const keyList = document.getElementById('key-list');
  function showKeys(shown) {
    keyList.hidden = !shown;
    document.getElementById('state').dataset.keys = shown;
  }

  const goto = document.getElementById('goto');
  const buttons = {
    start: function () { step(-replay.current); },
    back: function () {
      if (fine && sub > 0) {
        sub -= 1;
        render();
      } else step(-1);
    },
    play: toggle,
    forward: function () {
      // The quiz asks before it shows: → a first time asks, a second shows without an answer.
      if (quizzing && !(fine && sub < subSteps())) {
        if (asked) {
          reveal();
          return;
        }
        if (ask()) return;
      }
      if (fine && sub < subSteps()) {
        pause();
        sub += 1;
        render();
      } else step(1);
    },
    presenter: function () {
      presenting = !presenting;
      document.documentElement.classList.toggle('presenter', presenting);
      document.getElementById('presenter').setAttribute('aria-pressed', presenting);
      readTextSize();
      render();
    },
    fine: function () {
      fine = !fine;
      sub = 0;
      document.getElementById('fine').setAttribute('aria-pressed', fine);
      render();
    },
    end: function () { step(total - replay.current); },
    'next-backtrack': function () { next(REMOVE); },
    difference: function () { step(differsAt - replay.current); },
    'next-solution': function () { next(SOLUTION); },
    smaller: function () { setScale(SCALES[Math.max(0, SCALES.indexOf(scale) - 1)]); remember(); render(); },
    larger: function () { setScale(SCALES[Math.min(SCALES.length - 1, SCALES.indexOf(scale) + 1)]); remember(); render(); },
    help: function () { showKeys(keyList.hidden); },
    'tree-smaller': function () { zoomTree(-1); },
    'tree-larger': function () { zoomTree(1); },
    'tree-region': zoomRegion,
    'quiz-mode': function () {
      quizzing = !quizzing;
      document.getElementById('quiz-mode').setAttribute('aria-pressed', quizzing);
      if (!quizzing) {
        asked = null;
        quiz.hidden = true;
      }
      render();
    },
    go: function () {
      // An empty or unreadable box goes nowhere, and says what it wants.
      if (goto.value.trim() === '' || !goto.checkValidity()) {
        goto.setCustomValidity(say('goto.empty', { total: total }));
        goto.reportValidity();
        return;
      }
      step(+goto.value - replay.current);
      goto.blur(); // so that ← → step again, not move the cursor in the box
    },
  };
  // --own's first difference: a button (and the key d) that goes to it, beside the backtracks'.
  if (differsAt >= 0) {
    const button = document.createElement('button');
    button.id = 'difference';
    document.getElementById('next-solution').after(button);
  } else delete buttons.difference;
  // Labels: glyph buttons are named for screen readers, every button says its key.
  const glyphs = { back: '◀', forward: '▶', smaller: 'A−', larger: 'A+', help: '?', 'tree-smaller': '−', 'tree-larger': '+', 'tree-region': '⤢', presenter: '▣', 'quiz-mode': 'Q?' };
  for (const id in buttons) {
    const button = document.getElementById(id);
    button.textContent = glyphs[id] || (id === 'play' ? W.play : W[id]);
    const title = W[id + '.title'] || W[id];
    button.title = title;
    if (glyphs[id]) button.setAttribute('aria-label', title);
    button.addEventListener('click', function () { buttons[id](); });
  }
  document.getElementById('controls').setAttribute('aria-label', W.toolbar);
  document.getElementById('scrub').setAttribute('aria-label', W['timeline.label']);
  goto.addEventListener('input', function () { goto.setCustomValidity(''); });
  goto.addEventListener('keydown', function (e) {
    if (e.key === 'Enter') buttons.go();
  });
  speed.addEventListener('input', showSpeed);
  // The page's keys work whatever has focus: buttons, the speed slider (↑ ↓ still set the speed)
  // and the step box (where digits, ↑ ↓ and Enter keep their meaning).
  const keys = {
    ArrowRight: buttons.forward,
    ArrowLeft: buttons.back,
    ' ': toggle,
    Home: buttons.start,
    End: buttons.end,
    b: buttons['next-backtrack'],
    s: buttons['next-solution'],
    B: function () { previous(REMOVE); },
    S: function () { previous(SOLUTION); },
    ']': function () { faster(1); },
    '[': function () { faster(-1); },
    '+': buttons.larger,
    '=': buttons.larger,
    '-': buttons.smaller,
    '?': buttons.help,
    f: buttons.fine,
    p: buttons.presenter,
    d: buttons.difference,
    z: buttons['tree-region'],
    q: buttons['quiz-mode'],
    Escape: function () { showKeys(false); },
  };
  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || !keys[e.key]) return;
    if (e.key === 'Escape' && keyList.hidden) return;
    const inBox = e.target === goto;
    if (inBox && e.key !== ' ' && e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    if (inBox) goto.blur();
    e.preventDefault();
    e.stopPropagation();
    keys[e.key]();
  }, true);

  /** The step the address asks for: `#step=K`, or `#step=end`, with the text's size (`&text=130`, in %). */
  function fromAddress() {
    const m = /^#step=(\d+|end)(?:&text=(\d+))?$/.exec(location.hash);
    if (!m) return 0;
    setScale(m[2] === undefined ? 100 : +m[2]);
    return m[1] === 'end' ? total : +m[1];
  }
  window.addEventListener('hashchange', function () {
    // Read the address before pausing: a pause would write the current step over it.
    const wanted = fromAddress();
    pause(false);
    seek(wanted);
  });

  // The words that do not move.
  const names = trace.names;
  document.getElementById('about').textContent = say('about', {
    names: names, n: n, steps: counted(total, 'steps'), extent: trace.complete ? W['about.whole'] : W['about.stopped'],
  }) + (own ? ' ' + W[versus ? 'about.own.vs' : 'about.own'] : boards.length > 1 ? ' ' + W['about.vs'] : '')
    + (framed ? ' ' + W['about.framed'] : '');
  // --own: the comparison as `labs trace --own` says it, under the about.
  if (own) {
    const said = document.createElement('pre');
    said.id = 'said';
    said.textContent = own.said.join('\n');
    document.getElementById('about').after(said);
  }
  const fixed = {
    'speed-label': 'speed', 'goto-label': 'goto', 'step-word': 'step', 'nodes-word': 'nodes',
    'solutions-word': 'solutions', 'depth-word': 'depth', 'profile-word': 'profile', 'words-title': 'words', keys: 'keys',
    'tree-word': 'tree', 'tree-about': 'tree.about',
    'timeline-about': versus ? 'timeline.own' : boards.length > 1 ? 'timeline.vs' : 'timeline',
  };
  for (const id in fixed) document.getElementById(id).textContent = W[fixed[id]];
  const keyItems = document.getElementById('key-items');
  for (const id of ['forward', 'back', 'play.title', 'start.title', 'end.title', 'next-backtrack.title', 'prev-backtrack.title',
    'next-solution.title', 'prev-solution.title', differsAt >= 0 && 'difference.title', 'faster.title', 'slower.title', 'fine.title', 'presenter.title', 'quiz-mode.title', 'tree-region.title', 'larger.title', 'smaller.title', 'help.title']) {
    if (!id) continue;
    const li = document.createElement('li');
    li.textContent = W[id];
    keyItems.appendChild(li);
  }
  document.getElementById('key-list-title').textContent = W['key-list'];
  document.getElementById('key-list-close').textContent = W['key-list.close'];
  showKeys(false);
  const link = document.getElementById('link');
  link.textContent = W.link;
  link.title = W['link.title'];
  const glossary = document.getElementById('glossary');
  for (const [word, key] of [[W.step, 'step'], [W.nodes, 'nodes'], [W.depth, 'depth'], [W.probes, 'probes'], [W.refused, 'refuse'], ['(row, col)', 'square'], [W.profile, 'profile']]) {
    const dt = document.createElement('dt');
    dt.textContent = word;
    const dd = document.createElement('dd');
    dd.textContent = W['word.' + key];
    glossary.append(dt, dd);
  }
  legend();
  document.getElementById('total').textContent = total;
  goto.max = total;
  scrub.max = total;
  showSpeed();
  seek(fromAddress());

  /**
   * Whether some check of b read a square (or a row's mask) more than once in one step. One pass
   * over the encoded steps that allocates little, as a long page has hundreds of thousands: a
   * square's stamp is the last step that read it.
   */
  function readsASquareAgain(b) {
    const area = (n + 2) * (n + 2), base = { s: 0, f: area, m: 2 * area };
    const stamp = new Int32Array(3 * area);
    // A probe's start, stride (which may be negative) and count, read digit by digit.
    const numbers = [0, 0, 1], signs = [1, 1, 1];
    for (let i = 0; i < b.steps.length; i++) {
      const step = b.steps[i];
      let at = step.indexOf(' ');
      while (at >= 0) {
        const offset = base[step[at + 1]];
        let p = at + 2, part = 0;
        numbers[0] = 0; numbers[1] = 0; numbers[2] = 1;
        signs[0] = 1; signs[1] = 1;
        for (; p < step.length; p++) {
          const code = step.charCodeAt(p);
          if (code === 32) break; // ' '
          if (code === 58) { // ':'
            part += 1;
            numbers[part] = 0;
          } else if (code === 45) signs[part] = -1; // '-'
          else numbers[part] = 10 * numbers[part] + code - 48;
        }
        if (offset !== undefined) {
          for (let j = 0; j < numbers[2]; j++) {
            const k = offset + signs[0] * numbers[0] + j * signs[1] * numbers[1];
            if (stamp[k] === i + 1) return true;
            stamp[k] = i + 1;
          }
        }
        at = p < step.length ? p : -1;
      }
    }
    return false;
  }

  /** The legend: a swatch drawn as the board draws it, and its words; only what this page shows. */
  function legend() {
    const list = document.getElementById('legend');
    const flags = boards.some(function (b) { return b.unit === 'flag'; });
    const twice = boards.some(readsASquareAgain);
    const items = [
      ['queen', function (g) { el('text', { class: 'queen', x: SIZE / 2, y: SIZE / 2 }, g, '♛'); }],
      ['read', function (g) { read(g, 0, 0); }],
      framed && ['frame', function (g) { square(g, 0, 0, 'frame'); read(g, 0, 0); }],
      flags && ['flag', function (g) { el('line', { x1: 0, y1: SIZE / 2, x2: SIZE, y2: SIZE / 2, class: 'flag-line' }, g); }],
      ['attack', function (g) {
        el('line', { x1: 0, y1: SIZE / 2, x2: SIZE, y2: SIZE / 2, class: 'attack' }, g);
        el('text', { class: 'mark', x: SIZE / 2, y: SIZE / 2 }, g, '✗');
      }],
      twice && ['twice', function (g) { read(g, 0, 0, 2); }],
      ['tried', function (g) { square(g, 0, 0, 'tried'); }],
      ['left', function (g) { square(g, 0, 0, 'left'); }],
      differsAt >= 0 && ['differs', function (g) {
        el('rect', { x: 4, y: 10, width: SIZE - 8, height: 20, rx: 10, class: 'differs-swatch' }, g);
      }],
    ];
    for (const item of items) {
      if (!item) continue;
      const li = document.createElement('li');
      const swatch = el('svg', { viewBox: '-2 -2 ' + (SIZE + 4) + ' ' + (SIZE + 4), class: 'swatch', 'aria-hidden': 'true' }, li);
      if (item[0] !== 'frame') el('rect', { x: 0, y: 0, width: SIZE, height: SIZE, class: 'light' }, swatch);
      item[1](swatch);
      li.append(W['legend.' + item[0]]);
      list.appendChild(li);
    }
  }
})();
