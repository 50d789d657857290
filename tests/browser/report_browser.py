#!/usr/bin/env python3
"""report_browser.py - the HTML report and the SVG timeline, checked in a real browser.

Writes reports with the built `arenaplan`, opens them from file:// in headless Chromium (driven
through the DevTools protocol, cdp.py) and asserts on the rendered page: one rectangle per
buffer, the summary figures, the tooltip after a real (simulated) mouse hover, sorting the
table, the strategy cards, no script errors, a screenshot of the timeline that is not blank.
SVG output must be well-formed XML (xmllint) and render one rectangle per buffer too.

Exit status: 0 pass, 1 fail, 77 skipped (CTest's SKIP_RETURN_CODE) when Chromium is missing
and $CI is not set; in CI a missing Chromium or xmllint fails the test.

usage: report_browser.py --cli PATH/arenaplan --src SOURCE_DIR --tmp TMP_DIR"""
import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cdp  # noqa: E402

FAILURES = []


def check(cond, what):
    if cond:
        print('  ok   ' + what)
    else:
        print('  FAIL ' + what)
        FAILURES.append(what)


def equal(got, want, what):
    check(got == want, '%s: got %r, want %r' % (what, got, want))


def run(args, expect=0):
    r = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if r.returncode != expect:
        raise RuntimeError('%s exited %d (want %d): %s' % (' '.join(args), r.returncode, expect, r.stderr))
    return r


def file_url(path):
    return 'file://' + os.path.abspath(path)


def xml_well_formed(path):
    r = subprocess.run(['xmllint', '--noout', path], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return r.returncode == 0, r.stderr.strip()


def not_blank(png, what):
    """The picture has ink: several colours and a fair share of non-white pixels."""
    w, h, rows = cdp.png_pixels(png)
    colours, ink = set(), 0
    for row in rows:
        for px in row:
            colours.add(px)
            if px[0] < 235 or px[1] < 235 or px[2] < 235:
                ink += 1
    check(len(colours) >= 5 and ink > w * h // 20,
          '%s: screenshot %dx%d is not blank (%d colours, %.1f%% ink)' % (what, w, h, len(colours),
                                                                          100.0 * ink / (w * h)))


def hover(b, selector):
    """Moves the mouse over the centre of the element and returns the tooltip's text and state."""
    box = b.js('(function(){var e=document.querySelector(%s);e.scrollIntoView({block:"center"});'
               'var r=e.getBoundingClientRect();return [r.left+r.width/2,r.top+r.height/2];})()'
               % json.dumps(selector))
    b.mouse('mouseMoved', box[0], box[1])
    return b.js('[document.getElementById("tip").hidden, document.getElementById("tip").textContent]')


def check_report(b, html, n, figures, hover_checks, strategies, label):
    print('%s: %s' % (label, html))
    b.events = []
    b.open(file_url(html))
    equal(b.js('document.documentElement.getAttribute("data-ready")'), '1', label + ': the script ran to its end')
    equal(b.js('document.querySelectorAll("#timeline g.bufs > rect").length'), n,
          label + ': one rectangle per buffer in the timeline')
    equal(b.js('document.querySelectorAll("#buffers tbody tr").length'), min(n, 500),
          label + ': one table row per buffer, 500 at first')
    for key, want in figures.items():
        equal(b.js('(function(){var e=document.getElementById(%s);return e?e.textContent:null})()'
                   % json.dumps(key)), want, '%s: figure #%s' % (label, key))
    cards = b.js('Array.from(document.querySelectorAll("#strategies .card")).map(function(c){'
                 'return [c.querySelector("h3").textContent, c.querySelector(".arena").textContent]})')
    equal([c[0] for c in cards], [s[0] for s in strategies], label + ': strategy cards')
    for (name, arena), card in zip(strategies, cards):
        if arena is not None:
            equal(card[1], '%d bytes' % arena, '%s: arena of %s' % (label, name))
    check(b.js('document.getElementById("tip").hidden'), label + ': tooltip hidden before hovering')
    for index, needles in hover_checks:
        hidden, text = hover(b, '#timeline g.bufs > rect:nth-child(%d)' % (index + 1))
        check(not hidden, '%s: tooltip shown when hovering buffer #%d' % (label, index))
        for needle in needles:
            check(needle in text, '%s: tooltip of buffer #%d says %r (it says %r)' % (label, index, needle, text))
    return cards


def worked_example(b, cli, tmp):
    """Issue 2's example: five buffers, lower bound 700 at step 4; greedy reaches it."""
    csv = os.path.join(tmp, 'browser_example.csv')
    with open(csv, 'w') as f:
        f.write('id,lower,end,size,name\n0,0,1,100,in\n1,1,3,200,a & b\n2,2,4,150,<c>\n3,3,5,300,d\n4,4,6,250,e\n')
    html, svg = os.path.join(tmp, 'browser_example.html'), os.path.join(tmp, 'browser_example.svg')
    run([cli, 'report', csv, '--strategy', 'greedy', '--strategy', 'linear', '-o', html, '--svg', svg])
    figures = {'sum-head': '700 bytes 700 B', 'sum-lower': '700 bytes', 'sum-efficiency': '100.0%',
               'sum-linear': '1000 bytes', 'sum-saving': '300 bytes 30.0%', 'sum-reuse': '2 of 5 40.0%',
               'sum-padding': '0 bytes', 'sum-peak': '700 bytes', 'sum-buffers': '5 0 fixed',
               'peak-steps': '700 bytes live at step 4'}
    hovers = [(3, ['tensor 3 \u00b7 d (buffer)', 'size: 300 bytes', 'lifetime: steps 3\u20135  [3, 6)',
                   'offset: 0\u2013300', 'producer: \u2014', 'consumers: \u2014',
                   'reuses bytes of a buffer that died before it began']),
              (1, ['tensor 1 \u00b7 a & b (buffer)', 'size: 200 bytes', 'offset: 300\u2013500'])]
    check_report(b, html, 5, figures, hovers, [('greedy', 700), ('linear', 1000)], 'worked example')
    # the peak buffers, largest first, with their shares
    equal(b.js('Array.from(document.querySelectorAll("#peak-buffers tbody tr")).map(function(r){return r.textContent})'),
          ['tensor 3d30042.9%', 'tensor 4e25035.7%', 'tensor 2<c>15021.4%'], 'worked example: peak buffers')
    # sorting: size ascending, then descending
    size_th = 'document.querySelectorAll("#buffers thead th")[4]'
    b.js(size_th + '.click()')
    equal(b.js('Array.from(document.querySelectorAll("#buffers tbody tr")).map(function(r){return r.cells[0].textContent})'),
          ['0', '2', '1', '4', '3'], 'worked example: table sorted by size, ascending')
    equal(b.js(size_th + '.getAttribute("aria-sort")'), 'ascending', 'worked example: aria-sort ascending')
    b.js(size_th + '.click()')
    equal(b.js('Array.from(document.querySelectorAll("#buffers tbody tr")).map(function(r){return r.cells[0].textContent})'),
          ['3', '4', '1', '2', '0'], 'worked example: table sorted by size, descending')
    # a real click on a rectangle selects its row
    box = b.js('(function(){var r=document.querySelectorAll("#timeline g.bufs > rect")[2].getBoundingClientRect();'
               'return [r.left+r.width/2, r.top+r.height/2]})()')
    b.click(box[0], box[1])
    equal(b.js('(function(){var r=document.querySelector("#buffers tr.sel");return r?r.cells[0].textContent:null})()'),
          '2', 'worked example: clicking a rectangle selects its table row')
    equal(b.errors(), [], 'worked example: no script errors')
    shot = b.screenshot(full_page=True)
    with open(os.path.join(tmp, 'browser_example.png'), 'wb') as f:
        f.write(shot)
    box = b.js('(function(){var r=document.querySelector("#timeline svg").getBoundingClientRect();'
               'return [r.left+window.scrollX, r.top+window.scrollY, r.width, r.height]})()')
    clip = b.call('Page.captureScreenshot', {'format': 'png', 'captureBeyondViewport': True,
                                             'clip': {'x': box[0], 'y': box[1], 'width': box[2],
                                                      'height': box[3], 'scale': 1}})
    import base64
    not_blank(base64.b64decode(clip['data']), 'worked example timeline')

    # the SVG alone: well-formed XML that renders one rectangle per buffer, with titles
    ok, msg = xml_well_formed(svg)
    check(ok, 'worked example: the SVG is well-formed XML ' + msg)
    b.events = []
    b.open(file_url(svg))
    equal(b.js('document.querySelectorAll("g.bufs > rect").length'), 5, 'SVG: one rectangle per buffer')
    equal(b.js('document.querySelector("g.bufs > rect:nth-child(2) title").textContent'),
          'tensor 1 a & b (buffer): 200 bytes at offset 300-500, steps 1-3', 'SVG: title of buffer 1')
    not_blank(b.screenshot(full_page=False), 'SVG')
    equal(b.errors(), [], 'SVG: no errors')


def tflm_reference(b, cli, src, tmp):
    """A real model's problem as TFLM planned it (corpus/reference/plans): with its offsets as
    fixed, the report shows TFLM's own arena; without them, our strategies plan it."""
    name = 'mltk_keyword_spotting_on_off_v3'
    ref = os.path.join(src, 'corpus', 'reference', 'plans', name + '.csv')
    heads = {}
    with open(os.path.join(src, 'corpus', 'reference', 'tflm_head_sizes.csv')) as f:
        cols = f.readline().strip().split(',')
        for line in f:
            row = dict(zip(cols, line.strip().split(',')))
            heads[row['model']] = row
    rows = open(ref).read().splitlines()
    n = len(rows) - 1
    html = os.path.join(tmp, 'browser_tflm.html')
    run([cli, 'report', ref, '--strategy', 'greedy', '-o', html])
    head = int(heads[name]['head_greedy'])
    check_report(b, html, n, {'sum-head': '%d bytes %s' % (head, human(head))}, [(0, ['tensor 0', 'size: '])],
                 [('greedy', head)], 'TFLM reference plan (fixed offsets)')
    equal(b.errors(), [], 'TFLM reference plan: no script errors')
    # the same problem without the offsets, planned by the default strategies
    free_csv = os.path.join(tmp, 'browser_tflm_free.csv')
    with open(free_csv, 'w') as f:
        f.write('id,lower,upper,size\n')
        for line in rows[1:]:
            f.write(','.join(line.split(',')[:4]) + '\n')
    html2, svg2 = os.path.join(tmp, 'browser_tflm_free.html'), os.path.join(tmp, 'browser_tflm_free.svg')
    run([cli, 'report', free_csv, '-o', html2, '--svg', svg2, '--quiet'])
    js = json.loads(run([cli, 'plan', free_csv, '--format', 'json', '--quiet']).stdout)
    cards = check_report(b, html2, n, {'sum-head': '%d bytes %s' % (js['head_bytes'], human(js['head_bytes'])),
                                       'sum-lower': '%d bytes' % js['lower_bound'],
                                       'sum-peak': '%d bytes' % js['summary']['peak_bytes']},
                         [(0, ['tensor 0'])], [('best:' + js['strategy'].split(':', 1)[-1] if ':' in js['strategy']
                                                else js['strategy'], js['head_bytes']),
                                               ('greedy', head), ('bestfit-size', None), ('linear', int(heads[name]['head_linear']))],
                         'TFLM reference problem (planned)')
    equal(b.errors(), [], 'TFLM reference problem: no script errors')
    ok, msg = xml_well_formed(svg2)
    check(ok, 'TFLM reference problem: the SVG is well-formed XML ' + msg)
    del cards


def tflite_model(b, cli, src, tmp):
    """A .tflite model: names, kinds, producers, consumers and operator labels in the page."""
    model = os.path.join(src, 'corpus', 'models', 'tflm', 'person_detect.tflite')
    js = json.loads(run([cli, 'plan', model, '--strategy', 'greedy', '--format', 'json']).stdout)
    n = len(js['buffers'])
    html, svg = os.path.join(tmp, 'browser_model.html'), os.path.join(tmp, 'browser_model.svg')
    run([cli, 'report', model, '--strategy', 'greedy', '--strategy', 'linear', '-o', html, '--svg', svg])
    # the buffer with a producer and consumers that is largest: its tooltip names them
    best = max((i for i, x in enumerate(js['buffers']) if 'producer' in x and 'consumers' in x),
               key=lambda i: js['buffers'][i]['size'])
    x = js['buffers'][best]
    needles = ['size: %s bytes' % format(x['size'], ','), 'producer: ' + x['producer'],
               'consumers: ' + x['consumers']]
    if 'name' in x:
        needles.append(x['name'])
    # a model's planned section is its head; the arena is TFLM's whole arena on the target
    t = js['tflm']
    check_report(b, html, n, {'sum-head': '%d bytes %s' % (js['head_bytes'], human(js['head_bytes'])),
                              'sum-arena': '%d bytes head %d + tail %d' % (t['min_arena'], t['head'], t['tail'])},
                 [(best, needles)], [('greedy', js['head_bytes']), ('linear', None)], 'tflite model')
    equal(b.js('document.querySelectorAll("#tail tbody tr").length'), 9,
          'tflite model: the tail by category, and its sum')
    check(b.js('document.getElementById("peak-ops") !== null'), 'tflite model: operators at the peak shown')
    equal(b.errors(), [], 'tflite model: no script errors')
    ok, msg = xml_well_formed(svg)
    check(ok, 'tflite model: the SVG is well-formed XML ' + msg)


def large(b, cli, tmp):
    """10k buffers: the page still loads, draws every rectangle and shows a tooltip."""
    rng = random.Random(5)
    csv = os.path.join(tmp, 'browser_large.csv')
    with open(csv, 'w') as f:
        f.write('id,lower,upper,size\n')
        for i in range(10000):
            lo = rng.randrange(0, 2000)
            f.write('b%d,%d,%d,%d\n' % (i, lo, lo + rng.randrange(1, 40), 16 * rng.randrange(1, 64)))
    html = os.path.join(tmp, 'browser_large.html')
    run([cli, 'report', csv, '--strategy', 'greedy', '-o', html])
    check(os.path.getsize(html) < 5 * 1024 * 1024, 'large: report under 5 MB (%d bytes)' % os.path.getsize(html))
    start = time.time()
    check_report(b, html, 10000, {}, [(0, ['tensor b0'])], [('greedy', None)], 'large (10k buffers)')
    print('  (loaded and checked in %.2f s)' % (time.time() - start))
    equal(b.js('document.getElementById("shown").textContent'), 'showing 500 of 10,000 buffers',
          'large: the table says how many rows it shows')
    b.js('document.getElementById("more").click()')
    equal(b.js('document.querySelectorAll("#buffers tbody tr").length'), 10000, 'large: "show all" shows every row')
    equal(b.js('document.getElementById("shown").textContent'), 'all 10,000 buffers', 'large: all rows shown')
    equal(b.errors(), [], 'large: no script errors')


def rects_overlap(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def fits_the_page(b, cli, src, tmp):
    """Issue 17: long fused names do not push the numbers off a 1400-pixel page; the live chart's
    labels do not overlap; the small timelines share the largest non-linear plan's scale; the x
    axis names the operator under the pointer; drag zooms on steps, double-click resets."""
    model = os.path.join(src, 'corpus', 'models', 'more', 'litert_blazeface_mlkit_v1.tflite')
    html = os.path.join(tmp, 'browser_fits.html')
    run([cli, 'report', model, '-o', html, '--quiet'])
    js = json.loads(run([cli, 'plan', model, '--format', 'json', '--quiet']).stdout)
    b.call('Emulation.setDeviceMetricsOverride', {'width': 1400, 'height': 900, 'deviceScaleFactor': 1,
                                                  'mobile': False})
    b.events = []
    b.open(file_url(html))
    label = 'fits the page (1400 px)'
    equal(b.js('document.documentElement.getAttribute("data-ready")'), '1', label + ': the script ran')
    equal(b.js('document.getElementById("stock").textContent'),
          'stock TFLM (greedy): 720476 bytes; this plan needs `arenaplan embed` (or the header\'s BufferPlan) '
          'to take effect', label + ': the stock TFLM line')
    # the table: no sideways scroll, every number whole and inside the viewport, names cut with
    # the whole name on hover, one height for every row
    equal(b.js('(function(){var t=document.getElementById("buffers");return t.scrollWidth<=t.parentNode.clientWidth})()'),
          True, label + ': the buffer table needs no sideways scroll')
    cells = b.js('(function(){var out=[];var rows=document.querySelectorAll("#buffers tbody tr");'
                 'for(var k=0;k<rows.length;k++){for(var c=4;c<=8;c++){var e=rows[k].cells[c],r=e.getBoundingClientRect();'
                 'out.push([r.left,r.right,e.scrollWidth<=e.clientWidth])}}return out})()')
    check(len(cells) == 5 * len(js['buffers']), label + ': five numeric cells a row (%d)' % len(cells))
    check(all(c[0] >= 0 and c[1] <= 1400 for c in cells), label + ': every numeric cell inside the viewport')
    check(all(c[2] for c in cells), label + ': no number is cut')
    heights = b.js('Array.from(document.querySelectorAll("#buffers tbody tr")).map(function(r){return r.offsetHeight})')
    equal(len(set(heights)), 1, label + ': one row height (%s)' % sorted(set(heights)))
    cut = b.js('(function(){var out=[];document.querySelectorAll("#buffers tbody tr").forEach(function(r){'
               'var e=r.cells[1];if(e.scrollWidth>e.clientWidth)out.push([r.cells[0].textContent,e.title])});return out})()')
    names = dict((x['id'], x.get('name')) for x in js['buffers'])
    check(len(cut) > 0, label + ': long names are cut (%d)' % len(cut))
    check(all(names[i] == t for i, t in cut), label + ': a cut name carries all of it in its title')
    # a screenshot of the viewport: the "end" column's digits are drawn inside it
    box = b.js('(function(){var e=document.querySelector("#buffers tbody tr:first-child").cells[8];'
               'e.scrollIntoView({block:"center"});var r=e.getBoundingClientRect();return [r.left,r.top,r.right,r.bottom]})()')
    w, h, rows = cdp.png_pixels(b.screenshot(full_page=False))
    equal(w, 1400, label + ': the screenshot is 1400 pixels wide')
    ink = sum(1 for y in range(int(box[1]), min(h, int(box[3]))) for x in range(int(box[0]), min(w, int(box[2])))
              if max(rows[y][x]) < 128)
    check(box[2] <= w and ink > 10, label + ': the end column is drawn inside the screenshot (%d dark pixels, '
                                    'x %d-%d)' % (ink, box[0], box[2]))
    # the live chart: legend entries and the chart's texts never overlap
    legend = b.js('Array.from(document.querySelectorAll("#live-legend li")).map(function(e){'
                  'var r=e.getBoundingClientRect();return [r.left,r.top,r.right,r.bottom,e.textContent]})')
    equal([x[4] for x in legend], ['best:bestfit-size, bestfit-size 516096', 'greedy 688128',
                                   'linear 3213872 (above the chart)', 'lower bound 516096', 'live bytes'],
          label + ': the legend names every arena once')
    check(not any(rects_overlap(legend[i], legend[j]) for i in range(len(legend)) for j in range(i)),
          label + ': legend entries do not overlap')
    texts = b.js('Array.from(document.querySelectorAll("#live svg.ap-live > text, #live svg.ap-live g.ax > text"))'
                 '.map(function(e){var r=e.getBoundingClientRect();return [r.left,r.top,r.right,r.bottom,e.textContent]})')
    clash = [(x[4], y[4]) for i, x in enumerate(texts) for y in texts[:i] if rects_overlap(x, y)]
    equal(clash, [], label + ': no two texts of the live chart overlap')
    # the small timelines: one scale, the largest plan's but linear's
    scales = b.js('Array.from(document.querySelectorAll("#strategies .card")).map(function(c){'
                  'return [c.querySelector("h3").textContent, +c.getAttribute("data-scale")]})')
    equal([x[1] for x in scales], [688128, 688128, 688128, 3213872], label + ': the cards\' byte scales (%s)' % scales)
    # the x axis: the operator under the pointer
    pt = b.js('(function(){var s=document.querySelector("#timeline svg.ap-timeline"),p=s.querySelector("svg.plot"),'
              'r=s.getBoundingClientRect(),k=r.width/s.viewBox.baseVal.width;s.scrollIntoView({block:"center"});r=s.getBoundingClientRect();'
              'var x0=+p.getAttribute("x"),w=+p.getAttribute("width"),y=+p.getAttribute("y")+(+p.getAttribute("height"));'
              'var D=JSON.parse(document.getElementById("ap-data").textContent),t0=D.t0,t1=D.t1;return [r.left+(x0+(10.5-t0)*w/(t1-t0))*k, r.top+(y+10)*k, r.left+(x0+(20.5-t0)*w/(t1-t0))*k,'
              'r.top+(+p.getAttribute("y")+50)*k, r.left+(x0+(30.5-t0)*w/(t1-t0))*k]})()')
    b.mouse('mouseMoved', pt[0], pt[1])
    tip = b.js('[document.getElementById("steptip").hidden, document.getElementById("steptip").textContent]')
    check(not tip[0] and tip[1].startswith('step 10 \u00b7 op 9 '), label + ': hovering the axis at step 10 names '
                                                                         'op 9 (%r)' % tip[1])
    # drag from step 20 to step 30 inside the plot: both charts show steps 20-30
    b.mouse('mouseMoved', pt[2], pt[3])
    b.mouse('mousePressed', pt[2], pt[3], 'left', 1)
    b.mouse('mouseMoved', pt[4], pt[3], 'left')
    b.mouse('mouseReleased', pt[4], pt[3], 'left', 1)
    equal(b.js('document.documentElement.getAttribute("data-view")'), '20,31', label + ': dragging zooms on steps 20-30')
    equal(b.js('[document.querySelector("#timeline svg.plot").getAttribute("viewBox").split(" ")[0],'
               'document.querySelector("#live svg.plot").getAttribute("viewBox").split(" ")[0]]'), ['20', '20'],
          label + ': both charts zoomed')
    check(b.js('document.querySelector("#timeline g.xax text").textContent') == '20', label + ': the axis starts at 20')
    check(not b.js('document.getElementById("zoomnote").hidden'), label + ': the zoom is named, with a way back')
    for clicks in (1, 2):  # a real double click
        b.mouse('mousePressed', pt[2], pt[3], 'left', clicks)
        b.mouse('mouseReleased', pt[2], pt[3], 'left', clicks)
    equal(b.js('document.documentElement.getAttribute("data-view")'), '0,79', label + ': double-click shows every step')
    # the operators' table
    equal(b.js('document.querySelectorAll("#ops-table tbody tr").length'), len(js['ops']), label + ': a row per operator')
    equal(b.errors(), [], label + ': no script errors')
    b.call('Emulation.setDeviceMetricsOverride', {'width': 1200, 'height': 900, 'deviceScaleFactor': 1,
                                                  'mobile': False})


def human(v):
    if v < 1024:
        return '%d B' % v
    if v < 1024 * 1024:
        return '%.1f KiB' % (v / 1024)
    return '%.2f MiB' % (v / 1024 / 1024)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--cli', required=True)
    ap.add_argument('--src', required=True)
    ap.add_argument('--tmp', required=True)
    a = ap.parse_args()
    in_ci = bool(os.environ.get('CI'))
    chromium = cdp.find_chromium()
    missing = [what for what, ok in (('chromium (apt-get install chromium)', chromium),
                                     ('xmllint (apt-get install libxml2-utils)', shutil.which('xmllint'))) if not ok]
    if missing:
        print('report_browser: missing ' + ' and '.join(missing))
        return 1 if in_ci else 77
    os.makedirs(a.tmp, exist_ok=True)
    b = cdp.Browser(chromium)
    try:
        for test in (lambda: worked_example(b, a.cli, a.tmp), lambda: tflm_reference(b, a.cli, a.src, a.tmp),
                     lambda: tflite_model(b, a.cli, a.src, a.tmp), lambda: large(b, a.cli, a.tmp),
                     lambda: fits_the_page(b, a.cli, a.src, a.tmp)):
            try:
                test()
            except Exception:
                traceback.print_exc()
                FAILURES.append('exception')
    finally:
        b.close()
    if FAILURES:
        print('report_browser: %d failed' % len(FAILURES))
        return 1
    print('report_browser: all passed')
    return 0


if __name__ == '__main__':
    sys.exit(main())
