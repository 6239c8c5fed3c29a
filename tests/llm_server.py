"""A small OpenAI-compatible chat server on 127.0.0.1 for the LLM engine's tests.

It answers with what a test scripted: a JSON reply, a tool call, plain text, an HTTP error
status, a delay, an answer trickled a byte at a time, a chunked body that never ends, or no
choices at all; or, with a
``responder``, with whatever that function makes of the request (``tests.gold_model`` replays
benchmark gold SQL this way). A request for ``n`` choices gets ``n``.
The real litellm client talks to it over HTTP, so what is tested is the
request a provider would see and the handling of what a provider sends back.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # else every keep-alive request waits about 40 ms

    def log_message(self, *args: object) -> None:  # quiet test output
        pass

    def do_POST(self) -> None:  # noqa: N802 - the name http.server calls
        server: ScriptedServer = self.server.owner  # type: ignore[attr-defined]
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
        with server.lock:
            server.requests.append(body)
            actions = server.next_actions(body)
        trickle = 0.0
        if actions and actions[0][0] == "sleep":
            time.sleep(actions[0][1])
            actions = [actions[0][2]]
        if actions and actions[0][0] == "trickle":  # the answer, one byte at a time
            trickle, actions = actions[0][1], [actions[0][2]]
        if actions and actions[0][0] == "endless":  # a 200 whose chunked body goes on until the client leaves
            self._endless(actions[0][1])
            return
        if actions and actions[0][0] == "status":
            self._send(actions[0][1], {"error": {"message": actions[0][2], "type": "error", "code": actions[0][1]}})
            return
        self._send(200, {
            "id": "chatcmpl-test", "object": "chat.completion", "created": 0, "model": body.get("model", "test"),
            "choices": [_choice(n, action) for n, action in enumerate(actions)],
            "usage": {"prompt_tokens": 120 * len(actions), "completion_tokens": 30 * len(actions),
                      "total_tokens": 150 * len(actions)},
        }, trickle)

    def _send(self, status: int, payload: dict[str, Any], trickle: float = 0.0) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if not trickle:
            self.wfile.write(data)
            return
        try:
            for byte in data:
                self.wfile.write(bytes([byte]))
                self.wfile.flush()
                time.sleep(trickle)
        except OSError:  # the client stopped listening
            self.server.owner.dropped.set()  # type: ignore[attr-defined]

    def _endless(self, interval: float) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        try:
            self.wfile.write(b'1\r\n{\r\n')
            while True:
                self.wfile.write(b'4\r\n    \r\n')
                self.wfile.flush()
                time.sleep(interval)
        except OSError:  # the client stopped listening: what a bounded client does
            self.server.owner.dropped.set()  # type: ignore[attr-defined]


def _choice(index: int, action: tuple) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": None}
    if action[0] == "json":
        message["content"] = json.dumps(action[1])
    elif action[0] == "text":
        message["content"] = action[1]
    elif action[0] == "tool":
        message["tool_calls"] = [{"id": f"call_{index}", "type": "function",
                                  "function": {"name": action[1], "arguments": json.dumps(action[2])}}]
    return {"index": index, "message": message, "finish_reason": "tool_calls" if action[0] == "tool" else "stop"}


class ScriptedServer:
    def __init__(self, responder: Callable[[dict[str, Any]], list[tuple]] | None = None) -> None:
        self.replies: deque[tuple] = deque()
        self.requests: list[dict[str, Any]] = []
        self.responder = responder  # answers what the script does not: one action per requested choice
        self.lock = threading.Lock()
        self.dropped = threading.Event()  # a client hung up on a trickled or endless answer
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
        self._httpd.daemon_threads = True
        self._httpd.owner = self  # type: ignore[attr-defined]
        # stop() returns within one poll: serve_forever's default (0.5 s) cost every test half a second
        self._thread = threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": 0.02},
                                        daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._httpd.server_address[1]}/v1"

    def start(self) -> ScriptedServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()

    def next_actions(self, body: dict[str, Any]) -> list[tuple]:
        """What to answer: scripted replies first (one per choice asked for), then the responder."""
        n = int(body.get("n") or 1)
        if self.replies:
            return [self.replies.popleft() for _ in range(min(n, len(self.replies)))]
        if self.responder is not None:
            return self.responder(body)
        return [("text", "")]

    def reply_sql(self, sql: str, **extra: Any) -> None:
        self.replies.append(("json", {"sql": sql, "explanation": extra.pop("explanation", "Model query."),
                                      "confidence": extra.pop("confidence", 0.9), **extra}))

    def prompt_text(self, n: int = -1) -> str:
        return "\n".join(str(m.get("content")) for m in self.requests[n]["messages"])
