/* report.js - the HTML report's behaviour: tooltips on the timeline, the operator at each step
 * on hover of the charts, drag to zoom on a range of steps (double-click resets), the sortable
 * buffer table, the strategies' small timelines. Reads the data that html.c embeds as JSON in
 * <script id="ap-data">; works offline (no network, no libraries). Embedded by embed.py. */
(function () {
  'use strict';
  var D = JSON.parse(document.getElementById('ap-data').textContent);
  var B = D.b, N = B.length, OFF = D.plans[0].off;
  var ID = 0, NAME = 1, KIND = 2, SIZE = 3, LO = 4, UP = 5, WORD = 6, PROD = 7, CONS = 8, REUSE = 9, TYPE = 10;

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
    if (b[TYPE] !== null) L.push('type: ' + b[TYPE]);
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
      if (i !== undefined && !dragged) select(i, true);
    });
  }

  /* ---- the charts' x axis: the operator at each step on hover, drag to zoom ---- */
  /* live bytes per step: the steps where the sum changes (S) and the sum from each on (L) */
  var S = [], L = [];
  (function () {
    var ev = [];
    for (var i = 0; i < N; i++) {
      ev.push([B[i][LO], B[i][SIZE]]);
      ev.push([B[i][UP], -B[i][SIZE]]);
    }
    ev.sort(function (a, b) { return a[0] - b[0]; });
    var sum = 0;
    for (var k = 0; k < ev.length; k++) {
      sum += ev[k][1];
      if (k + 1 === ev.length || ev[k + 1][0] !== ev[k][0]) {
        S.push(ev[k][0]);
        L.push(sum);
      }
    }
  })();
  function liveAt(t) {
    var lo = 0, hi = S.length;
    while (lo < hi) {
      var mid = (lo + hi) >> 1;
      if (S[mid] <= t) lo = mid + 1; else hi = mid;
    }
    return lo ? L[lo - 1] : 0;
  }
  function niceStep(raw) {
    if (!(raw > 0)) return 1;
    var mag = Math.pow(10, Math.floor(Math.log10(raw)));
    var m = [1, 2, 5, 10];
    for (var k = 0; k < m.length; k++) if (m[k] * mag >= raw * 0.999999) return m[k] * mag;
    return 10 * mag;
  }
  var SVGNS = (document.querySelector('svg') || {}).namespaceURI; /* read from the page, which names no URL */
  var view = {a: D.t0, b: D.t1};
  var charts = [];
  ['#timeline svg.ap-timeline', '#live svg.ap-live'].forEach(function (sel) {
    var outer = document.querySelector(sel);
    if (!outer) return;
    var inner = outer.querySelector('svg.plot'), xax = outer.querySelector('g.xax');
    var name = xax ? xax.querySelector('text.xname') : null;
    charts.push({outer: outer, inner: inner, xax: xax, title: name ? name.textContent : 'time step',
                 titleY: name ? +name.getAttribute('y') : 0, x0: +inner.getAttribute('x'),
                 w: +inner.getAttribute('width'), y0: +inner.getAttribute('y'), h: +inner.getAttribute('height'),
                 top: inner.viewBox.baseVal.height});
  });
  function svgX(c, e) {
    var r = c.outer.getBoundingClientRect();
    return (e.clientX - r.left) * c.outer.viewBox.baseVal.width / r.width;
  }
  function svgY(c, e) {
    var r = c.outer.getBoundingClientRect();
    return (e.clientY - r.top) * c.outer.viewBox.baseVal.height / r.height;
  }
  /* the step under x (svg units), or null outside the plot */
  function stepAt(c, x) {
    if (x < c.x0 || x > c.x0 + c.w) return null;
    return Math.min(view.b - 1, Math.floor(view.a + (x - c.x0) / c.w * (view.b - view.a)));
  }
  function el(tag, attrs, text) {
    var e = document.createElementNS(SVGNS, tag);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function drawAxis(c) {
    if (!c.xax) return;
    while (c.xax.firstChild) c.xax.removeChild(c.xax.firstChild);
    var span = view.b - view.a, step = Math.max(1, niceStep(span / 12));
    var base = c.y0 + c.h;
    for (var v = Math.ceil(view.a / step) * step; v < view.b; v += step) {
      var x = c.x0 + (v + 0.5 - view.a) * c.w / span;
      c.xax.appendChild(el('line', {'class': 'grid', x1: x.toFixed(1), y1: base, x2: x.toFixed(1), y2: base + 4}));
      c.xax.appendChild(el('text', {x: x.toFixed(1), y: base + 16}, String(v)));
    }
    c.xax.appendChild(el('text', {'class': 'xname', x: (c.x0 + c.w / 2).toFixed(1), y: c.titleY}, c.title));
  }
  var zoomNote = document.createElement('p');
  zoomNote.className = 'note';
  zoomNote.id = 'zoomnote';
  zoomNote.hidden = true;
  if (charts.length) charts[0].outer.parentNode.insertBefore(zoomNote, charts[0].outer.nextSibling);
  function setView(a, b) {
    view = {a: a, b: b};
    var whole = a === D.t0 && b === D.t1;
    charts.forEach(function (c) {
      c.inner.setAttribute('viewBox', a + ' 0 ' + (b - a) + ' ' + c.top);
      c.outer.classList.toggle('zoomed', !whole);
      drawAxis(c);
    });
    zoomNote.hidden = whole;
    zoomNote.textContent = whole ? '' : 'Steps ' + a + '\u2013' + (b - 1) + ' of ' + D.t0 + '\u2013' + (D.t1 - 1) +
                                        ' (double-click a chart to see them all) ';
    if (!whole) {
      var reset = document.createElement('button');
      reset.type = 'button';
      reset.textContent = 'show all steps';
      reset.addEventListener('click', function () { setView(D.t0, D.t1); });
      zoomNote.appendChild(reset);
    }
    document.documentElement.setAttribute('data-view', a + ',' + b);
  }
  var steptip = document.createElement('div');
  steptip.id = 'steptip';
  steptip.hidden = true;
  document.body.appendChild(steptip);
  var drag = null, dragged = false;
  charts.forEach(function (c) {
    var guide = null;
    function hideStep() {
      steptip.hidden = true;
      if (guide) guide.remove();
      guide = null;
    }
    c.outer.addEventListener('mousemove', function (e) {
      var x = svgX(c, e), y = svgY(c, e), t = stepAt(c, x);
      if (drag && drag.c === c) {
        var a = Math.max(c.x0, Math.min(drag.x, x)), b = Math.min(c.x0 + c.w, Math.max(drag.x, x));
        drag.rect.setAttribute('x', a.toFixed(1));
        drag.rect.setAttribute('width', (b - a).toFixed(1));
      }
      if (t === null || y < c.y0 || index.has(e.target)) return hideStep();
      var lab = label(t);
      steptip.textContent = 'step ' + t + (lab !== null ? ' \u00b7 ' + lab : '') + '\n' + num(liveAt(t)) + ' bytes live';
      steptip.setAttribute('data-step', t);
      steptip.hidden = false;
      var sx = c.x0 + (t + 0.5 - view.a) * c.w / (view.b - view.a);
      if (!guide) guide = c.outer.appendChild(el('line', {'class': 'guide'}));
      guide.setAttribute('x1', sx.toFixed(1));
      guide.setAttribute('x2', sx.toFixed(1));
      guide.setAttribute('y1', c.y0);
      guide.setAttribute('y2', c.y0 + c.h + 4);
      var px = e.clientX + 14, py = e.clientY + 14, w = steptip.offsetWidth, h = steptip.offsetHeight;
      if (px + w > window.innerWidth - 4) px = Math.max(4, e.clientX - w - 14);
      if (py + h > window.innerHeight - 4) py = Math.max(4, e.clientY - h - 14);
      steptip.style.left = px + 'px';
      steptip.style.top = py + 'px';
    });
    c.outer.addEventListener('mouseleave', hideStep);
    c.outer.addEventListener('mousedown', function (e) {
      var x = svgX(c, e);
      if (e.button !== 0 || stepAt(c, x) === null) return;
      e.preventDefault();
      dragged = false;
      drag = {c: c, x: x, rect: c.outer.appendChild(el('rect', {'class': 'zsel', x: x.toFixed(1), y: c.y0,
                                                                  width: 0, height: c.h}))};
    });
    c.outer.addEventListener('dblclick', function () { setView(D.t0, D.t1); });
  });
  window.addEventListener('mouseup', function (e) {
    if (!drag) return;
    var c = drag.c, x = svgX(c, e), a = Math.min(drag.x, x), b = Math.max(drag.x, x);
    drag.rect.remove();
    drag = null;
    if (b - a < 4) return; /* a click, not a drag */
    dragged = true;
    setTimeout(function () { dragged = false; }, 0);
    var span = view.b - view.a;
    var sa = Math.floor(view.a + (Math.max(a, c.x0) - c.x0) / c.w * span);
    var sb = Math.ceil(view.a + (Math.min(b, c.x0 + c.w) - c.x0) / c.w * span);
    sa = Math.max(D.t0, sa);
    sb = Math.min(D.t1, Math.max(sb, sa + 1));
    setView(sa, sb);
  });

  /* ---- the buffer table ---- */
  var table = document.getElementById('buffers');
  var tbody = table.querySelector('tbody');
  var cols = [
    function (i) { return B[i][ID]; }, function (i) { return B[i][NAME] || ''; },
    function (i) { return B[i][TYPE] || ''; },
    function (i) { return D.kinds[B[i][KIND]]; }, function (i) { return B[i][SIZE]; },
    function (i) { return B[i][LO]; }, function (i) { return B[i][UP] - 1; },
    function (i) { return OFF[i]; }, function (i) { return OFF[i] + B[i][SIZE]; },
    function (i) { return B[i][REUSE] ? 'yes' : ''; },
    function (i) { return B[i][PROD] || ''; }, function (i) { return B[i][CONS] || ''; }
  ];
  var numeric = [false, false, false, false, true, true, true, true, true, false, false, false];
  var collate = new Intl.Collator('en', {numeric: true}).compare;
  var order = [];
  for (var k = 0; k < N; k++) order.push(k);
  /* first use first, as the terminal table lists them */
  order.sort(function (a, b) { return B[a][LO] - B[b][LO] || a - b; });
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
        /* text cells end in an ellipsis when cut (CSS); the title holds all of it */
        h.push(numeric[c] ? '<td class="n">' + num(v) + '</td>' : '<td title="' + esc(v) + '">' + esc(v) + '</td>');
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
  table.querySelectorAll('thead th')[5].setAttribute('aria-sort', 'ascending');
  render();

  /* ---- the strategies' timelines, on one byte scale so their heights compare: the largest
   * plan's but linear's, which html.c writes as each card's data-scale ---- */
  var canvases = document.querySelectorAll('#strategies canvas');
  for (var q = 0; q < canvases.length && q < D.plans.length; q++) {
    var cv = canvases[q], off = D.plans[q].off;
    var top = Math.max(1, +cv.parentNode.getAttribute('data-scale'));
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
