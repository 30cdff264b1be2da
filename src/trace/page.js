// labs trace --html: replays the steps a variant reported, as recorded in the page by
// src/trace/page.rs (which documents the encoding). Nothing here searches: every square, queen
// and count shown comes from the recorded steps. The board shown is always described by the
// data attributes of #state (and #state-vs for the second variant), which the tests read.
'use strict';
(function () {
  const trace = JSON.parse(document.getElementById('trace').textContent);
  const n = trace.n;
  const SIZE = 40; // one square, in SVG units
  const SVG = 'http://www.w3.org/2000/svg';
  const PLACE = 1, REMOVE = 2, REJECT = 3, SOLUTION = 4;
  const WHY = { c: 'column', d: 'diagonal', a: 'anti-diagonal', w: 'row' };
  const SPEEDS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 5000]; // steps per second

  // The steps of every board: the same tree, so kind, row and column are read off the first.
  const boards = trace.boards.map(function (b) {
    return { algo: b.algo, unit: b.unit, steps: b.steps === '' ? [] : b.steps.split(';') };
  });
  const total = boards[0].steps.length;
  const kind = new Uint8Array(total), row = new Int16Array(total), col = new Int16Array(total);
  // After step k (k = 0 is the empty board): nodes, solutions, depth, and each board's probes.
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
      col[i] = +head.slice(dot + 1);
    }
    nodes[i + 1] = nodes[i] + (kind[i] === PLACE ? 1 : 0);
    solutions[i + 1] = solutions[i] + (kind[i] === SOLUTION ? 1 : 0);
    depth[i + 1] = depth[i] + (kind[i] === PLACE ? 1 : kind[i] === REMOVE ? -1 : 0);
    if (kind[i] === PLACE) finalLevels[depth[i + 1]] += 1;
  }
  for (const b of boards) {
    b.probes = new Float64Array(total + 1);
    for (let i = 0; i < total; i++) b.probes[i + 1] = b.probes[i] + cost(b.steps[i]);
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

  // The board being shown: queens per row (-1 for none), nodes per level, and its step.
  const queens = new Int16Array(n).fill(-1);
  const levels = new Float64Array(n + 1);
  levels[0] = 1;
  let current = 0;

  function forward() {
    const i = current;
    if (kind[i] === PLACE) {
      queens[row[i]] = col[i];
      levels[depth[i + 1]] += 1;
    } else if (kind[i] === REMOVE) {
      queens[row[i]] = -1;
    }
    current += 1;
  }

  function backward() {
    const i = current - 1;
    if (kind[i] === PLACE) {
      queens[row[i]] = -1;
      levels[depth[i + 1]] -= 1;
    } else if (kind[i] === REMOVE) {
      queens[row[i]] = col[i];
    }
    current -= 1;
  }

  function seek(target) {
    target = Math.max(0, Math.min(total, Math.floor(target)));
    if (target < current && current - target > target) {
      queens.fill(-1);
      levels.fill(0);
      levels[0] = 1;
      current = 0;
    }
    while (current < target) forward();
    while (current > target) backward();
    render();
  }

  // Drawing.
  function el(name, attrs, parent, text) {
    const e = document.createElementNS(SVG, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    if (parent) parent.appendChild(e);
    return e;
  }

  const framed = boards.some(function (b) { return b.algo === 'bordered'; });
  const margin = framed ? SIZE : 2;
  const holder = document.getElementById('boards');
  for (const b of boards) {
    const section = document.createElement('section');
    section.className = 'board';
    section.dataset.algo = b.algo;
    const title = document.createElement('h2');
    title.textContent = b.algo;
    section.appendChild(title);
    const side = n * SIZE + 2 * margin;
    b.svg = el('svg', { viewBox: (-margin) + ' ' + (-margin) + ' ' + side + ' ' + side, role: 'img' }, section);
    el('title', {}, b.svg, b.algo + ' at n = ' + n);
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
    b.overlay = el('g', {}, b.svg);
    b.queens = [];
    for (let r = 0; r < n; r++) {
      b.queens.push(el('text', { class: 'queen', y: r * SIZE + SIZE / 2, display: 'none' }, b.svg, '♛'));
    }
    b.marks = el('g', {}, b.svg);
    const caption = document.createElement('p');
    caption.className = 'caption';
    b.caption = caption;
    section.appendChild(caption);
    const tally = document.createElement('p');
    tally.className = 'probes';
    tally.innerHTML = 'probes: <b>0</b> ' + b.unit + 's';
    b.tally = tally.querySelector('b');
    section.appendChild(tally);
    holder.appendChild(section);
  }

  function square(g, r, c, cls) {
    el('rect', { x: c * SIZE, y: r * SIZE, width: SIZE, height: SIZE, class: cls }, g);
  }

  /** Every square of the line of this kind (R, C, D or A) through (r, c). */
  function line(g, tag, r, c, cls) {
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        const on = tag === 'R' ? i === r : tag === 'C' ? j === c : tag === 'D' ? i - j === r - c : i + j === r + c;
        if (on) square(g, i, j, cls);
      }
    }
  }

  function plural(count, noun) {
    return count + ' ' + noun + (count === 1 ? '' : 's');
  }

  const ATTACK = { c: 'C', d: 'D', a: 'A', w: 'R' };

  function render() {
    const i = current - 1;
    const k = i >= 0 ? kind[i] : 0;
    const r = i >= 0 ? row[i] : -1, c = i >= 0 ? col[i] : -1;
    for (const b of boards) {
      b.overlay.replaceChildren();
      b.marks.replaceChildren();
      b.svg.classList.remove('flash');
      const step = i >= 0 ? b.steps[i] : '';
      const reason = step[0];
      const read = i >= 0 ? b.probes[i + 1] - b.probes[i] : 0;
      // What the check read, under the queens: lines for flags, rows for masks, squares.
      for (const [tag, at] of probesOf(step)) {
        if (tag === 's') square(b.overlay, Math.floor(at / n), at % n, 'probe');
        else if (tag === 'f') square(b.overlay, Math.floor(at / (n + 2)) - 1, (at % (n + 2)) - 1, 'frame-probe');
        else if (tag === 'm') line(b.overlay, 'R', at, 0, 'probe');
        else line(b.overlay, tag, Math.floor(at / n), at % n, 'line');
      }
      if (k === REJECT) {
        line(b.overlay, ATTACK[reason], r, c, 'attack');
        el('text', { class: 'mark', x: c * SIZE + SIZE / 2, y: r * SIZE + SIZE / 2 }, b.marks, '✗');
      }
      if (k === PLACE || k === REJECT) square(b.marks, r, c, 'tried');
      if (k === REMOVE) square(b.marks, r, c, 'left');
      for (let q = 0; q < n; q++) {
        const at = queens[q];
        b.queens[q].setAttribute('display', at < 0 ? 'none' : 'inline');
        if (at >= 0) b.queens[q].setAttribute('x', at * SIZE + SIZE / 2);
      }
      let words = '';
      const cost = ' — the check read ' + plural(read, b.unit);
      if (k === PLACE) words = 'place (' + r + ',' + c + ')' + cost;
      else if (k === REJECT) words = 'reject (' + r + ',' + c + '): ' + WHY[reason] + cost;
      else if (k === REMOVE) words = 'remove (' + r + ',' + c + '): backtrack';
      else if (k === SOLUTION) words = 'solution ' + solutions[current];
      if (k === SOLUTION) {
        el('text', { class: 'banner', x: n * SIZE / 2, y: n * SIZE / 2 }, b.marks, 'solution ' + solutions[current]);
        void b.svg.getBoundingClientRect();
        b.svg.classList.add('flash');
      }
      b.caption.textContent = words;
      b.tally.textContent = b.probes[current];
    }
    document.getElementById('step').textContent = current;
    document.getElementById('nodes').textContent = nodes[current];
    document.getElementById('solutions').textContent = solutions[current];
    document.getElementById('depth').textContent = depth[current];
    document.getElementById('goto').value = current;
    document.getElementById('link').href = '#step=' + current;
    const now = current === 0 ? 'the empty board: press → or space'
      : current === total ? (trace.complete ? 'the end of the search' : 'the last step recorded') : '';
    document.getElementById('now').textContent = now;
    renderProfile();
    const shown = queens.join(',').replace(/-1/g, '-');
    boards.forEach(function (b, index) {
      const state = document.getElementById(index === 0 ? 'state' : 'state-vs');
      state.dataset.algo = b.algo;
      state.dataset.step = current;
      state.dataset.nodes = nodes[current];
      state.dataset.probes = b.probes[current];
      state.dataset.solutions = solutions[current];
      state.dataset.queens = shown;
      state.dataset.depth = depth[current];
      state.dataset.total = total;
      state.dataset.playing = timer !== null;
      state.dataset.ready = 'true';
    });
  }

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
    document.getElementById('speed-shown').textContent = perSecond() + ' steps/s';
  }
  function tick() {
    const now = performance.now();
    owed += (now - last) * perSecond() / 1000;
    last = now;
    const steps = Math.floor(owed);
    owed -= steps;
    if (steps > 0) seek(current + steps);
    if (current >= total) pause();
  }
  function play() {
    if (timer !== null) return;
    if (current >= total) seek(0);
    last = performance.now();
    owed = 0;
    timer = setInterval(tick, 1000 / 30);
    document.getElementById('play').textContent = '⏸ pause';
    render();
  }
  function pause() {
    if (timer === null) return;
    clearInterval(timer);
    timer = null;
    document.getElementById('play').textContent = '▶ play';
    remember();
    render();
  }
  function toggle() {
    if (timer === null) play(); else pause();
  }
  /** Keeps the moment in the address, so the page's address links to it. */
  function remember() {
    try {
      history.replaceState(null, '', '#step=' + current);
    } catch (e) {
      // Some browsers refuse it for files; the link still shows the address.
    }
  }
  function step(by) {
    pause();
    seek(current + by);
    remember();
  }
  function next(wanted) {
    pause();
    for (let j = current; j < total; j++) {
      if (kind[j] === wanted) {
        seek(j + 1);
        remember();
        return;
      }
    }
    seek(total);
    remember();
  }

  const buttons = {
    start: function () { step(-current); },
    back: function () { step(-1); },
    play: toggle,
    forward: function () { step(1); },
    end: function () { step(total - current); },
    'next-backtrack': function () { next(REMOVE); },
    'next-solution': function () { next(SOLUTION); },
    go: function () { step(+document.getElementById('goto').value - current); },
  };
  for (const id in buttons) {
    const button = document.getElementById(id);
    button.addEventListener('click', function () {
      buttons[id]();
      button.blur(); // so that space goes on meaning play/pause, not "press this button again"
    });
  }
  speed.addEventListener('input', showSpeed);
  document.getElementById('goto').addEventListener('keydown', function (e) {
    if (e.key === 'Enter') buttons.go();
  });
  document.addEventListener('keydown', function (e) {
    if (e.target instanceof HTMLInputElement || e.altKey || e.ctrlKey || e.metaKey) return;
    const keys = {
      ArrowRight: buttons.forward,
      ArrowLeft: buttons.back,
      ' ': toggle,
      Home: buttons.start,
      End: buttons.end,
      b: buttons['next-backtrack'],
      s: buttons['next-solution'],
    };
    if (keys[e.key]) {
      e.preventDefault();
      keys[e.key]();
    }
  });

  /** The step the address asks for: `#step=K`, or `#step=end`. */
  function fromAddress() {
    const m = /^#step=(\d+|end)$/.exec(location.hash);
    if (!m) return 0;
    return m[1] === 'end' ? total : +m[1];
  }
  window.addEventListener('hashchange', function () {
    pause();
    seek(fromAddress());
  });

  const names = boards.map(function (b) { return b.algo; }).join(' and ');
  document.getElementById('about').textContent = names + ' on the ' + n + '×' + n + ' board: ' +
    plural(total, 'step') + (trace.complete ? ', the whole search' : ', where the trace was stopped') +
    '. Yellow: what the check read; blue: the lines of the flags it read; red: the line that refused the square.';
  document.getElementById('total').textContent = total;
  document.getElementById('goto').max = total;
  showSpeed();
  seek(fromAddress());
})();
