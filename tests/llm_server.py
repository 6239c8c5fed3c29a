"""A small OpenAI-compatible chat server on 127.0.0.1 for the LLM engine's tests.

It answers with what a test scripted: a JSON reply, a tool call, plain text, an HTTP error
status, or a delay. The real litellm client talks to it over HTTP, so what is tested is the
request a provider would see and the handling of what a provider sends back.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
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
        server.requests.append(body)
        action = server.replies.popleft() if server.replies else ("text", "")
        if action[0] == "sleep":
            time.sleep(action[1])
            action = action[2]
        if action[0] == "status":
            self._send(action[1], {"error": {"message": action[2], "type": "error", "code": action[1]}})
            return
        message: dict[str, Any] = {"role": "assistant", "content": None}
        if action[0] == "json":
            message["content"] = json.dumps(action[1])
        elif action[0] == "text":
            message["content"] = action[1]
        elif action[0] == "tool":
            message["tool_calls"] = [{"id": "call_1", "type": "function",
                                      "function": {"name": action[1], "arguments": json.dumps(action[2])}}]
        self._send(200, {
            "id": "chatcmpl-test", "object": "chat.completion", "created": 0, "model": body.get("model", "test"),
            "choices": [{"index": 0, "message": message,
                         "finish_reason": "tool_calls" if action[0] == "tool" else "stop"}],
            "usage": {"prompt_tokens": 120, "completion_tokens": 30, "total_tokens": 150},
        })

    def _send(self, status: int, payload: dict[str, Any]) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


class ScriptedServer:
    def __init__(self) -> None:
        self.replies: deque[tuple] = deque()
        self.requests: list[dict[str, Any]] = []
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
        self._httpd.daemon_threads = True
        self._httpd.owner = self  # type: ignore[attr-defined]
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._httpd.server_address[1]}/v1"

    def start(self) -> ScriptedServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()

    def reply_sql(self, sql: str, **extra: Any) -> None:
        self.replies.append(("json", {"sql": sql, "explanation": extra.pop("explanation", "Model query."),
                                      "confidence": extra.pop("confidence", 0.9), **extra}))

    def prompt_text(self, n: int = -1) -> str:
        return "\n".join(str(m.get("content")) for m in self.requests[n]["messages"])
