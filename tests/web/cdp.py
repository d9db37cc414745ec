"""tests/web/cdp.py: headless Chromium driven over the DevTools protocol, standard library only.

Used by tests/web/test_browser.py (and tests/web/screenshots.py). Starts Debian's
`chromium` (or $CHROMIUM) headless with a private profile, connects to its
page over a minimal WebSocket client (RFC 6455: text frames, masked from the
client, fragmentation, ping/pong, close) and offers what the test needs:
navigate, evaluate JavaScript, wait for a condition, click, type, press keys
and take screenshots.
"""

import base64
import json
import os
import shutil
import socket
import struct
import subprocess
import tempfile
import time
import urllib.parse
import urllib.request


def find_chromium():
    for name in (os.environ.get("CHROMIUM"), "chromium", "chromium-browser", "google-chrome"):
        if name and shutil.which(name):
            return shutil.which(name)
    return None


class WebSocket:
    """Just enough of a WebSocket client for the DevTools protocol."""

    def __init__(self, url, timeout=30):
        parts = urllib.parse.urlsplit(url)
        self.sock = socket.create_connection((parts.hostname, parts.port), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        path = parts.path + ("?" + parts.query if parts.query else "")
        request = (f"GET {path} HTTP/1.1\r\nHost: {parts.hostname}:{parts.port}\r\n"
                   "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                   f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
        self.sock.sendall(request.encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("the browser closed the connection during the handshake")
            head += chunk
        head, self.buffer = head.split(b"\r\n\r\n", 1)
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise ConnectionError("no WebSocket upgrade: " + head.decode(errors="replace"))

    def _read(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("the browser closed the connection")
            self.buffer += chunk
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def send(self, text, opcode=1):
        payload = text.encode() if isinstance(text, str) else text
        header = bytes([0x80 | opcode])
        n = len(payload)
        if n < 126:
            header += bytes([0x80 | n])
        elif n < 65536:
            header += bytes([0x80 | 126]) + struct.pack(">H", n)
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", n)
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(header + mask + masked)

    def receive(self):
        """The next whole text message."""
        message = b""
        while True:
            b0, b1 = self._read(2)
            opcode, n = b0 & 0x0F, b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._read(8))[0]
            mask = self._read(4) if b1 & 0x80 else None
            payload = self._read(n)
            if mask:
                payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
            if opcode == 9:  # ping
                self.send(payload, opcode=10)
                continue
            if opcode == 8:
                raise ConnectionError("the browser closed the WebSocket")
            if opcode in (0, 1, 2):
                message += payload
                if b0 & 0x80:
                    return message.decode("utf-8", errors="replace")

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


class Browser:
    """One headless Chromium with one page."""

    def __init__(self, width=1400, height=1000, lang="en-US"):
        binary = find_chromium()
        if not binary:
            raise FileNotFoundError("chromium")
        self.profile = tempfile.mkdtemp(prefix="cudajudge-chromium-")
        argv = [binary, "--headless=new", "--remote-debugging-port=0",
                f"--user-data-dir={self.profile}", "--no-first-run", "--no-default-browser-check",
                "--disable-gpu", "--disable-extensions", "--disable-background-networking",
                "--disable-sync", "--disable-component-update", "--no-proxy-server",
                f"--window-size={width},{height}", f"--lang={lang}", "about:blank"]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            argv.insert(1, "--no-sandbox")  # Chromium refuses to start as root otherwise
        self.process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        port = self._debugging_port()
        page = self._page_target(port)
        self.ws = WebSocket(page["webSocketDebuggerUrl"])
        self.next_id = 0
        self.events = []
        self.call("Page.enable")
        self.call("Runtime.enable")
        self.call("Emulation.setDeviceMetricsOverride", width=width, height=height,
                  deviceScaleFactor=1, mobile=False)
        # navigator.language (headless Chromium does not take it from --lang)
        agent = self.call("Browser.getVersion")["userAgent"]
        self.call("Emulation.setUserAgentOverride", userAgent=agent, acceptLanguage=lang)

    def _debugging_port(self):
        marker = os.path.join(self.profile, "DevToolsActivePort")
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError("chromium exited: " + self.process.stderr.read().decode(
                    errors="replace")[-2000:])
            try:
                with open(marker) as source:
                    first = source.readline().strip()
                if first:
                    return int(first)
            except (OSError, ValueError):
                pass
            time.sleep(0.1)
        raise RuntimeError("chromium did not open its DevTools port within 60 s")

    @staticmethod
    def _page_target(port):
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=10) as r:
                targets = json.load(r)
            pages = [t for t in targets if t.get("type") == "page"]
            if pages:
                return pages[0]
            time.sleep(0.2)
        raise RuntimeError("chromium shows no page")

    def call(self, method, **params):
        self.next_id += 1
        number = self.next_id
        self.ws.send(json.dumps({"id": number, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.receive())
            if message.get("id") == number:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            self.events.append(message)
            del self.events[:-500]

    def evaluate(self, expression, await_promise=True):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True,
                           awaitPromise=await_promise)
        if result.get("exceptionDetails"):
            details = result["exceptionDetails"]
            text = details.get("exception", {}).get("description") or details.get("text")
            raise RuntimeError(f"JavaScript failed: {text}")
        return result.get("result", {}).get("value")

    def wait_for(self, expression, timeout=60, what=None):
        """Polls a JavaScript expression until it is truthy; returns its value."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.evaluate(expression)
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(f"waited {timeout} s for {what or expression}")
            time.sleep(0.2)

    def navigate(self, url):
        self.call("Page.navigate", url=url)

    def click(self, selector):
        box = self.evaluate(f"""(() => {{ const e = document.querySelector({json.dumps(selector)});
            if (!e) return null; e.scrollIntoView({{block: 'center'}});
            const r = e.getBoundingClientRect();
            return [r.x + r.width / 2, r.y + r.height / 2]; }})()""")
        if not box:
            raise LookupError(f"nothing on the page matches {selector}")
        x, y = box
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left",
                      clickCount=1)

    def key(self, key, code=None, keycode=0, modifiers=0):
        """A key press (modifiers: 2 Ctrl, 8 Shift)."""
        for kind in ("rawKeyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", type=kind, key=key, code=code or key,
                      windowsVirtualKeyCode=keycode, modifiers=modifiers)

    def type_text(self, text):
        self.call("Input.insertText", text=text)

    def screenshot(self, path, full=False):
        """The viewport, or with full the whole page."""
        if full:
            width, height = self.evaluate("[document.documentElement.scrollWidth, "
                                          "document.documentElement.scrollHeight]")
            data = self.call("Page.captureScreenshot", format="png", captureBeyondViewport=True,
                             clip={"x": 0, "y": 0, "width": width, "height": height,
                                   "scale": 1})
        else:
            data = self.call("Page.captureScreenshot", format="png", captureBeyondViewport=False)
        with open(path, "wb") as out:
            out.write(base64.b64decode(data["data"]))

    def close(self):
        try:
            self.call("Browser.close")
        except Exception:
            pass
        self.ws.close()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)
