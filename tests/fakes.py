"""Loopback HTTP servers that speak the wire formats of Gemini, OpenAI-compatible chat
completions and Exa, driven by the real SDKs in tests. Nothing leaves 127.0.0.1.

A server answers each request with a ``Responder``: a function of the parsed request that
returns (status, headers, body). ``faults`` is a queue of canned failures served first.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

Reply = tuple[int, dict[str, str], bytes]


@dataclass
class Request:
    """One request as the server saw it."""

    method: str
    path: str
    headers: dict[str, str]
    body: Any


@dataclass
class FakeServer:
    """A threaded loopback server; ``responder`` decides every answer."""

    responder: Callable[[Request], Reply]
    latency_s: float = 0.0
    requests: list[Request] = field(default_factory=list)
    faults: list[Reply | str] = field(default_factory=list)
    _server: ThreadingHTTPServer | None = None

    @property
    def url(self) -> str:
        assert self._server is not None
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def __enter__(self) -> FakeServer:
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                return None

            def do_POST(self) -> None:  # noqa: N802 - the http.server API
                length = int(self.headers.get("content-length") or 0)
                raw = self.rfile.read(length) if length else b""
                try:
                    body = json.loads(raw) if raw else None
                except json.JSONDecodeError:
                    body = raw.decode("utf-8", "replace")
                headers = {k.lower(): v for k, v in self.headers.items()}
                request = Request("POST", self.path, headers, body)
                owner.requests.append(request)
                if owner.latency_s:
                    time.sleep(owner.latency_s)
                fault = owner.faults.pop(0) if owner.faults else None
                if fault == "timeout":
                    time.sleep(3.0)
                    return
                status, headers, payload = fault if isinstance(fault, tuple) else (
                    owner.responder(request))
                try:
                    self.send_response(status)
                    headers = {"content-type": "application/json", **headers}
                    for key, value in headers.items():
                        self.send_header(key, value)
                    self.send_header("content-length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    return  # the client gave up (a timeout) or was killed

        self._server = serve(Handler)
        return self

    def __exit__(self, *exc: object) -> None:
        assert self._server is not None
        stop(self._server)


class _Server(ThreadingHTTPServer):
    # A provider takes every connection a client opens at once. The standard library's
    # backlog of 5 does not: 100 topics' first requests overflow it, and the kernel drops
    # the rest (their clients retry after a second) or resets them.
    request_queue_size = 1024


def serve(handler: type[BaseHTTPRequestHandler]) -> ThreadingHTTPServer:
    """A threaded server on a free loopback port, answering from a daemon thread."""
    server = _Server(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def stop(server: ThreadingHTTPServer) -> None:
    """Stop serving and close the listening socket."""
    server.shutdown()
    server.server_close()


def json_reply(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> Reply:
    return status, headers or {}, json.dumps(data).encode()


def error_reply(status: int, message: str, headers: dict[str, str] | None = None) -> Reply:
    return json_reply({"error": {"code": status, "message": message, "status": "ERROR"}},
                      status, headers)


# -- wire formats ------------------------------------------------------------------------


def gemini_function_call(name: str, args: dict, prompt_tokens: int = 100,
                         output_tokens: int = 50) -> Reply:
    """A generateContent response whose one part is a function call."""
    return json_reply({
        "candidates": [{"content": {"role": "model", "parts": [
            {"functionCall": {"name": name, "args": args}}]}, "finishReason": "STOP",
            "index": 0}],
        "usageMetadata": {"promptTokenCount": prompt_tokens,
                          "candidatesTokenCount": output_tokens,
                          "totalTokenCount": prompt_tokens + output_tokens},
        "modelVersion": "fake",
    })


def gemini_text(text: str) -> Reply:
    """A generateContent response with plain text (for JSON modes or malformed output)."""
    return json_reply({
        "candidates": [{"content": {"role": "model", "parts": [{"text": text}]},
                        "finishReason": "STOP", "index": 0}],
        "usageMetadata": {"promptTokenCount": 10, "candidatesTokenCount": 5,
                          "totalTokenCount": 15},
    })


def openai_tool_call(name: str, args: dict, prompt_tokens: int = 100,
                     output_tokens: int = 50) -> Reply:
    """A chat.completions response with one tool call."""
    return json_reply({
        "id": "chatcmpl-fake", "object": "chat.completion", "created": int(time.time()),
        "model": "fake",
        "choices": [{"index": 0, "finish_reason": "tool_calls", "message": {
            "role": "assistant", "content": None, "tool_calls": [{
                "id": "call_1", "type": "function",
                "function": {"name": name, "arguments": json.dumps(args)}}]}}],
        "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": output_tokens,
                  "total_tokens": prompt_tokens + output_tokens},
    })


def openai_content(content: str, prompt_tokens: int = 100, output_tokens: int = 50,
                   finish_reason: str = "stop") -> Reply:
    """A chat.completions response whose message is text (JSON modes, or plain prose)."""
    return json_reply({
        "id": "chatcmpl-fake", "object": "chat.completion", "created": int(time.time()),
        "model": "fake",
        "choices": [{"index": 0, "finish_reason": finish_reason,
                     "message": {"role": "assistant", "content": content}}],
        "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": output_tokens,
                  "total_tokens": prompt_tokens + output_tokens},
    })


def exa_results(results: list[dict], cost: float = 0.005) -> Reply:
    """An Exa /search response."""
    return json_reply({"requestId": "req-fake", "resolvedSearchType": "neural",
                       "results": results, "costDollars": {"total": cost}})


class Faulty:
    """Answers a seeded share of requests with 429 or 500, the rest with ``responder``."""

    def __init__(self, responder: Callable[[Request], Reply], rate: float, seed: int = 7,
                 echo: str = "") -> None:
        import random

        self.responder, self.rate, self.echo = responder, rate, echo
        self.rng = random.Random(seed)
        self.lock = threading.Lock()
        self.faults = 0

    def __call__(self, request: Request) -> Reply:
        with self.lock:
            draw = self.rng.random()
            if draw < self.rate:
                self.faults += 1
        if draw < self.rate / 2:
            return error_reply(429, f"slow down {self.echo}".strip(), {"retry-after": "0"})
        if draw < self.rate:
            return error_reply(500, f"internal error {self.echo}".strip())
        return self.responder(request)
