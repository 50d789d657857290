"""cdp.py - drive headless Chromium through the DevTools protocol, standard library only.

Chromium is started with --remote-debugging-pipe: it reads commands from its fd 3 and writes
replies and events to its fd 4, each a JSON message ended by a NUL byte. No npm, no websocket
library: Debian's chromium package and python3 are all the tests need."""
import base64
import json
import os
import select
import shutil
import subprocess
import tempfile
import time
import zlib


def find_chromium():
    """The browser to use: $CHROMIUM, else the first of the usual names on PATH, else None."""
    env = os.environ.get('CHROMIUM')
    if env:
        return env
    for name in ('chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'):
        path = shutil.which(name)
        if path:
            return path
    return None


class Browser:
    def __init__(self, binary, width=1200, height=900):
        self.profile = tempfile.mkdtemp(prefix='ap_chromium_')
        to_child_r, self._to_child_w = os.pipe()
        self._from_child_r, from_child_w = os.pipe()
        keep = (to_child_r, from_child_w)

        def wire_fds():
            # fds 3 and 4 in the child, whatever numbers the pipes got in the parent
            a, b = os.dup(keep[0]), os.dup(keep[1])
            os.dup2(a, 3)
            os.dup2(b, 4)
            for fd in (a, b, self._to_child_w, self._from_child_r) + keep:
                if fd > 4:
                    os.close(fd)

        args = [binary, '--headless', '--disable-gpu', '--remote-debugging-pipe', '--no-first-run',
                '--no-default-browser-check', '--disable-extensions', '--hide-scrollbars',
                '--allow-file-access-from-files', '--user-data-dir=' + self.profile,
                '--window-size=%d,%d' % (width, height)]
        if hasattr(os, 'geteuid') and os.geteuid() == 0:
            args.append('--no-sandbox')  # Chromium refuses to run as root with its sandbox
        self.proc = subprocess.Popen(args + ['about:blank'], preexec_fn=wire_fds, close_fds=False,
                                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        os.close(to_child_r)
        os.close(from_child_w)
        self._buf = b''
        self._next_id = 0
        self.events = []
        self.session = None
        target = self.call('Target.createTarget', {'url': 'about:blank'}, session=False)['targetId']
        self.session = self.call('Target.attachToTarget', {'targetId': target, 'flatten': True},
                                 session=False)['sessionId']
        for domain in ('Page', 'Runtime', 'Log'):
            self.call(domain + '.enable')
        self.call('Emulation.setDeviceMetricsOverride',
                  {'width': width, 'height': height, 'deviceScaleFactor': 1, 'mobile': False})

    def _read_message(self, deadline):
        while b'\0' not in self._buf:
            left = deadline - time.time()
            if left <= 0:
                raise TimeoutError('no answer from chromium')
            ready, _, _ = select.select([self._from_child_r], [], [], left)
            if ready:
                chunk = os.read(self._from_child_r, 1 << 20)
                if not chunk:
                    raise RuntimeError('chromium closed the DevTools pipe (did it crash?)')
                self._buf += chunk
        msg, self._buf = self._buf.split(b'\0', 1)
        return json.loads(msg)

    def call(self, method, params=None, session=True, timeout=60):
        self._next_id += 1
        msg = {'id': self._next_id, 'method': method, 'params': params or {}}
        if session and self.session:
            msg['sessionId'] = self.session
        data = json.dumps(msg).encode() + b'\0'
        while data:
            data = data[os.write(self._to_child_w, data):]
        deadline = time.time() + timeout
        while True:
            reply = self._read_message(deadline)
            if reply.get('id') == self._next_id:
                if 'error' in reply:
                    raise RuntimeError('%s: %s' % (method, reply['error']))
                return reply.get('result', {})
            if 'method' in reply:
                self.events.append(reply)

    def wait_event(self, method, timeout=60):
        deadline = time.time() + timeout
        while True:
            for i, ev in enumerate(self.events):
                if ev['method'] == method:
                    return self.events.pop(i)
            self.events.append(self._read_message(deadline))

    def open(self, url):
        self.events = [e for e in self.events if e['method'] != 'Page.loadEventFired']
        self.call('Page.navigate', {'url': url})
        self.wait_event('Page.loadEventFired')

    def js(self, expression):
        """The value of a JavaScript expression (JSON-able); raises on a JavaScript exception."""
        r = self.call('Runtime.evaluate', {'expression': expression, 'returnByValue': True,
                                           'awaitPromise': True})
        if 'exceptionDetails' in r:
            raise RuntimeError('JavaScript error in %r: %s' % (expression, r['exceptionDetails']))
        return r['result'].get('value')

    def mouse(self, kind, x, y, button='none', clicks=0):
        self.call('Input.dispatchMouseEvent', {'type': kind, 'x': x, 'y': y, 'button': button,
                                               'clickCount': clicks})

    def click(self, x, y):
        self.mouse('mouseMoved', x, y)
        self.mouse('mousePressed', x, y, 'left', 1)
        self.mouse('mouseReleased', x, y, 'left', 1)

    def errors(self):
        """Script errors and console errors seen so far, as text."""
        out = []
        for ev in self.events:
            m, p = ev['method'], ev.get('params', {})
            if m == 'Runtime.exceptionThrown':
                d = p.get('exceptionDetails', {})
                out.append('exception: %s %s' % (d.get('text'), d.get('exception', {}).get('description')))
            elif m == 'Runtime.consoleAPICalled' and p.get('type') in ('error', 'assert'):
                out.append('console.%s: %s' % (p['type'], [a.get('value') for a in p.get('args', [])]))
            elif m == 'Log.entryAdded' and p.get('entry', {}).get('level') == 'error':
                out.append('log: %s' % p['entry'].get('text'))
        return out

    def screenshot(self, full_page=True):
        params = {'format': 'png'}
        if full_page:
            params['captureBeyondViewport'] = True
            size = self.js('[document.documentElement.scrollWidth, document.documentElement.scrollHeight]')
            params['clip'] = {'x': 0, 'y': 0, 'width': size[0], 'height': size[1], 'scale': 1}
        return base64.b64decode(self.call('Page.captureScreenshot', params)['data'])

    def close(self):
        try:
            self.call('Browser.close', session=False, timeout=10)
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        for fd in (self._to_child_w, self._from_child_r):
            try:
                os.close(fd)
            except OSError:
                pass
        shutil.rmtree(self.profile, ignore_errors=True)


def png_pixels(data):
    """(width, height, rows of (r, g, b) tuples) of an 8-bit RGB or RGBA non-interlaced PNG."""
    if data[:8] != b'\x89PNG\r\n\x1a\n':
        raise ValueError('not a PNG')
    pos, idat, width = 8, b'', None
    while pos < len(data):
        n = int.from_bytes(data[pos:pos + 4], 'big')
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
        pos += 12 + n
        if kind == b'IHDR':
            width, height = int.from_bytes(body[0:4], 'big'), int.from_bytes(body[4:8], 'big')
            depth, ctype, interlace = body[8], body[9], body[12]
            if depth != 8 or ctype not in (2, 6) or interlace:
                raise ValueError('unsupported PNG: depth %d colour type %d' % (depth, ctype))
            bpp = 3 if ctype == 2 else 4
        elif kind == b'IDAT':
            idat += body
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(height):
        f, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if f == 1:
                line[x] = (line[x] + a) & 255
            elif f == 2:
                line[x] = (line[x] + b) & 255
            elif f == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x:x + 3]) for x in range(0, stride, bpp)])
        prev = line
    return width, height, rows
