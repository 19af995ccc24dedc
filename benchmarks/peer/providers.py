"""Loopback providers for GPT Researcher: an OpenAI-compatible chat and embeddings API and
a search endpoint for its ``custom`` retriever, on 127.0.0.1 only. Standard library and the
tests' loopback server (``tests.fakes.serve``; ``run.py`` puts the project on the path).

* ``POST /v1/chat/completions``: answers after ``model_s`` (1.0 s in the benchmark), plain
  or streamed (server-sent events, with a final usage chunk so that GPT Researcher prices
  the call from the reported usage and never needs tiktoken's downloaded encodings). The
  "brain" reads which of GPT Researcher's prompts it got and answers in the format that
  prompt asks for: the agent choice as a JSON object, the sub-queries as a JSON list, the
  report as markdown built from the sources in the prompt.
* ``POST /v1/embeddings``: answers at once (no injected latency) with small vectors.
* ``GET /search?query=...``: answers after ``search_s`` (0.4 s) with the documents sharing
  a word with the query, each with its ``raw_content`` (the custom retriever's contract,
  ``requires_scraping = False``: GPT Researcher takes the content as given and fetches
  no page).
* Any other request (a scraper fetching a page, say) gets 404 and is recorded, so that
  the benchmark can show none happened.

Every request is recorded with its kind, the topic it belongs to (``site N`` in its text)
and its start and end times, so that the benchmark counts calls per system and reads
each topic's sequence of calls.
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

from tests.fakes import serve, stop

SITE = re.compile(r"\bsite (\d+)\b")


@dataclass
class Call:
    """One request as the server saw it."""

    kind: str  # model | embeddings | search | other
    step: str  # agent | subqueries | report | unknown | search | embeddings | other
    topic: int | None
    started: float
    ended: float = 0.0
    path: str = ""


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z]+", text.lower()) if len(w) > 3}


def _topic(text: str) -> int | None:
    match = SITE.search(text)
    return int(match.group(1)) if match else None


@dataclass
class PeerProviders:
    """The three endpoints on one threaded loopback server."""

    docs: list[dict[str, str]]
    model_s: float = 1.0
    search_s: float = 0.4
    calls: list[Call] = field(default_factory=list)
    _server: ThreadingHTTPServer | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def url(self) -> str:
        assert self._server is not None
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def count(self, kind: str) -> int:
        return sum(1 for c in self.calls if c.kind == kind)

    def _record(self, call: Call) -> Call:
        with self._lock:
            self.calls.append(call)
        return call

    # -- answers -----------------------------------------------------------------------

    def search(self, query: str) -> list[dict[str, str]]:
        """Documents sharing a word with the query (the project's fake Exa does the same)."""
        words = _words(query)
        site = _topic(query)
        hits = []
        for doc in self.docs:
            if words & _words(doc["title"] + " " + doc["text"]):
                # A topic's own copy of the page, so the four topics' sources differ.
                url = doc["url"] if site is None else f"{doc['url'].split('?')[0]}#site-{site}"
                hits.append({"url": url, "title": doc["title"], "raw_content": doc["text"]})
        return hits

    @staticmethod
    def step_of(messages: list[dict[str, Any]]) -> str:
        text = "\n".join(str(m.get("content") or "") for m in messages)
        if "agent_role_prompt" in text and "task:" in text:
            return "agent"
        if "search queries to research the following task" in text:
            return "subqueries"
        if "Using the above information, answer the following query or task" in text:
            return "report"
        return "unknown"

    def chat_answer(self, messages: list[dict[str, Any]], step: str) -> str:
        text = "\n".join(str(m.get("content") or "") for m in messages)
        if step == "agent":
            return json.dumps({
                "server": "🌊 Oceanography Agent",
                "agent_role_prompt": "You are an oceanographer AI research assistant. Your "
                                     "goal is to write objective, well-sourced reports on tides "
                                     "and coastal processes from the provided information."})
        if step == "subqueries":
            task = re.search(r'research the following task: "([^"]+)"', text)
            site = _topic(task.group(1) if task else text)
            n = int(m.group(1)) if (m := re.search(r"Write (\d+) search queries", text)) else 3
            where = f" at site {site}" if site is not None else ""
            queries = [f"What causes tides{where}", f"When do spring tides happen{where}",
                       f"What is the tidal range{where}"]
            queries += [f"Tides{where} explained {i}" for i in range(len(queries), n)]
            return json.dumps(queries[:n])
        if step == "report":
            return self._report(text)
        return "I have no answer for this prompt."

    def _report(self, prompt: str) -> str:
        question = re.search(r'answer the following query or task: "([^"]+)"', prompt)
        title = question.group(1) if question else "Report"
        info = prompt.split('Information: "', 1)[-1].split('"\n---', 1)[0]
        # GPT Researcher's pretty_print_docs: "Source: URL\nTitle: T\nContent: C\n".
        sources = re.findall(r"Source: (\S+)\nTitle: (.*)\nContent: (.*)", info)
        seen: dict[str, tuple[str, str]] = {}
        for url, name, content in sources:
            # The custom retriever passes no title on: name the source by its host.
            seen.setdefault(url, (name.strip() or urlsplit(url).netloc.lower(), content.strip()))
        lines = [f"# {title}", "", "## Findings", ""]
        for url, (name, content) in seen.items():
            lines.append(f"{content} ([{name}]({url}))")
            lines.append("")
        lines += ["## Conclusion", "",
                  "The sources agree: the Moon's gravity drives the tides, spring tides come "
                  "when Sun and Moon line up, and the range is the high-low difference.", "",
                  "## References", ""]
        lines += [f"- {name}. [{url}]({url})" for url, (name, _) in seen.items()]
        return "\n".join(lines) + "\n"

    # -- server ------------------------------------------------------------------------

    def __enter__(self) -> PeerProviders:
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:  # noqa: ARG002
                return None

            def _send(self, status: int, body: bytes,
                      ctype: str = "application/json") -> None:
                try:
                    self.send_response(status)
                    self.send_header("content-type", ctype)
                    self.send_header("content-length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    return

            def do_GET(self) -> None:  # noqa: N802 - the http.server API
                parts = urlsplit(self.path)
                if parts.path != "/search":
                    call = owner._record(Call("other", "other", None, time.time(),
                                              path=self.path))
                    self._send(404, b'{"error": "not served"}')
                    call.ended = time.time()
                    return
                query = parse_qs(parts.query).get("query", [""])[0]
                call = owner._record(Call("search", "search", _topic(query), time.time()))
                time.sleep(owner.search_s)
                body = json.dumps(owner.search(query)).encode()
                call.ended = time.time()
                self._send(200, body)

            def do_POST(self) -> None:  # noqa: N802 - the http.server API
                length = int(self.headers.get("content-length") or 0)
                raw = self.rfile.read(length) if length else b""
                try:
                    body = json.loads(raw) if raw else {}
                except json.JSONDecodeError:
                    body = {}
                path = urlsplit(self.path).path
                if path.endswith("/embeddings"):
                    owner._record(Call("embeddings", "embeddings", None, time.time(),
                                       time.time()))
                    self._send(200, json.dumps(_embeddings(body)).encode())
                    return
                if not path.endswith("/chat/completions"):
                    call = owner._record(Call("other", "other", None, time.time(),
                                              path=self.path))
                    self._send(404, b'{"error": "not served"}')
                    call.ended = time.time()
                    return
                messages = body.get("messages") or []
                step = owner.step_of(messages)
                # The topic's question is the first "site N" of the user's messages (the
                # system message holds only the agent prompt's examples).
                asked = "\n".join(str(m.get("content") or "") for m in messages
                                   if m.get("role") == "user")
                text = "\n".join(str(m.get("content") or "") for m in messages)
                call = owner._record(Call("model", step, _topic(asked), time.time()))
                time.sleep(owner.model_s)
                answer = owner.chat_answer(messages, step)
                prompt_tokens, output_tokens = len(text) // 4, len(answer) // 4
                usage = {"prompt_tokens": prompt_tokens, "completion_tokens": output_tokens,
                         "total_tokens": prompt_tokens + output_tokens}
                call.ended = time.time()
                if body.get("stream"):
                    self._stream(body, answer, usage)
                else:
                    self._send(200, json.dumps(_completion(body, answer, usage)).encode())

            def _stream(self, body: dict, answer: str, usage: dict) -> None:
                chunks = [_chunk(body, {"role": "assistant", "content": ""})]
                chunks += [_chunk(body, {"content": piece}) for piece in _pieces(answer)]
                chunks.append(_chunk(body, {}, finish="stop"))
                if (body.get("stream_options") or {}).get("include_usage"):
                    last = _chunk(body, None)
                    last["usage"] = usage
                    chunks.append(last)
                payload = "".join(f"data: {json.dumps(c)}\n\n" for c in chunks)
                self._send(200, (payload + "data: [DONE]\n\n").encode(), "text/event-stream")

        self._server = serve(Handler)
        return self

    def __exit__(self, *exc: object) -> None:
        assert self._server is not None
        stop(self._server)


def _pieces(text: str) -> Iterable[str]:
    yield from text.splitlines(keepends=True)


def _chunk(body: dict, delta: dict | None, finish: str | None = None) -> dict:
    return {"id": "chatcmpl-peer", "object": "chat.completion.chunk",
            "created": int(time.time()), "model": body.get("model", "loopback"),
            "choices": [] if delta is None else
            [{"index": 0, "delta": delta, "finish_reason": finish}]}


def _completion(body: dict, answer: str, usage: dict) -> dict:
    return {"id": "chatcmpl-peer", "object": "chat.completion", "created": int(time.time()),
            "model": body.get("model", "loopback"),
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": answer}}],
            "usage": usage}


def _embeddings(body: dict) -> dict:
    inputs = body.get("input") or []
    if isinstance(inputs, str | int) or (inputs and isinstance(inputs[0], int)):
        inputs = [inputs]
    data = []
    for i, item in enumerate(inputs):
        digest = hashlib.sha256(json.dumps(item).encode()).digest()
        data.append({"object": "embedding", "index": i,
                     "embedding": [b / 255 for b in digest[:16]]})
    return {"object": "list", "data": data, "model": body.get("model", "loopback"),
            "usage": {"prompt_tokens": 0, "total_tokens": 0}}
