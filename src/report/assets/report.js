/* report.js - the HTML report's behaviour: tooltips on the timeline, the sortable buffer
 * table, the strategies' small timelines. Reads the data that html.c embeds as JSON in
 * <script id="ap-data">; works offline (no network, no libraries). Embedded by embed.py. */
(function () {
  'use strict';
  var D = JSON.parse(document.getElementById('ap-data').textContent);
  var B = D.b, N = B.length, OFF = D.plans[0].off;
  var ID = 0, NAME = 1, KIND = 2, SIZE = 3, LO = 4, UP = 5, WORD = 6, PROD = 7, CONS = 8, REUSE = 9;

  function num(v) { return v.toLocaleString('en-US'); }
  function esc(s) {
    return String(s).replace(/[&<>"']/g, function (c) {
      return {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'}[c];
    });
  }
  function who(b) { return (b[WORD] ? 'buffer ' : 'tensor ') + b[ID]; }
  /* the label of step t (D.labels is sorted by step), or null */
  function label(t) {
    var lo = 0, hi = D.labels.length;
    while (lo < hi) {
      var mid = (lo + hi) >> 1;
      if (D.labels[mid][0] < t) lo = mid + 1; else hi = mid;
    }
    return lo < D.labels.length && D.labels[lo][0] === t ? D.labels[lo][1] : null;
  }

  /* ---- tooltips on the timeline ---- */
  var tip = document.getElementById('tip');
  var plot = document.querySelector('#timeline svg.ap-timeline');
  var rects = plot ? plot.querySelectorAll('g.bufs > rect') : [];
  var index = new Map();
  for (var r = 0; r < rects.length; r++) index.set(rects[r], r);

  function tipText(i) {
    var b = B[i], o = OFF[i], L = [];
    L.push(who(b) + (b[NAME] !== null ? ' \u00b7 ' + b[NAME] : '') + ' (' + D.kinds[b[KIND]] + ')');
    L.push('size: ' + num(b[SIZE]) + ' bytes');
    L.push('lifetime: steps ' + b[LO] + '\u2013' + (b[UP] - 1) + '  [' + b[LO] + ', ' + b[UP] + ')');
    var a = label(b[LO]), z = label(b[UP] - 1);
    if (a !== null) L.push('  from ' + a);
    if (z !== null && b[UP] - 1 !== b[LO]) L.push('  to ' + z);
    L.push('offset: ' + num(o) + '\u2013' + num(o + b[SIZE]));
    L.push('producer: ' + (b[PROD] !== null ? b[PROD] : '\u2014'));
    L.push('consumers: ' + (b[CONS] !== null ? b[CONS] : '\u2014'));
    if (b[REUSE]) L.push('reuses bytes of a buffer that died before it began');
    return L.join('\n');
  }
  function place(e) {
    var x = e.clientX + 14, y = e.clientY + 14, w = tip.offsetWidth, h = tip.offsetHeight;
    if (x + w > window.innerWidth - 4) x = Math.max(4, e.clientX - w - 14);
    if (y + h > window.innerHeight - 4) y = Math.max(4, e.clientY - h - 14);
    tip.style.left = x + 'px';
    tip.style.top = y + 'px';
  }
  function show(i, e) {
    tip.textContent = tipText(i);
    tip.hidden = false;
    tip.setAttribute('data-buffer', B[i][ID]);
    place(e);
  }
  if (plot) {
    plot.addEventListener('mouseover', function (e) {
      var i = index.get(e.target);
      if (i !== undefined) show(i, e);
    });
    plot.addEventListener('mousemove', function (e) { if (!tip.hidden) place(e); });
    plot.addEventListener('mouseout', function (e) {
      if (index.has(e.target)) tip.hidden = true;
    });
    plot.addEventListener('click', function (e) {
      var i = index.get(e.target);
      if (i !== undefined) select(i, true);
    });
  }

  /* ---- the buffer table ---- */
  var table = document.getElementById('buffers');
  var tbody = table.querySelector('tbody');
  var cols = [
    function (i) { return B[i][ID]; }, function (i) { return B[i][NAME] || ''; },
    function (i) { return D.kinds[B[i][KIND]]; }, function (i) { return B[i][SIZE]; },
    function (i) { return B[i][LO]; }, function (i) { return B[i][UP] - 1; },
    function (i) { return OFF[i]; }, function (i) { return OFF[i] + B[i][SIZE]; },
    function (i) { return B[i][REUSE] ? 'yes' : ''; },
    function (i) { return B[i][PROD] || ''; }, function (i) { return B[i][CONS] || ''; }
  ];
  var numeric = [false, false, false, true, true, true, true, true, false, false, false];
  var collate = new Intl.Collator('en', {numeric: true}).compare;
  var order = [];
  for (var k = 0; k < N; k++) order.push(k);
  var selected = -1;
  /* a page of rows at a time: ten thousand rows would take the browser seconds to lay out */
  var PAGE = 500, limit = PAGE;
  var more = document.getElementById('more'), shown = document.getElementById('shown');

  function render() {
    var h = [], end = Math.min(limit, order.length);
    for (var k = 0; k < end; k++) {
      var i = order[k];
      h.push('<tr data-i="' + i + '"' + (i === selected ? ' class="sel"' : '') + '>');
      for (var c = 0; c < cols.length; c++) {
        var v = cols[c](i);
        h.push(numeric[c] ? '<td class="n">' + num(v) + '</td>' : '<td>' + esc(v) + '</td>');
      }
      h.push('</tr>');
    }
    tbody.innerHTML = h.join('');
    shown.textContent = end < order.length ? 'showing ' + num(end) + ' of ' + num(order.length) + ' buffers'
                                           : 'all ' + num(order.length) + ' buffers';
    more.hidden = end >= order.length;
  }
  more.addEventListener('click', function () {
    limit = order.length;
    render();
  });
  function sortBy(c, dir) {
    var get = cols[c], isNum = numeric[c];
    order.sort(function (a, b) {
      var d = isNum ? get(a) - get(b) : collate(get(a), get(b));
      return (d || a - b) * dir;
    });
    var ths = table.querySelectorAll('thead th');
    for (var t = 0; t < ths.length; t++) ths[t].removeAttribute('aria-sort');
    ths[c].setAttribute('aria-sort', dir > 0 ? 'ascending' : 'descending');
    render();
  }
  function select(i, scroll) {
    selected = i;
    var at = order.indexOf(i);
    if (at >= limit) {
      limit = at + 1;
      render();
    }
    var old = tbody.querySelector('tr.sel');
    if (old) old.classList.remove('sel');
    var row = tbody.querySelector('tr[data-i="' + i + '"]');
    if (row) {
      row.classList.add('sel');
      if (scroll) row.scrollIntoView({block: 'nearest'});
    }
  }
  var heads = table.querySelectorAll('thead th');
  for (var c = 0; c < heads.length; c++) {
    heads[c].addEventListener('click', (function (c) {
      return function () {
        var cur = heads[c].getAttribute('aria-sort');
        sortBy(c, cur === 'ascending' ? -1 : 1);
      };
    })(c));
  }
  /* hovering a row outlines its rectangle */
  var lit = null;
  tbody.addEventListener('mouseover', function (e) {
    var tr = e.target.closest('tr');
    if (!tr) return;
    if (lit) lit.classList.remove('hl');
    lit = rects[+tr.getAttribute('data-i')] || null;
    if (lit) lit.classList.add('hl');
  });
  tbody.addEventListener('mouseleave', function () {
    if (lit) lit.classList.remove('hl');
    lit = null;
  });
  render();

  /* ---- the strategies' timelines, on one byte scale so their heights compare ---- */
  var top = 1;
  D.plans.forEach(function (p) { top = Math.max(top, p.arena); });
  var canvases = document.querySelectorAll('#strategies canvas');
  for (var q = 0; q < canvases.length && q < D.plans.length; q++) {
    var cv = canvases[q], off = D.plans[q].off;
    var w = cv.clientWidth || 240, hh = cv.clientHeight || 110, dpr = window.devicePixelRatio || 1;
    cv.width = Math.round(w * dpr);
    cv.height = Math.round(hh * dpr);
    var g = cv.getContext('2d');
    g.scale(dpr, dpr);
    var sx = w / (D.t1 - D.t0), sy = hh / top;
    for (var i = 0; i < N; i++) {
      var b = B[i];
      g.fillStyle = D.colours[b[KIND]];
      g.fillRect((b[LO] - D.t0) * sx, hh - (off[i] + b[SIZE]) * sy, Math.max(0.5, (b[UP] - b[LO]) * sx),
                 Math.max(b[SIZE] ? 0.5 : 0, b[SIZE] * sy));
    }
    g.strokeStyle = '#d62728';
    g.setLineDash([4, 3]);
    g.beginPath();
    g.moveTo(0, hh - D.lower * sy);
    g.lineTo(w, hh - D.lower * sy);
    g.stroke();
  }
  document.documentElement.setAttribute('data-ready', '1');
})();
