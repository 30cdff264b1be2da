// labs trace --algo min-conflicts --html: the repairs of local search, replayed on one board.
//
// The steps are the lines of `labs trace --algo min-conflicts --json`, each with its caption in
// the page's language; step k (from 1) shows the board after the k-th: a start, a swap, the
// solution. Each row is followed by the number of queens that attack its queen, so a swap is
// seen lowering them. The state is readable from the DOM (#state's data-step, data-conflicts,
// data-pairs), for a test in a real browser to compare with `--json`.
'use strict';
(() => {
  document.documentElement.classList.add('js');
  const $ = (id) => document.getElementById(id);
  const data = JSON.parse($('trace').textContent);
  const { words, steps, n } = data;
  const group = document.createElement('span');
  group.className = 'group';
  for (const id of ['start', 'back', 'play', 'forward', 'end']) {
    const button = document.createElement('button');
    button.id = id;
    button.textContent = words[id];
    group.append(button);
  }
  $('controls').append(group);
  $('step-word').textContent = words.step;
  $('pairs-word').textContent = words.pairs;
  $('about').textContent = words.about;
  $('total').textContent = String(steps.length);
  const squares = [];
  const counts = [];
  for (let r = 0; r < n; r++) {
    const tr = $('local-board').insertRow();
    squares.push(Array.from({ length: n }, (_, c) => {
      const td = tr.insertCell();
      td.className = (r + c) % 2 ? 'dark' : 'light';
      return td;
    }));
    const count = tr.insertCell();
    count.className = 'count';
    counts.push(count);
  }
  let at = Math.min(1, steps.length);
  let timer = null;
  const show = () => {
    const s = steps[at - 1];
    if (!s) return;
    const moved = s.event === 'swap' ? s.rows : [];
    for (let r = 0; r < n; r++) {
      squares[r].forEach((td, c) => {
        const queen = s.cols[r] === c;
        td.textContent = queen ? '\u265b' : '';
        td.classList.toggle('attacked', queen && s.conflicts[r] > 0);
        td.classList.toggle('moved', queen && moved.includes(r));
      });
      counts[r].textContent = String(s.conflicts[r]);
      counts[r].classList.toggle('hot', s.conflicts[r] > 0);
    }
    $('step').textContent = String(at);
    $('pairs').textContent = String(s.pairs);
    $('now').textContent = s.caption;
    const state = $('state').dataset;
    state.step = String(at);
    state.conflicts = s.conflicts.join(' ');
    state.pairs = String(s.pairs);
    state.event = s.event;
  };
  const go = (k) => {
    at = Math.max(Math.min(1, steps.length), Math.min(steps.length, k));
    show();
  };
  const pause = () => {
    clearInterval(timer);
    timer = null;
    $('play').textContent = words.play;
  };
  const play = () => {
    if (timer) return pause();
    if (at >= steps.length) go(1);
    $('play').textContent = words.pause;
    timer = setInterval(() => (at >= steps.length ? pause() : go(at + 1)), 400);
  };
  $('start').onclick = () => go(1);
  $('back').onclick = () => go(at - 1);
  $('forward').onclick = () => go(at + 1);
  $('end').onclick = () => go(steps.length);
  $('play').onclick = play;
  document.addEventListener('keydown', (e) => {
    const keys = { ArrowRight: () => go(at + 1), ArrowLeft: () => go(at - 1), Home: () => go(1), End: () => go(steps.length), ' ': play };
    if (keys[e.key]) {
      e.preventDefault();
      keys[e.key]();
    }
  });
  const asked = () => /#step=(\d+)/.exec(location.hash);
  window.addEventListener('hashchange', () => asked() && go(Number(asked()[1])));
  go(asked() ? Number(asked()[1]) : 1);
})();
